import { DEFAULT_TIMEZONE } from '@domain/constants';

/** The zone this browser is in, else UTC (the product's default) when it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/**
 * The zone times are shown in (ARCHITECTURE "Decisions"): the user's own setting, else the
 * browser's, else UTC. Decided here once, so no screen falls back differently from another.
 */
export function viewerTimeZone(setting: string | null | undefined): string {
  return setting || browserTimeZone();
}

/** A zone as people read it in a sentence: "America/New York", not "America/New_York". */
export function readableTimeZone(timeZone: string): string {
  return timeZone.replaceAll('_', ' ');
}

let names: string[] | undefined;

/** Every IANA zone the browser knows, sorted, with UTC (Chromium leaves it out of its list). */
export function timeZoneNames(): string[] {
  names ??= [...new Set([...Intl.supportedValuesOf('timeZone'), DEFAULT_TIMEZONE])].sort();
  return names;
}

const offsetLabels = new Map<string, string>();

/** "GMT-5" for a zone right now (remembered for the page's life); empty when unknown. */
export function currentOffsetLabel(timeZone: string): string {
  let label = offsetLabels.get(timeZone);
  if (label === undefined) {
    label = offsetLabelAt(timeZone, new Date());
    offsetLabels.set(timeZone, label);
  }
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
export function filterTimeZones(zones: readonly string[], search: string): string[] {
  const needle = search.trim().toLowerCase().replaceAll(' ', '_');
  if (!needle) return [...zones];
  // A city that starts with what was typed ranks first, then any part of the name that does.
  const rank = (zone: string) => {
    const lower = zone.toLowerCase();
    if (lower.slice(lower.lastIndexOf('/') + 1).startsWith(needle)) return 0;
    return lower.split('/').some((part) => part.startsWith(needle)) ? 1 : 2;
  };
  return zones
    .filter((zone) => zone.toLowerCase().includes(needle))
    .map((zone) => ({ zone, rank: rank(zone) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ zone }) => zone);
}
