import {
  availabilityIntervals,
  type Interval,
  type ScheduleOverride,
  type WeeklySegment,
} from '@domain/schedule';
import { addDaysToKey, wallClockToUtc } from '@domain/zoned-time';
import { scheduleProblems, type SaveAvailabilityBody } from '@contracts/availability';
import {
  daysFromWeekly,
  weeklyFromDays,
  weeklyProblems,
  type DraftSegment,
  type WeeklyProblems,
} from '@web/components/weekly-hours/weekly-draft';

// The weekly part of the draft is the shared weekly hours editor's (components/weekly-hours).
export {
  END_EQUALS_START,
  isOvernight,
  MISSING_TIME,
  newSegment,
  nextSegment,
  WEEKDAYS,
  type DraftSegment,
} from '@web/components/weekly-hours/weekly-draft';

/** The editor's working copy: seven days (Sunday first) of ranges, and the overrides. */
export interface ScheduleDraft {
  timezone: string;
  days: DraftSegment[][];
  overrides: ScheduleOverride[];
}

export function draftFromSchedule(schedule: {
  timezone: string;
  weekly: readonly WeeklySegment[];
  overrides: readonly ScheduleOverride[];
}): ScheduleDraft {
  return {
    timezone: schedule.timezone,
    days: daysFromWeekly(schedule.weekly),
    overrides: [...schedule.overrides],
  };
}

export function draftToBody(draft: ScheduleDraft): SaveAvailabilityBody {
  return {
    timezone: draft.timezone,
    weekly: weeklyFromDays(draft.days),
    overrides: draft.overrides,
  };
}

/** Whether two drafts would save the same schedule (row keys and order aside). */
export function sameSchedule(a: ScheduleDraft, b: ScheduleDraft): boolean {
  return JSON.stringify(draftToBody(a)) === JSON.stringify(draftToBody(b));
}

export interface DraftProblems extends WeeklyProblems {
  /** Problems among the date overrides. */
  timeOff: string[];
}

/** The editor's inline messages; the same rules (validateWeekly) the server applies. */
export function draftProblems(draft: ScheduleDraft): DraftProblems {
  const weekly = weeklyProblems(draft.days);
  const timeOff = scheduleProblems({ weekly: [], overrides: draft.overrides });
  return { ...weekly, timeOff, count: weekly.count + timeOff.length };
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
