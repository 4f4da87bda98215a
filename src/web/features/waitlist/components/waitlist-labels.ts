import type { WaitlistFilter } from '@contracts/waitlist';
import { formatWallClock } from '@domain/format';
import { WAITLIST_STATUS_LABELS } from '@web/lib/waitlist-status';
import {
  AFTERNOON_FROM_MINUTES,
  EVENING_FROM_MINUTES,
  type TimeOfDay,
  type WaitlistPriority,
} from '@domain/waitlist';

export const FILTER_LABELS = {
  active: WAITLIST_STATUS_LABELS.waiting,
  expired: 'Window passed',
  booked: WAITLIST_STATUS_LABELS.booked,
  removed: WAITLIST_STATUS_LABELS.removed,
  all: 'All',
} as const satisfies Record<WaitlistFilter, string>;

const AFTERNOON = formatWallClock(AFTERNOON_FROM_MINUTES);
const EVENING = formatWallClock(EVENING_FROM_MINUTES);

/** In the clinic's hours as every other time in the app is written: "12:00 PM", not "12:00". */
export const TIME_OF_DAY_LABELS = {
  morning: `Morning (before ${AFTERNOON})`,
  afternoon: `Afternoon (${AFTERNOON} – ${EVENING})`,
  evening: `Evening (after ${EVENING})`,
} as const satisfies Record<TimeOfDay, string>;

export const PRIORITY_LABELS = {
  normal: 'Normal',
  urgent: 'Urgent',
} as const satisfies Record<WaitlistPriority, string>;

export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const DURATIONS = [15, 20, 30, 45, 60, 90] as const;
