let cached: string[] | undefined;

/** Every IANA zone the browser knows, sorted, with UTC (Chromium leaves it out of its list). */
export function timeZoneNames(): string[] {
  cached ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();
  return cached;
}

const offsetLabels = new Map<string, string>();

/** "GMT-5" for a zone right now (remembered for the page's life); empty when unknown. */
export function currentOffsetLabel(timeZone: string): string {
  let label = offsetLabels.get(timeZone);
  if (label === undefined)
    offsetLabels.set(timeZone, (label = offsetLabelAt(timeZone, new Date())));
  return label;
}

function offsetLabelAt(timeZone: string, now: Date): string {
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

/** Matches "new york", "new_york" and "America/New" alike. */
export function filterTimeZones(names: readonly string[], search: string): string[] {
  const needle = search.trim().toLowerCase().replaceAll(' ', '_');
  if (!needle) return [...names];
  // A city that starts with what was typed ranks first, then any part of the name that does.
  const rank = (name: string) => {
    const lower = name.toLowerCase();
    if (lower.slice(lower.lastIndexOf('/') + 1).startsWith(needle)) return 0;
    return lower.split('/').some((part) => part.startsWith(needle)) ? 1 : 2;
  };
  return names
    .filter((name) => name.toLowerCase().includes(needle))
    .map((name) => ({ name, rank: rank(name) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ name }) => name);
}
