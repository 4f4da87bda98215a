import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACTIVE_STATUSES } from '@domain/appointment-status';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

export interface SlotConflictRow {
  kind: 'appointment' | 'hold';
  start: Date;
  end: Date;
  /** A hold's expiry; null for an appointment. */
  expiresAt: Date | null;
  /** When an appointment was booked or last changed; null for a hold. */
  changedAt: Date | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/**
 * What holds the agent's time in [from, to) at `now`: appointments (but the one being moved) and
 * holds open on the public booking page. Read only after a refusal, to say what happened.
 */
export async function findSlotConflicts(
  db: Executor,
  input: { agentId: string; from: Date; to: Date; now: Date; excludeAppointmentId?: string },
): Promise<SlotConflictRow[]> {
  const a = t.appointments;
  const h = t.onlineBookingHolds;
  const [appointments, holds] = await Promise.all([
    db
      .select({
        start: a.startAt,
        end: a.endAt,
        changedAt: a.updatedAt,
        bufferBeforeMinutes: a.bufferBeforeMinutes,
        bufferAfterMinutes: a.bufferAfterMinutes,
      })
      .from(a)
      .where(
        and(
          eq(a.staffId, input.agentId),
          inArray(a.status, [...ACTIVE_STATUSES]),
          sql`${a.startAt} < ${input.to}`,
          sql`${a.endAt} > ${input.from}`,
          input.excludeAppointmentId ? sql`${a.id} <> ${input.excludeAppointmentId}` : undefined,
        ),
      ),
    db
      .select({
        start: h.startAt,
        end: h.endAt,
        expiresAt: h.expiresAt,
        bufferBeforeMinutes: h.bufferBeforeMinutes,
        bufferAfterMinutes: h.bufferAfterMinutes,
      })
      .from(h)
      .where(
        and(
          eq(h.staffId, input.agentId),
          eq(h.state, 'open'),
          sql`${h.expiresAt} > ${input.now}`,
          sql`${h.startAt} < ${input.to}`,
          sql`${h.endAt} > ${input.from}`,
        ),
      ),
  ]);
  return [
    ...appointments.map((r) => ({ kind: 'appointment' as const, ...r, expiresAt: null })),
    ...holds.map((r) => ({ kind: 'hold' as const, ...r, changedAt: null })),
  ];
}
