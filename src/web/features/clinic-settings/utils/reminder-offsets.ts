import { MINUTES_PER_DAY } from '@domain/zoned-time';

export const OFFSET_UNITS = ['minutes', 'hours', 'days'] as const;
export type OffsetUnit = (typeof OFFSET_UNITS)[number];

const MINUTES_PER: Record<OffsetUnit, number> = { minutes: 1, hours: 60, days: MINUTES_PER_DAY };

/** A reminder as the form edits it: "2 hours", "1 day". */
export interface OffsetRow {
  amount: number;
  unit: OffsetUnit;
}

/** The largest unit that says the offset exactly: 1440 → 1 day, 90 → 90 minutes. */
export function toOffsetRow(minutes: number): OffsetRow {
  if (minutes % MINUTES_PER_DAY === 0) return { amount: minutes / MINUTES_PER_DAY, unit: 'days' };
  if (minutes % 60 === 0) return { amount: minutes / 60, unit: 'hours' };
  return { amount: minutes, unit: 'minutes' };
}

export function toMinutes(row: OffsetRow): number {
  return row.amount * MINUTES_PER[row.unit];
}
