import { z } from 'zod';
import {
  dateKeyField,
  MAX_OVERRIDES,
  saveAvailabilityBody,
  wallTimeField,
} from '@contracts/availability';
import type { ScheduleOverride } from '@domain/schedule';
import { compareDateKeys, eachDateKey } from '@domain/zoned-time';
import { blankAsAbsent, worded, type Wording } from '@web/lib/form-schema';
import { withDaysOff, withExtraHours } from './time-off';

export const MAX_RANGE_DAYS = 366;

/** The date pickers give a date or nothing; a date outside the contract's years is said so. */
const dateWording =
  (missing: string, label: string): Wording =>
  (issue) =>
    issue.code === 'invalid_format' ? missing : `${label} ${issue.message}.`;

/** Refuses the form's value, the message beside `field`. */
function refuse(ctx: z.core.$RefinementCtx<unknown>, field: string, message: string): never {
  ctx.addIssue({ code: 'custom', path: [field], message });
  return z.NEVER;
}

/** The draft's overrides with an addition, if the saved schedule may still hold them all. */
function kept(next: ScheduleOverride[], ctx: z.core.$RefinementCtx<unknown>, field: string) {
  if (saveAvailabilityBody.shape.overrides.safeParse(next).success) return next;
  return refuse(
    ctx,
    field,
    `At most ${MAX_OVERRIDES} dates of time off and extra hours can be kept. Remove some first.`,
  );
}

/** A date, or a from–to range, of days off; parses to the overrides with those days added. */
export function daysOffSchema(overrides: readonly ScheduleOverride[]) {
  return z
    .object({
      from: worded(dateKeyField, dateWording('Choose the first day off.', 'The first day off')),
      to: blankAsAbsent(
        worded(
          dateKeyField.optional(),
          dateWording('The last day off must be on or after the first.', 'The last day off'),
        ),
      ),
    })
    .transform(({ from, to = from }, ctx) => {
      if (compareDateKeys(to, from) < 0) {
        return refuse(ctx, 'to', 'The last day off must be on or after the first.');
      }
      if (eachDateKey(from, to).length > MAX_RANGE_DAYS) {
        return refuse(ctx, 'to', `Add at most ${MAX_RANGE_DAYS} days at a time.`);
      }
      return kept(withDaysOff(overrides, from, to), ctx, 'from');
    });
}

const bothTimes = () => 'Enter both a start and an end time.';

/**
 * Extra hours on one date, optionally instead of that date's weekly hours; parses to the
 * overrides with them added, or says what stops it (an overlap, an end equal to the start).
 */
export function extraHoursSchema(overrides: readonly ScheduleOverride[]) {
  return z
    .object({
      date: worded(dateKeyField, dateWording('Choose the date of the extra hours.', 'The date')),
      start: worded(wallTimeField, bothTimes),
      end: worded(wallTimeField, bothTimes),
      onlyThese: z.boolean(),
    })
    .transform(({ date, start, end, onlyThese }, ctx) => {
      const result = withExtraHours(overrides, date, { start, end }, onlyThese);
      if ('problem' in result) return refuse(ctx, 'start', result.problem);
      return kept(result.overrides, ctx, 'date');
    });
}
