import { SERVICE_BUFFER_MAX } from '@domain/services';
import type { SlotCheck } from '@domain/slots';
import type { MoveCheckResponse } from '@contracts/appointments';
import type { Executor } from '../../db/client';
import { conflict, type HttpError } from '../../errors';
import type { SlotSettings } from '../availability';
import { slotRefusal, SLOT_TAKEN_MESSAGE } from './booking-rules';
import { findSlotConflicts, type SlotConflictRow } from './slot-conflicts.repository';

/**
 * A booking made or moved this recently is one the person refused could not have seen: lists and
 * calendars are fresh for 5 minutes (spec §9), so anything older was on their screen to avoid.
 */
export const RECENT_BOOKING_MINUTES = 5;

export const TAKEN_BY_APPOINTMENT_MESSAGE =
  'This time is already taken by another appointment. Pick another slot.';
export const TOO_CLOSE_MESSAGE =
  'This time is too close to another appointment: the provider needs a break between visits. Pick another slot.';
export const HELD_ONLINE_MESSAGE =
  'This time is held for a patient who is booking online. Pick another slot.';

export interface SlotAsked {
  agentId: string;
  start: Date;
  durationMinutes: number;
  now: Date;
  settings: Pick<SlotSettings, 'bufferBeforeMinutes' | 'bufferAfterMinutes'>;
  excludeAppointmentId?: string;
}

/**
 * The one thing that makes a time taken, in the order a person should hear of it: a booking
 * over the time itself before one that only comes within the buffers, and an appointment before
 * a hold, which lapses by itself.
 */
function mainConflict(rows: SlotConflictRow[], asked: SlotAsked) {
  const start = asked.start.getTime();
  const end = start + asked.durationMinutes * 60_000;
  const overlaps = (r: SlotConflictRow) => r.start.getTime() < end && start < r.end.getTime();
  // Blocked ranges, each with its own buffers, as the exclusion constraint compares them.
  const blockedFrom = start - asked.settings.bufferBeforeMinutes * 60_000;
  const blockedTo = end + asked.settings.bufferAfterMinutes * 60_000;
  const blocks = (r: SlotConflictRow) =>
    r.start.getTime() - r.bufferBeforeMinutes * 60_000 < blockedTo &&
    blockedFrom < r.end.getTime() + r.bufferAfterMinutes * 60_000;
  const rank = (r: SlotConflictRow) => (overlaps(r) ? 0 : 2) + (r.kind === 'appointment' ? 0 : 1);
  const sorted = rows.filter(blocks).sort((x, y) => rank(x) - rank(y));
  const first = sorted[0];
  return first ? { row: first, overlaps: overlaps(first) } : null;
}

function wordsFor(found: ReturnType<typeof mainConflict>, now: Date): string {
  if (!found) return SLOT_TAKEN_MESSAGE;
  const { row, overlaps } = found;
  if (row.kind === 'hold') return HELD_ONLINE_MESSAGE;
  const recent =
    row.changedAt !== null &&
    now.getTime() - row.changedAt.getTime() < RECENT_BOOKING_MINUTES * 60_000;
  if (recent) return SLOT_TAKEN_MESSAGE;
  return overlaps ? TAKEN_BY_APPOINTMENT_MESSAGE : TOO_CLOSE_MESSAGE;
}

async function explainTaken(db: Executor, asked: SlotAsked) {
  const start = asked.start.getTime();
  const end = start + asked.durationMinutes * 60_000;
  // Both sides keep buffers (ADR 044): look as far out as this one's and the longest a booking
  // can keep, then keep what really blocks (mainConflict).
  const reach = SERVICE_BUFFER_MAX * 60_000;
  const rows = await findSlotConflicts(db, {
    agentId: asked.agentId,
    from: new Date(start - asked.settings.bufferBeforeMinutes * 60_000 - reach),
    to: new Date(end + asked.settings.bufferAfterMinutes * 60_000 + reach),
    now: asked.now,
    excludeAppointmentId: asked.excludeAppointmentId,
  });
  const found = mainConflict(rows, asked);
  return { found, message: wordsFor(found, asked.now) };
}

/**
 * A refused slot as an error worded by what happened (ADR 034): taken by an appointment that
 * was already there, by one made a moment ago, or held online. The race the exclusion
 * constraint decides is always "just booked".
 */
export async function refusalFor(
  db: Executor,
  check: Exclude<SlotCheck, { ok: true }>,
  agentName: string,
  asked: SlotAsked,
): Promise<HttpError> {
  if (check.reason !== 'taken') return slotRefusal(check, agentName);
  return conflict((await explainTaken(db, asked)).message);
}

/** The answer of a move check: what the change would meet, without making it. */
export async function moveCheckAnswer(
  db: Executor,
  check: SlotCheck,
  agentName: string,
  asked: SlotAsked,
): Promise<MoveCheckResponse> {
  if (check.ok) return { bookable: true, message: null, conflict: null };
  if (check.reason === 'outside_busy') {
    // Busy only in the outside calendar: staff may move it there anyway (ADR 053).
    const message = slotRefusal(check, agentName).message;
    return { bookable: false, message, conflict: null, overridable: true };
  }
  if (check.reason !== 'taken') {
    return { bookable: false, message: slotRefusal(check, agentName).message, conflict: null };
  }
  const { found, message } = await explainTaken(db, asked);
  return {
    bookable: false,
    message,
    conflict: found
      ? {
          kind: found.row.kind,
          start: found.row.start.toISOString(),
          end: found.row.end.toISOString(),
          expiresAt: found.row.expiresAt?.toISOString() ?? null,
        }
      : null,
  };
}
