import {
  availabilityIntervals,
  validateWeekly,
  WEEKDAY_NAMES,
  type Interval,
  type ScheduleOverride,
  type Weekday,
  type WeeklySegment,
} from '@domain/schedule';
import {
  addDaysToKey,
  formatWallTime,
  MINUTES_PER_DAY,
  parseWallTime,
  wallClockToUtc,
} from '@domain/zoned-time';
import { scheduleProblems, type SaveAvailabilityBody } from '@contracts/availability';

/** One editable time range; the key keeps React rows stable while times change. */
export interface DraftSegment {
  key: string;
  start: string;
  end: string;
}

/** The editor's working copy: seven days (Sunday first) of ranges, and the overrides. */
export interface ScheduleDraft {
  timezone: string;
  days: DraftSegment[][];
  overrides: ScheduleOverride[];
}

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const satisfies readonly Weekday[];

let lastKey = 0;
export function newSegment(start: string, end: string): DraftSegment {
  lastKey += 1;
  return { key: `segment-${lastKey}`, start, end };
}

export function draftFromSchedule(schedule: {
  timezone: string;
  weekly: readonly WeeklySegment[];
  overrides: readonly ScheduleOverride[];
}): ScheduleDraft {
  const days = WEEKDAYS.map((weekday) =>
    schedule.weekly
      .filter((segment) => segment.weekday === weekday)
      .sort((a, b) => a.start.localeCompare(b.start))
      .map((segment) => newSegment(segment.start, segment.end)),
  );
  return { timezone: schedule.timezone, days, overrides: [...schedule.overrides] };
}

export function draftToBody(draft: ScheduleDraft): SaveAvailabilityBody {
  const weekly = WEEKDAYS.flatMap((weekday) =>
    [...(draft.days[weekday] ?? [])]
      .sort((a, b) => a.start.localeCompare(b.start))
      .map(({ start, end }) => ({ weekday, start, end })),
  );
  return { timezone: draft.timezone, weekly, overrides: draft.overrides };
}

/** Whether two drafts would save the same schedule (row keys and order aside). */
export function sameSchedule(a: ScheduleDraft, b: ScheduleDraft): boolean {
  return JSON.stringify(draftToBody(a)) === JSON.stringify(draftToBody(b));
}

/** A new range after the day's last one (or the default 09:00–17:00 on an empty day). */
export function nextSegment(day: readonly DraftSegment[]): DraftSegment {
  const last = day[day.length - 1];
  const lastEnd = last ? parseWallTime(last.end) : null;
  if (!last || lastEnd === null) return newSegment('09:00', '17:00');
  const end = Math.min(lastEnd + 60, MINUTES_PER_DAY - 1);
  return newSegment(last.end, end === lastEnd ? '00:00' : formatWallTime(end));
}

export interface DraftProblems {
  /** By segment key: a range that cannot be read or has no length. */
  segments: Record<string, string>;
  /** By weekday: overlaps, in the domain's words. */
  days: string[][];
  /** Problems among the date overrides. */
  timeOff: string[];
  count: number;
}

export const END_EQUALS_START = 'End time must differ from start time';
export const MISSING_TIME = 'Enter both a start and an end time';

/** The editor's inline messages; the same rules (validateWeekly) the server applies. */
export function draftProblems(draft: ScheduleDraft): DraftProblems {
  const segments: Record<string, string> = {};
  const complete: WeeklySegment[] = [];
  WEEKDAYS.forEach((weekday) => {
    for (const segment of draft.days[weekday] ?? []) {
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
  const timeOff = scheduleProblems({ weekly: [], overrides: draft.overrides });
  const count =
    Object.keys(segments).length + days.reduce((n, list) => n + list.length, 0) + timeOff.length;
  return { segments, days, timeOff, count };
}

/** Whether a range runs past midnight into the next day (spec §9: end at or before start). */
export function isOvernight(segment: Pick<DraftSegment, 'start' | 'end'>): boolean {
  const start = parseWallTime(segment.start);
  const end = parseWallTime(segment.end);
  return start !== null && end !== null && end < start;
}

/** The draft's hours for each of the seven days from `firstDate`, in the schedule's zone. */
export function comingWeek(
  draft: ScheduleDraft,
  firstDate: string,
): Array<{ date: string; intervals: Interval[] }> {
  const { timezone, weekly, overrides } = draftToBody(draft);
  const schedule = { timezone, weekly, overrides };
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDaysToKey(firstDate, i);
    const start = new Date(wallClockToUtc(date, 0, timezone));
    const end = new Date(wallClockToUtc(addDaysToKey(date, 1), 0, timezone));
    return { date, intervals: availabilityIntervals(schedule, start, end) };
  });
}
