import { TZDate } from '@date-fns/tz';
import * as rruleModule from 'rrule';
import { MAX_SERIES_OCCURRENCES } from './repeat-rule';
import {
  formatWallTime,
  localDateKeyOf,
  MINUTE_MS,
  wallClockToUtc,
  type DateKey,
} from './zoned-time';

// rrule 2.8 ships an ES module under "module" and a UMD bundle under "main": Vite takes the
// first (named exports), Node the second (everything on the default export).
const { RRule } = ((rruleModule as unknown as { default?: typeof rruleModule }).default ??
  rruleModule) as typeof rruleModule;

export { MAX_SERIES_OCCURRENCES };

/** A rule or a start a series cannot be built from, with words a person can act on. */
export class RecurrenceError extends Error {
  override name = 'RecurrenceError';
}

export interface Occurrence {
  /** 1-based position in the rule's expansion. */
  index: number;
  start: Date;
  /** The date and wall time in the series' zone the occurrence was generated for. */
  localDate: DateKey;
  localTime: string;
}

const DAY = '(?:MO|TU|WE|TH|FR|SA|SU)';
/**
 * What a clinic's series may say. Times of day come from the start, so BYHOUR and the like,
 * and frequencies finer than a day, are refused rather than half-honoured.
 */
const PART_PATTERNS: Record<string, RegExp> = {
  FREQ: /^(?:DAILY|WEEKLY|MONTHLY)$/,
  INTERVAL: /^(?:[1-9]|[1-9]\d)$/,
  COUNT: /^\d{1,3}$/,
  UNTIL: /^\d{8}(?:T\d{6}Z?)?$/,
  BYDAY: new RegExp(`^(?:[+-]?[1-5])?${DAY}(?:,(?:[+-]?[1-5])?${DAY})*$`),
  BYMONTHDAY: /^-?(?:[1-9]|[12]\d|3[01])(?:,-?(?:[1-9]|[12]\d|3[01]))*$/,
  WKST: new RegExp(`^${DAY}$`),
};

/** The rule's parts, checked against what a series may say; "RRULE:" in front is allowed. */
export function parseSeriesRule(text: string): Map<string, string> {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body) throw new RecurrenceError('The repeat rule is empty.');
  const parts = new Map<string, string>();
  for (const piece of body.split(';')) {
    const [rawName, value, ...rest] = piece.split('=');
    const name = (rawName ?? '').trim().toUpperCase();
    const pattern = PART_PATTERNS[name];
    if (!pattern || value === undefined || rest.length > 0) {
      throw new RecurrenceError(
        `The repeat rule may use only ${Object.keys(PART_PATTERNS).join(', ')}; "${piece}" is not one of them.`,
      );
    }
    if (parts.has(name)) throw new RecurrenceError(`The repeat rule names ${name} twice.`);
    if (!pattern.test(value.toUpperCase())) {
      throw new RecurrenceError(`The repeat rule's ${name} cannot be "${value}".`);
    }
    parts.set(name, value.toUpperCase());
  }
  if (!parts.has('FREQ'))
    throw new RecurrenceError('The repeat rule needs FREQ: DAILY, WEEKLY or MONTHLY.');
  const count = parts.get('COUNT');
  if (count !== undefined && parts.has('UNTIL')) {
    throw new RecurrenceError(
      'The repeat rule may end after a number of visits or on a date, not both.',
    );
  }
  if (count === undefined && !parts.has('UNTIL')) {
    throw new RecurrenceError(
      `The series must end: after a number of visits (COUNT, at most ${MAX_SERIES_OCCURRENCES}) or on a date (UNTIL).`,
    );
  }
  if (count !== undefined && (Number(count) < 1 || Number(count) > MAX_SERIES_OCCURRENCES)) {
    throw new RecurrenceError(
      `A series has between 1 and ${MAX_SERIES_OCCURRENCES} visits; COUNT cannot be ${count}.`,
    );
  }
  return parts;
}

/** A wall clock written as if it were UTC: rrule's "floating" time, which knows no zone. */
function floating(date: DateKey, minutes: number): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 0, minutes));
}

/**
 * UNTIL as a floating time. A date alone includes that whole day; a UTC time (…Z) is the wall
 * time it reads in the series' zone; a time without Z is already a wall time.
 */
