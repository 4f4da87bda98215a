export interface TimeZoneOption {
  value: string;
  label: string;
}

function offsetLabel(timeZone: string, now: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      timeZoneName: 'shortOffset',
    }).formatToParts(now);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

let cached: TimeZoneOption[] | undefined;

/**
 * Every IANA zone the browser knows, with its current offset ("America/New_York (GMT-5)").
 * `extra` keeps a stored value selectable even when the browser lists it under another name.
 */
export function timeZoneOptions(extra: readonly string[] = [], now = new Date()): TimeZoneOption[] {
  cached ??= (() => {
    const zones = new Set(Intl.supportedValuesOf('timeZone'));
    // Chromium leaves UTC out of its list, yet it is the product's default zone.
    zones.add('UTC');
    return [...zones].sort().map((value) => {
      const offset = offsetLabel(value, now);
      return { value, label: offset ? `${value} (${offset})` : value };
    });
  })();
  const missing = extra.filter((zone) => zone && !cached!.some((option) => option.value === zone));
  return missing.length === 0
    ? cached
    : [...missing.map((value) => ({ value, label: value })), ...cached];
}
