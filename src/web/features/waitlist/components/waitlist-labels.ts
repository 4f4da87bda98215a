import type { WaitlistFilter } from '@contracts/waitlist';
import type { TimeOfDay, WaitlistPriority } from '@domain/waitlist';

export const FILTER_LABELS = {
  active: 'Waiting',
  expired: 'Window passed',
  booked: 'Booked',
  removed: 'Removed',
  all: 'All',
} as const satisfies Record<WaitlistFilter, string>;

export const TIME_OF_DAY_LABELS = {
  morning: 'Morning (before 12:00)',
  afternoon: 'Afternoon (12:00–17:00)',
  evening: 'Evening (after 17:00)',
} as const satisfies Record<TimeOfDay, string>;

export const PRIORITY_LABELS = {
  normal: 'Normal',
  urgent: 'Urgent',
} as const satisfies Record<WaitlistPriority, string>;

export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export const DURATIONS = [15, 20, 30, 45, 60, 90] as const;