function floatingUntil(value: string, timeZone: string): Date {
  const y = Number(value.slice(0, 4));
  const mo = Number(value.slice(4, 6));
  const d = Number(value.slice(6, 8));
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) {
    throw new RecurrenceError(`The repeat rule's UNTIL is not a date: ${value}.`);
  }
  if (value.length === 8) return new Date(Date.UTC(y, mo - 1, d, 23, 59, 59));
  const h = Number(value.slice(9, 11));
  const mi = Number(value.slice(11, 13));
  const s = Number(value.slice(13, 15));
  if (h > 23 || mi > 59 || s > 59) {
    throw new RecurrenceError(`The repeat rule's UNTIL is not a time: ${value}.`);
  }
  if (!value.endsWith('Z')) return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const instant = Date.UTC(y, mo - 1, d, h, mi, s);
  const local = localWall(new Date(instant), timeZone);
  return new Date(floating(local.date, local.minutes).getTime() + s * 1000);
}

function localWall(instant: Date, timeZone: string): { date: DateKey; minutes: number } {
  const local = new TZDate(instant.getTime(), timeZone);
  return {
    date: localDateKeyOf(instant, timeZone),
    minutes: local.getHours() * 60 + local.getMinutes(),
  };
}

/** The wall-clock date and minutes after midnight at which `instant` falls in `timeZone`. */
export function wallClockOf(instant: Date, timeZone: string): { date: DateKey; minutes: number } {
  return localWall(instant, timeZone);
}

/**
 * Every occurrence of a series: `rrule` expanded from the wall-clock date and time `dtstart`
 * reads in `timeZone`, in floating time (so 9:00 stays 9:00 across clock changes), then each
 * wall time turned into its instant by wallClockToUtc (ADR 003: a time the clocks skip moves
 * forward by the gap; one they repeat takes the earlier instant). The start must itself be the
 * rule's first occurrence, and a rule of more than MAX_SERIES_OCCURRENCES visits is refused.
 */
export function seriesOccurrences(input: {
  rrule: string;
  dtstart: Date;
  timeZone: string;
}): Occurrence[] {
  const parts = parseSeriesRule(input.rrule);
  const start = localWall(input.dtstart, input.timeZone);
  const dtstart = floating(start.date, start.minutes);
  const withoutUntil = [...parts].filter(([name]) => name !== 'UNTIL');
  const options = RRule.parseString(withoutUntil.map(([n, v]) => `${n}=${v}`).join(';'));
  const until = parts.get('UNTIL');
  const rule = new RRule({
    ...options,
    dtstart,
    tzid: null,
    ...(until ? { until: floatingUntil(until, input.timeZone) } : {}),
  });
  const dates = rule.all((_, i) => i <= MAX_SERIES_OCCURRENCES);
  if (dates.length > MAX_SERIES_OCCURRENCES) {
    throw new RecurrenceError(
      `This rule makes more than ${MAX_SERIES_OCCURRENCES} visits. End the series sooner.`,
    );
  }
  if (dates.length === 0 || dates[0]!.getTime() !== dtstart.getTime()) {
    throw new RecurrenceError(
      'The first visit must be a date the rule repeats on: pick a start on one of its days.',
    );
  }
  return dates.map((d, i) => {
    const date = d.toISOString().slice(0, 10);
    const minutes = d.getUTCHours() * 60 + d.getUTCMinutes();
    return {
      index: i + 1,
      start: new Date(wallClockToUtc(date, minutes, input.timeZone)),
      localDate: date,
      localTime: formatWallTime(minutes),
    };
  });
}

/**
 * Moves a wall-clock date and time by whole days and minutes, in wall-clock terms, and gives
 * the instant in `timeZone`: "the following visits move from Tuesday 9:00 to Thursday 10:30"
 * keeps each one's weekday shift and time of day whatever clock change lies between.
 */
export function shiftWallClock(
  instant: Date,
  timeZone: string,
  shift: { days: number; minutes: number },
): Date {
  const wall = localWall(instant, timeZone);
  const moved =
    floating(wall.date, wall.minutes).getTime() + (shift.days * 1440 + shift.minutes) * MINUTE_MS;
  const movedDate = new Date(moved).toISOString().slice(0, 10);
  const movedMinutes = new Date(moved).getUTCHours() * 60 + new Date(moved).getUTCMinutes();
  return new Date(wallClockToUtc(movedDate, movedMinutes, timeZone));
}

/** The wall-clock difference from one instant to another, in whole days and minutes. */
export function wallClockShift(
  from: Date,
  to: Date,
  timeZone: string,
): { days: number; minutes: number } {
  const a = localWall(from, timeZone);
  const b = localWall(to, timeZone);
  const days = Math.round(
    (floating(b.date, 0).getTime() - floating(a.date, 0).getTime()) / (1440 * MINUTE_MS),
  );
  return { days, minutes: b.minutes - a.minutes };
}
