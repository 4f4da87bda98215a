import { invalid, notSupported } from './outcome';

// FHIR R4 date search (search.html#date): a value stands for a range (a year, a month, a day, a
// minute…), and a prefix says how a record's instant must stand to it.

/**
 * A date parameter's answer: instants in `[from, before)` (each bound optional) and outside every
 * `excluded` range (`ne`), each range's lower bound inclusive and upper bound exclusive.
 */
export interface InstantRange {
  from?: Date;
  before?: Date;
  excluded: Array<{ lo: Date; hi: Date }>;
}

/** The prefixes R4 gives date parameters; none is eq. */
export const DATE_PREFIXES = ['eq', 'ne', 'lt', 'gt', 'le', 'ge', 'sa', 'eb', 'ap'] as const;

const DATE_VALUE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

const DATE_HELP =
  'a date such as 2026-11-24 or a date and time with its offset such as 2026-11-24T09:00:00Z, after a prefix eq (the default), ne, lt, gt, le, ge, sa, eb or ap';

/** The range of instants a date value stands for: a year, a month, a day, a minute, a second… */
function valueRange(value: string, name: string): { lo: Date; hi: Date } {
  const m = DATE_VALUE.exec(value);
  if (!m) throw invalid(`${name} must be ${DATE_HELP}.`, name);
  const [, year, month, day, hour, minute, second, fraction, zone] = m;
  // A date without a time is a UTC day, month or year (ADR 015): a clinic's local day is asked
  // for with times and offsets.
  let lo: Date;
  let hi: Date;
  if (hour === undefined) {
    const y = Number(year);
    const mo = month === undefined ? 0 : Number(month) - 1;
    const d = day === undefined ? 1 : Number(day);
    lo = new Date(Date.UTC(y, mo, d));
    hi =
      month === undefined
        ? new Date(Date.UTC(y + 1, 0, 1))
        : day === undefined
          ? new Date(Date.UTC(y, mo + 1, 1))
          : new Date(Date.UTC(y, mo, d + 1));
    const check = lo.toISOString();
    if (
      check.slice(0, 4) !== year ||
      (month && check.slice(5, 7) !== month) ||
      (day && check.slice(8, 10) !== day)
    ) {
      throw invalid(`${name}: ${value} is not a date.`, name);
    }
  } else {
    const text = `${year}-${month}-${day}T${hour}:${minute}:${second ?? '00'}${fraction ? fraction.slice(0, 4) : ''}${zone}`;
    lo = new Date(text);
    if (Number.isNaN(lo.getTime()) || Number(hour) > 23 || Number(minute) > 59) {
      throw invalid(`${name}: ${value} is not a date and time.`, name);
    }
    const step = fraction ? 1 : second !== undefined ? 1_000 : 60_000;
    hi = new Date(lo.getTime() + step);
  }
  if (lo.getUTCFullYear() < 1900 || lo.getUTCFullYear() > 2199) {
    throw invalid(`${name} must be between 1900 and 2199.`, name);
  }
  return { lo, hi };
}

/**
 * A date parameter against an instant (an appointment's start, a record's last update): each
 * repetition narrows the answer. Against a point in time R4's prefixes read: eq within the
 * value's range, ne outside it, ge from its start, gt and sa from its end, lt and eb before its
 * start, le before its end, and ap within the range widened on each side by a tenth of the time
 * between now and the value (at least a day), as R4 suggests.
 */
export function instantRange(values: readonly string[], name: string, now: Date): InstantRange {
  let from: Date | undefined;
  let before: Date | undefined;
  const excluded: InstantRange['excluded'] = [];
  const later = (a: Date | undefined, b: Date) => (a && a > b ? a : b);
  const earlier = (a: Date | undefined, b: Date) => (a && a < b ? a : b);
  for (const raw of values) {
    if (raw.includes(',')) throw notSupported(`${name} takes one date per repetition.`, name);
    const hasPrefix = /^[a-z]{2}/.test(raw);
    const prefix = hasPrefix ? raw.slice(0, 2) : 'eq';
    if (!(DATE_PREFIXES as readonly string[]).includes(prefix)) {
      throw invalid(`${name} takes the prefixes ${DATE_PREFIXES.join(', ')}, not ${prefix}.`, name);
    }
    const { lo, hi } = valueRange(hasPrefix ? raw.slice(2) : raw, name);
    switch (prefix) {
      case 'eq':
        from = later(from, lo);
        before = earlier(before, hi);
        break;
      case 'ne':
        excluded.push({ lo, hi });
        break;
      case 'ge':
        from = later(from, lo);
        break;
      case 'gt':
      case 'sa':
        from = later(from, hi);
        break;
      case 'lt':
      case 'eb':
        before = earlier(before, lo);
        break;
      case 'le':
        before = earlier(before, hi);
        break;
      case 'ap': {
        const gap = Math.max(Math.abs(lo.getTime() - now.getTime()) / 10, 86_400_000);
        from = later(from, new Date(lo.getTime() - gap));
        before = earlier(before, new Date(hi.getTime() + gap));
        break;
      }
    }
  }
  return { from, before, excluded };
}

/** Whether an instant is in a date parameter's answer. */
export function inRange(range: InstantRange, at: Date): boolean {
  return (
    (!range.from || at >= range.from) &&
    (!range.before || at < range.before) &&
    range.excluded.every(({ lo, hi }) => at < lo || at >= hi)
  );
}

/** Whether a date parameter's answer is certainly empty (its bounds cross). */
export function emptyRange(range: InstantRange): boolean {
  return range.from !== undefined && range.before !== undefined && range.from >= range.before;
}
