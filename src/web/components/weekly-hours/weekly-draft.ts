// The weekly hours editor's working copy, shared by whoever edits a week of hours: an agent's
// availability and a room's or a machine's own hours (issue 42). The rules are the domain's
// (validateWeekly), so the editor and the server refuse the same weeks in the same words.
import { validateWeekly, WEEKDAY_NAMES, type Weekday, type WeeklySegment } from '@domain/schedule';
import { formatWallTime, MINUTES_PER_DAY, parseWallTime } from '@domain/zoned-time';

/** One editable time range; the key keeps React rows stable while times change. */
export interface DraftSegment {
  key: string;
  start: string;
  end: string;
}

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const satisfies readonly Weekday[];

let lastKey = 0;
export function newSegment(start: string, end: string): DraftSegment {
  lastKey += 1;
  return { key: `segment-${lastKey}`, start, end };
}

/** Seven days, Sunday first, of ranges in start order. */
export function daysFromWeekly(weekly: readonly WeeklySegment[]): DraftSegment[][] {
  return WEEKDAYS.map((weekday) =>
    weekly
      .filter((segment) => segment.weekday === weekday)
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((segment) => newSegment(segment.start, segment.end)),
  );
}

/** The week as it is saved: by weekday, then by start. */
export function weeklyFromDays(days: readonly DraftSegment[][]): WeeklySegment[] {
  return WEEKDAYS.flatMap((weekday) =>
    [...(days[weekday] ?? [])]
      .sort((a, b) => a.start.localeCompare(b.start))
      .map(({ start, end }) => ({ weekday, start, end })),
  );
}

/** A new range after the day's last one (or the default 09:00–17:00 on an empty day). */
export function nextSegment(day: readonly DraftSegment[]): DraftSegment {
  const last = day[day.length - 1];
  const lastEnd = last ? parseWallTime(last.end) : null;
  if (!last || lastEnd === null) return newSegment('09:00', '17:00');
  const end = Math.min(lastEnd + 60, MINUTES_PER_DAY - 1);
  return newSegment(last.end, end === lastEnd ? '00:00' : formatWallTime(end));
}

export interface WeeklyProblems {
  /** By segment key: a range that cannot be read or has no length. */
  segments: Record<string, string>;
  /** By weekday: overlaps, in the domain's words. */
  days: string[][];
  count: number;
}

export const END_EQUALS_START = 'End time must differ from start time';
export const MISSING_TIME = 'Enter both a start and an end time';

/** The editor's inline messages; the same rules (validateWeekly) the server applies. */
export function weeklyProblems(draftDays: readonly DraftSegment[][]): WeeklyProblems {
  const segments: Record<string, string> = {};
  const complete: WeeklySegment[] = [];
  WEEKDAYS.forEach((weekday) => {
    for (const segment of draftDays[weekday] ?? []) {
      if (parseWallTime(segment.start) === null || parseWallTime(segment.end) === null) {
        segments[segment.key] = MISSING_TIME;
      } else if (segment.start === segment.end) {
        segments[segment.key] = END_EQUALS_START;
      } else {
        complete.push({ weekday, start: segment.start, end: segment.end });
      }
    }
  });
  const days: string[][] = WEEKDAYS.map(() => []);
  for (const message of validateWeekly(complete)) {
    const day = WEEKDAY_NAMES.findIndex((name) => message.endsWith(` ${name}`));
    if (day >= 0) days[day]!.push(message);
  }
  const count = Object.keys(segments).length + days.reduce((n, list) => n + list.length, 0);
  return { segments, days, count };
}

/** Whether a range runs past midnight into the next day (spec §9: end at or before start). */
export function isOvernight(segment: Pick<DraftSegment, 'start' | 'end'>): boolean {
  const start = parseWallTime(segment.start);
  const end = parseWallTime(segment.end);
  return start !== null && end !== null && end < start;
}
