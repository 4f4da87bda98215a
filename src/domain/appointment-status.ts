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

/** Statuses of an appointment that still lies ahead of its visit: nothing has ended it. */
export const OPEN_STATUSES = [
  'BOOKED',
  'SCHEDULED',
  'CONFIRMED',
] as const satisfies readonly AppointmentStatus[];

export function isOpenStatus(status: string | undefined | null): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(normalizeStatus(status));
}

/**
 * The status after a move to another time: a confirmation was for the old time, so a confirmed
 * appointment is BOOKED again until the patient confirms the new one. Other statuses stay.
 */
export function statusAfterReschedule(status: AppointmentStatus): AppointmentStatus {
  return status === 'CONFIRMED' ? INITIAL_APPOINTMENT_STATUS : status;
}

/** Whether an appointment can be confirmed at `now`: open, not yet confirmed, not yet started. */
export function canConfirmAppointment(appointment: StatusAndStart, now: Date): boolean {
  const start = startMs(appointment.date);
  const status = normalizeStatus(appointment.status);
  return (
    !Number.isNaN(start) && start > now.getTime() && isOpenStatus(status) && status !== 'CONFIRMED'
  );
}

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

const NOT_MARKABLE: readonly string[] = ['COMPLETED', 'CANCELLED', 'NO_SHOW', 'DISQUALIFIED'];

/**
 * Spec §4: Mark as needs a start that is not in the future and a status other than COMPLETED,
 * CANCELLED or NO_SHOW. DISQUALIFIED is what marking "disqualified" leaves (the spec does not
 * name it), and it leaves the Pending tab like the other two, so it is marked as well: changing
 * it is a correction (canCorrectStatus), which is recorded as one, not a second Mark as.
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
 * The one bucket besides `all` an appointment counts in (docs/architecture.md, "Counts"). Statuses
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

/** The statuses Mark as leaves; only these can be corrected. */
export const MARKED_STATUSES = [
  'COMPLETED',
  'NO_SHOW',
  'DISQUALIFIED',
] as const satisfies readonly AppointmentStatus[];
export type MarkedStatus = (typeof MARKED_STATUSES)[number];

/** What a marked status can be corrected to: another mark, or back to not marked. */
export const STATUS_CORRECTIONS = [...MARKED_STATUSES, 'UNMARKED'] as const;
export type StatusCorrection = (typeof STATUS_CORRECTIONS)[number];

/**
 * How long after marking a visit it can still go back to not marked. Undo on the toast and a
 * same-day "that was the wrong patient" fit in it; after a day the record has been read (by
 * the dashboard, by billing) as settled, so only a different outcome may replace it, which the
 * history then shows as a correction.
 */
export const UNMARK_WINDOW_MS = 24 * 60 * 60 * 1000;

export function isMarkedStatus(status: string | undefined | null): status is MarkedStatus {
  return (MARKED_STATUSES as readonly string[]).includes(normalizeStatus(status));
}

const STATUS_SETTING_EVENTS: Readonly<Record<string, AppointmentStatus>> = {
  BOOKED: 'BOOKED',
  AUTO_BOOKED: 'BOOKED',
  SCHEDULED: 'SCHEDULED',
  CONFIRMED: 'CONFIRMED',
};

interface StatusEvent {
  type: string;
  timestamp?: DateInput | null;
  to?: string | null;
}

/**
 * The open status a visit had before it was marked, read from its history (oldest first): a
 * booking leaves BOOKED, a patient's confirmation CONFIRMED, and an earlier correction back to
 * an open status that one. Without any of them it is BOOKED, the status every booking starts in.
 */
export function statusBeforeMarking(history: readonly StatusEvent[]): AppointmentStatus {
  let status: AppointmentStatus = INITIAL_APPOINTMENT_STATUS;
  for (const event of history) {
    const type = normalizeStatus(event.type);
    const set = STATUS_SETTING_EVENTS[type];
    if (set) status = set;
    if (type === 'RESCHEDULE') status = statusAfterReschedule(status);
    if (type === 'STATUS_CORRECTED') {
      const to = parseStatus(event.to);
      if (to && !isMarkedStatus(to) && to !== 'CANCELLED') status = to;
    }
  }
  return status;
}

/** When the current mark was recorded: the newest mark or correction in the history. */
export function markedAt(history: readonly StatusEvent[]): number | null {
  let latest: number | null = null;
  for (const event of history) {
    const type = normalizeStatus(event.type);
    if (!isMarkedStatus(type) && type !== 'STATUS_CORRECTED') continue;
    const at = event.timestamp == null ? Number.NaN : new Date(event.timestamp).getTime();
    if (!Number.isNaN(at) && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

export interface CorrectionSubject {
  status?: string | null;
  history: readonly StatusEvent[];
}

/**
 * The corrections a marked visit offers now: any other mark at any time, and back to not marked
 * for UNMARK_WINDOW_MS after it was marked. Nothing for a visit that is not marked (it is
 * marked with Mark as, or cancelled for good).
 */
export function statusCorrectionsFor(subject: CorrectionSubject, now: Date): StatusCorrection[] {
  const status = normalizeStatus(subject.status);
  if (!isMarkedStatus(status)) return [];
  const others: StatusCorrection[] = MARKED_STATUSES.filter((s) => s !== status);
  const at = markedAt(subject.history);
  const unmark = at !== null && now.getTime() - at <= UNMARK_WINDOW_MS;
  return unmark ? [...others, 'UNMARKED'] : others;
}

export function canCorrectStatus(
  subject: CorrectionSubject,
  to: StatusCorrection,
  now: Date,
): boolean {
  return statusCorrectionsFor(subject, now).includes(to);
}

/** The status a correction leaves: the mark itself, or the open status from before marking. */
export function correctedStatus(
  subject: CorrectionSubject,
  to: StatusCorrection,
): AppointmentStatus {
  return to === 'UNMARKED' ? statusBeforeMarking(subject.history) : to;
}

/** "Not marked" reads as the Pending tab that the visit goes back to. */
export function correctionLabel(to: StatusCorrection): string {
  return to === 'UNMARKED' ? 'Not marked (pending)' : statusLabel(to);
}
