import type { DateInput } from './zoned-time';

export const APPOINTMENT_STATUSES = [
  'BOOKED',
  'SCHEDULED',
  'CONFIRMED',
  'COMPLETED',
  'CANCELLED',
  'NO_SHOW',
  'DISQUALIFIED',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const INITIAL_APPOINTMENT_STATUS: AppointmentStatus = 'BOOKED';

export interface StatusAndStart {
  date: DateInput;
  status?: string | null;
}

/** Spec §4: both `cancelled` and `CANCELLED` occur; everything compares in upper case. */
export function normalizeStatus(status: string | undefined | null): string {
  return (status ?? '').trim().toUpperCase();
}

export function parseStatus(status: string | undefined | null): AppointmentStatus | null {
  const normalized = normalizeStatus(status);
  return (APPOINTMENT_STATUSES as readonly string[]).includes(normalized)
    ? (normalized as AppointmentStatus)
    : null;
}

/**
 * Statuses whose appointment holds its time in the provider's calendar. Only a cancellation
 * gives the time back: a completed, missed or disqualified visit still took that time, and
 * keeping it blocked means history never shows two patients in one slot. This list is the
 * `active` condition of the database's no-double-booking constraint.
 */
export const ACTIVE_STATUSES = [
  'BOOKED',
  'SCHEDULED',
  'CONFIRMED',
  'COMPLETED',
  'NO_SHOW',
  'DISQUALIFIED',
] as const satisfies readonly AppointmentStatus[];

/** Unknown statuses occupy the slot too: freeing time on a value we do not understand is unsafe. */
export function occupiesSlot(status: string | undefined | null): boolean {
  return normalizeStatus(status) !== 'CANCELLED';
}

export const MARK_ACTIONS = ['completed', 'disqualified', 'no_show'] as const;
export type MarkAction = (typeof MARK_ACTIONS)[number];

const MARK_ACTION_STATUS = {
  completed: 'COMPLETED',
  disqualified: 'DISQUALIFIED',
  no_show: 'NO_SHOW',
} as const satisfies Record<MarkAction, AppointmentStatus>;

export function isMarkAction(value: unknown): value is MarkAction {
  return typeof value === 'string' && (MARK_ACTIONS as readonly string[]).includes(value);
}

export function markActionToStatus(action: MarkAction): AppointmentStatus {
  return MARK_ACTION_STATUS[action];
}

function startMs(date: DateInput): number {
  return new Date(date).getTime();
}

const NOT_MARKABLE: readonly string[] = ['COMPLETED', 'CANCELLED', 'NO_SHOW'];

/**
 * Spec §4: Mark as needs a start that is not in the future and a status other than COMPLETED,
 * CANCELLED or NO_SHOW. DISQUALIFIED is not in the spec's list, so it can still be re-marked.
 * An unreadable start date allows nothing.
 */
export function canMarkAppointment(appointment: StatusAndStart, now: Date): boolean {
  const start = startMs(appointment.date);
  if (Number.isNaN(start)) return false;
  return start <= now.getTime() && !NOT_MARKABLE.includes(normalizeStatus(appointment.status));
}

/** Spec §4: Reschedule, Reassign and Cancel need a future start and a status other than CANCELLED. */
export function canChangeAppointment(appointment: StatusAndStart, now: Date): boolean {
  const start = startMs(appointment.date);
  if (Number.isNaN(start)) return false;
  return start > now.getTime() && normalizeStatus(appointment.status) !== 'CANCELLED';
}

export type BadgeVariant = 'default' | 'secondary' | 'destructive';

/** Spec §4 badge styles; `default` is the primary style of our Badge component. */
export function badgeVariant(status: string | undefined | null): BadgeVariant {
  switch (normalizeStatus(status)) {
    case 'CONFIRMED':
    case 'COMPLETED':
      return 'default';
    case 'CANCELLED':
    case 'NO_SHOW':
      return 'destructive';
    default:
      return 'secondary';
  }
}

export const COUNT_BUCKETS = [
  'all',
  'upcoming',
  'pending',
  'completed',
  'cancelled',
  'no_show',
] as const;
export type CountBucket = (typeof COUNT_BUCKETS)[number];
export type AppointmentCounts = Record<CountBucket, number>;

export function emptyCounts(): AppointmentCounts {
  return { all: 0, upcoming: 0, pending: 0, completed: 0, cancelled: 0, no_show: 0 };
}

/**
 * The one bucket besides `all` an appointment counts in (ARCHITECTURE.md "Counts"). Statuses
 * that end an appointment decide by themselves; the rest split on time: a future start is
 * upcoming, a start now or earlier is pending because it waits for Mark as. DISQUALIFIED has no
 * bucket of its own and counts only in `all`.
 */
export function countBucketOf(
  appointment: StatusAndStart,
  now: Date,
): Exclude<CountBucket, 'all'> | null {
  const start = startMs(appointment.date);
  return countBucketFor(appointment.status, Number.isNaN(start) ? null : start > now.getTime());
}

/**
 * The bucket of a status, given whether the appointment starts after now (null: unknown start,
 * which only a marked status can place).
 */
export function countBucketFor(
  status: string | undefined | null,
  startsInFuture: boolean | null,
): Exclude<CountBucket, 'all'> | null {
  switch (normalizeStatus(status)) {
    case 'CANCELLED':
      return 'cancelled';
    case 'COMPLETED':
      return 'completed';
    case 'NO_SHOW':
      return 'no_show';
    case 'DISQUALIFIED':
      return null;
  }
  if (startsInFuture === null) return null;
  return startsInFuture ? 'upcoming' : 'pending';
}

export function tallyCounts(appointments: Iterable<StatusAndStart>, now: Date): AppointmentCounts {
  const counts = emptyCounts();
  for (const appointment of appointments) {
    counts.all += 1;
    const bucket = countBucketOf(appointment, now);
    if (bucket) counts[bucket] += 1;
  }
  return counts;
}

/** Counts from groups the database summed: how many appointments of a status start after now. */
export function tallyCountGroups(
  groups: Iterable<{ status: string; future: boolean; n: number }>,
): AppointmentCounts {
  const counts = emptyCounts();
  for (const group of groups) {
    counts.all += group.n;
    const bucket = countBucketFor(group.status, group.future);
    if (bucket) counts[bucket] += group.n;
  }
  return counts;
}

const STATUS_LABELS: Record<AppointmentStatus, string> = {
  BOOKED: 'Booked',
  SCHEDULED: 'Scheduled',
  CONFIRMED: 'Confirmed',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
  NO_SHOW: 'No show',
  DISQUALIFIED: 'Disqualified',
};

/** Spec §2: the badge reads "Scheduled" when there is no status. Unknown words are shown tidied. */
export function statusLabel(status: string | undefined | null): string {
  const normalized = normalizeStatus(status);
  if (normalized === '') return STATUS_LABELS.SCHEDULED;
  const known = parseStatus(normalized);
  if (known) return STATUS_LABELS[known];
  const words = normalized.replace(/_+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
