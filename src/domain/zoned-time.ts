import { tzOffset } from '@date-fns/tz/tzOffset';

/** Instants as they arrive: Date objects, epoch milliseconds or ISO 8601 strings. */
export type DateInput = Date | string | number;

/** A calendar date with no zone attached, written 'YYYY-MM-DD'. */
export type DateKey = string;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const MINUTES_PER_DAY = 24 * 60;

const DATE_KEY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

// Building an Intl.DateTimeFormat costs tens of microseconds; slot generation asks per agent.
const knownTimeZones = new Set<string>();

export function isValidTimeZone(timeZone: string): boolean {
  if (knownTimeZones.has(timeZone)) return true;
  // Intl is what every formatter and tzOffset call consults in the end, so it is the judge.
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    return false;
  }
  knownTimeZones.add(timeZone);
  return true;
}

export function assertTimeZone(timeZone: string): void {
  if (!isValidTimeZone(timeZone)) throw new RangeError(`Unknown time zone: ${timeZone}`);
}

export function parseDateKey(key: DateKey): { year: number; month: number; day: number } | null {
  const match = DATE_KEY_PATTERN.exec(key);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC silently rolls 2026-02-30 into March; a round trip catches it.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1) return null;
  if (probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

function requireDateKey(key: DateKey) {
  const parts = parseDateKey(key);
  if (!parts) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${key}`);
  return parts;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

export function toDateKey(year: number, month: number, day: number): DateKey {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Calendar arithmetic on zone-less dates; no instant is involved, so no offset either. */
export function addDaysToKey(key: DateKey, days: number): DateKey {
  const { year, month, day } = requireDateKey(key);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return toDateKey(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** 0 = Sunday … 6 = Saturday, as on every calendar. */
export function weekdayOfKey(key: DateKey): number {
  const { year, month, day } = requireDateKey(key);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Every date from `first` to `last`, both included, with its weekday; one parse for the lot. */
export function eachDateKey(
  first: DateKey,
  last: DateKey,
): Array<{ key: DateKey; weekday: number }> {
  const start = requireDateKey(first);
  requireDateKey(last);
  const days: Array<{ key: DateKey; weekday: number }> = [];
  for (let offset = 0; ; offset++) {
    const day = new Date(Date.UTC(start.year, start.month - 1, start.day + offset));
    const key = toDateKey(day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate());
    if (compareDateKeys(key, last) > 0) return days;
    days.push({ key, weekday: day.getUTCDay() });
  }
}

export function compareDateKeys(a: DateKey, b: DateKey): number {
  // Zero-padded keys sort chronologically as plain strings.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The calendar date an instant falls on for someone living in `timeZone`. */
export function localDateKeyOf(instant: Date | number, timeZone: string): DateKey {
  const at = +instant;
  let known = dayKeys.get(timeZone);
  const cached = known?.get(at);
  if (cached !== undefined) return cached;
  assertTimeZone(timeZone);
  if (Number.isNaN(at)) throw new RangeError('Invalid date');
  // Intl, not a TZDate: the same answer, and the patient page need not ship TZDate.
  const format = zoneFormat(dayFormats, timeZone, DAY_FIELDS);
  // US English writes these "M/D/YYYY"; format() costs a third of formatToParts. A year of
  // other than four digits is read from the parts, as every date was before.
  const text = format.format(at);
  const match = US_DATE_PATTERN.exec(text);
  let key: DateKey;
  if (match) key = toDateKey(Number(match[3]), Number(match[1]), Number(match[2]));
  else {
    const parts = partsOf(format, at);
    key = toDateKey(Number(parts.year), Number(parts.month), Number(parts.day));
  }
  // The slot engine asks for the same instants (a day's start and end) once per agent, and a
  // clinic's screens ask for the same days again: answers are remembered, a bounded number in
  // all zones together.
  if (dayKeysHeld >= DAY_KEY_CACHE_LIMIT) {
    dayKeys.clear();
    dayKeysHeld = 0;
    known = undefined;
  }
  if (!known) dayKeys.set(timeZone, (known = new Map()));
  known.set(at, key);
  dayKeysHeld++;
  return key;
}
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const DAY_FIELDS = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;

/**
 * The US-English formatter of `fields` in `timeZone`, made once per zone and kept in `cache`:
 * making one costs many times what using it does.
 */
export function zoneFormat(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  fields: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  let format = cache.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, ...fields });
    cache.set(timeZone, format);
  }
  return format;
}

/** What the formatter writes for the instant, by the kind of each part (year, month, ...). */
export function partsOf(format: Intl.DateTimeFormat, at: Date | number): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(at)) parts[part.type] = part.value;
  return parts;
}
const dayKeys = new Map<string, Map<number, DateKey>>();
let dayKeysHeld = 0;
export const DAY_KEY_CACHE_LIMIT = 20_000;

/** How many answers localDateKeyOf holds now, in all zones. */
export function heldDayKeys(): number {
  return dayKeysHeld;
}
const US_DATE_PATTERN = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** 'HH:mm' to minutes after midnight, or null when it is not a real wall time. */
export function parseWallTime(value: string): number | null {
  const match = WALL_TIME_PATTERN.exec(value);
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

export function formatWallTime(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

// Availability asks for the same few wall times (09:00, 17:00 …) on the same days for every
// agent of a clinic, so answers are remembered. The cache is bounded and holds only pure
// results, so it cannot make two calls disagree.
const wallClockCache = new Map<string, number>();
const WALL_CLOCK_CACHE_LIMIT = 20_000;

/**
 * The UTC instant (epoch ms) at which clocks in `timeZone` show `minutes` after midnight on `key`.
 *
 * Wall times that do not exist (the spring-forward gap) move forward by the length of the gap,
 * so 02:30 on 2026-03-08 in New York is 03:30 EDT: an interval never ends up reversed and
 * nobody loses the time after the gap. Wall times that happen twice (fall-back) resolve to the
 * earlier occurrence. These are the rules of RFC 5545 and Temporal's "compatible" mode.
 *
 * Why not `new TZDate(y, m, d, h, min, zone)`: its answer depends on the host's own zone near
 * transitions (measured with @date-fns/tz 1.5: London 01:30 on 2026-10-25 is 00:30Z on a
 * London host and 01:30Z on a UTC host; Lord Howe 02:00 on 2026-04-05 comes out as 01:00 on a
 * Pacific/Chatham host). The offsets themselves come from the tz database through the
 * library's `tzOffset`, which reads Intl and never the host zone; this function only picks
 * among the instants those offsets allow, as Temporal's algorithm does.
 */
export function wallClockToUtc(key: DateKey, minutes: number, timeZone: string): number {
  const cacheKey = `${timeZone}|${key}|${minutes}`;
  const cached = wallClockCache.get(cacheKey);
  if (cached !== undefined) return cached;

  assertTimeZone(timeZone);
  const { year, month, day } = requireDateKey(key);
  // The wall clock read as if it were UTC; subtracting the zone's offset gives the instant.
  const wallAsUtc = Date.UTC(year, month - 1, day, 0, minutes);
  // Transitions are months apart, so the offsets a day either side are the only candidates.
  const offsetBefore = tzOffset(timeZone, new Date(wallAsUtc - DAY_MS));
  const offsetAfter = tzOffset(timeZone, new Date(wallAsUtc + DAY_MS));
  if (Number.isNaN(offsetBefore) || Number.isNaN(offsetAfter)) {
    throw new RangeError(`Cannot resolve ${key} ${formatWallTime(minutes)} in ${timeZone}`);
  }

  const matching = [offsetBefore, offsetAfter]
    .map((offset) => ({ offset, instant: wallAsUtc - offset * MINUTE_MS }))
    .filter(({ offset, instant }) => tzOffset(timeZone, new Date(instant)) === offset)
    .map(({ instant }) => instant);
  // No match means the clocks skipped this time: the offset from before the jump carries the
  // wall time forward by the gap. Two matches mean it happened twice: take the first.
  const instant =
    matching.length > 0 ? Math.min(...matching) : wallAsUtc - offsetBefore * MINUTE_MS;

  if (wallClockCache.size >= WALL_CLOCK_CACHE_LIMIT) wallClockCache.clear();
  wallClockCache.set(cacheKey, instant);
  return instant;
}

/**
 * Whether the clocks in `timeZone` show the wall time of `instant` twice: in the hour the clocks
 * go back, 1:30 happens once on summer time and again an hour later on standard time, and a
 * time alone cannot say which.
 */
export function isRepeatedWallTime(instant: Date | number, timeZone: string): boolean {
  const at = +instant;
  const offset = tzOffset(timeZone, new Date(at));
  if (Number.isNaN(offset)) return false;
  // Transitions are months apart: any other offset of this wall time is a day away at most.
  for (const other of [
    tzOffset(timeZone, new Date(at - DAY_MS)),
    tzOffset(timeZone, new Date(at + DAY_MS)),
  ]) {
    if (Number.isNaN(other) || other === offset) continue;
    // The same wall time read with the other offset; if the zone really has that offset then,
    // the clocks show this time twice.
    const twin = at + (offset - other) * MINUTE_MS;
    if (tzOffset(timeZone, new Date(twin)) === other) return true;
  }
  return false;
}

// US English names only America's zones ("EDT"); London's summer is "GMT+1" there but "BST" in
// British English, Sydney's "AEDT" in Australian. The first English that has a name for the
// zone at that instant gives it, else the offset ("GMT+1"), which still tells the two apart.
const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-AU', 'en-NZ', 'en-IE', 'en-CA', 'en-IN'];
const zoneNameFormats = new Map<string, Intl.DateTimeFormat>();

function zoneNameIn(locale: string, instant: Date, timeZone: string): string {
  const key = `${locale}|${timeZone}`;
  let format = zoneNameFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
    zoneNameFormats.set(key, format);
  }
  return format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** "EDT", "BST", "AEDT": the zone's short name at that instant, or its offset ("GMT+5:30"). */
export function zoneAbbreviation(instant: Date | number, timeZone: string): string {
  assertTimeZone(timeZone);
  const at = new Date(+instant);
  let fallback = '';
  for (const locale of ABBREVIATION_LOCALES) {
    const name = zoneNameIn(locale, at, timeZone);
    if (!fallback) fallback = name;
    if (name && !/^(GMT|UTC)[+-−]/.test(name)) return name;
  }
  return fallback;
}
