import { firstNameOnly, visitJoinRefusal } from '@domain/session-window';
import { VISIT_ALREADY_OPEN } from '@contracts/session';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { conflict, forbidden, notFound } from '../../errors';
import type { AuthUser } from '../../core/request-context';
import { recordAudit } from '../audit';
import * as repo from './sessions.repository';
import {
  findSessionByToken,
  noCallRefusal,
  visitKindOfSession,
  windowOf,
} from './sessions.service';

/**
 * A place whose socket has not beaten for this long is free: its instance died without letting
 * go. Two missed heartbeats (see HEARTBEAT_MS in the routes), so a live socket never looks dead.
 */
export const SEAT_STALE_MS = 60_000;

/** Who asks to enter a visit's video room, as the route proved it. */
export type VisitEntrant = { kind: 'patient'; token: string } | { kind: 'staff'; user: AuthUser };

export interface Admission {
  room: string;
  seat: repo.Seat;
  /** The name the other person sees: the staff member's, or the patient's first name. */
  name: string;
  /** The connection that held the place before (the same window, reconnecting): to be closed. */
  evicted: string | null;
}

/**
 * Lets someone into a visit's room, or says why not. The patient comes with their link while the
 * visit is open; of the staff, only the member it is booked with, while it is not cancelled.
 * Either may hold one place only: the same window reconnecting takes its place back, any other
 * connection is refused while that place is alive. A staff member's entry, or refusal, is audited.
 */
export async function enterVisit(
  deps: AppDeps,
  entrant: VisitEntrant,
  appointmentId: string | undefined,
  connection: { connectionId: string; clientId: string; ip: string },
): Promise<Admission> {
  const row =
    entrant.kind === 'patient'
      ? await findSessionByToken(deps, entrant.token)
      : await repo.findById(deps.db.db, appointmentId ?? '');
  if (!row) throw notFound('Appointment not found');
  const state = windowOf(deps, row).state;
  if (entrant.kind === 'patient') {
    if (state !== 'open') throw conflict('The visit is not open.');
    const noCall = noCallRefusal((await visitKindOfSession(deps, row)).kind);
    if (noCall) throw conflict(noCall);
    return claimSeat(deps, row, {
      seat: 'patient',
      userId: null,
      name: firstNameOnly(row.patient.firstName),
      ...connection,
    });
  }

  const { user } = entrant;
  if (!user.clinicIds.has(row.appointment.clinicId)) throw notFound('Appointment not found');
  if (state === 'cancelled') throw conflict('This appointment was cancelled.');
  const refusal = visitJoinRefusal(user.id, row.provider);
  if (refusal) {
    await audit(deps.db.db, row, user.id, connection.ip, deps.now(), 'join_refused', {
      reason: refusal,
    });
    throw forbidden(refusal);
  }
  return claimSeat(deps, row, { seat: 'staff', userId: user.id, name: user.name, ...connection });
}

async function claimSeat(
  deps: AppDeps,
  row: repo.SessionRow,
  claim: {
    seat: repo.Seat;
    userId: string | null;
    name: string;
    connectionId: string;
    clientId: string;
    ip: string;
  },
): Promise<Admission> {
  const now = deps.now();
  const seat: repo.SeatClaim = {
    appointmentId: row.appointment.id,
    seat: claim.seat,
    connectionId: claim.connectionId,
    clientId: claim.clientId,
    userId: claim.userId,
    at: now,
  };
  const evicted = await deps.db.db.transaction(async (tx) => {
    // The place may empty between a refused insert and the lock: then it is simply taken.
    for (let attempt = 0; attempt < 3; attempt++) {
      if (await repo.insertSeat(tx, seat)) {
        if (claim.userId) await audit(tx, row, claim.userId, claim.ip, now, 'join', {});
        return null;
      }
      const holder = await repo.lockSeat(tx, seat.appointmentId, seat.seat);
      if (!holder) continue;
      const sameWindow = holder.clientId === claim.clientId && holder.userId === claim.userId;
      const abandoned = now.getTime() - holder.seenAt.getTime() >= SEAT_STALE_MS;
      // The staff place of a visit reassigned meanwhile belongs to the new staff member now.
      const noLongerBooked = claim.seat === 'staff' && holder.userId !== claim.userId;
      if (!sameWindow && !abandoned && !noLongerBooked) throw conflict(VISIT_ALREADY_OPEN);
      await repo.replaceSeat(tx, seat);
      if (claim.userId && !sameWindow)
        await audit(tx, row, claim.userId, claim.ip, now, 'join', {});
      return holder.connectionId;
    }
    throw conflict(VISIT_ALREADY_OPEN);
  });
  return { room: row.appointment.id, seat: claim.seat, name: claim.name, evicted };
}

/**
 * The heartbeat of a place: anything but `held` means this connection must go — another holds
 * the place now, or staff replaced the link it came in with.
 */
export function keepSeat(
  deps: AppDeps,
  connectionId: string,
  patientToken?: string,
): Promise<'held' | 'taken' | 'link-replaced'> {
  return repo.touchSeat(deps.db.db, connectionId, deps.now(), patientToken);
}

export function leaveSeat(deps: AppDeps, connectionId: string): Promise<void> {
  return repo.releaseSeat(deps.db.db, connectionId);
}

function audit(
  db: Executor,
  row: repo.SessionRow,
  userId: string,
  ip: string,
  at: Date,
  action: 'join' | 'join_refused',
  details: Record<string, unknown>,
) {
  return recordAudit(
    db,
    { userId, ip },
    [
      {
        action,
        entityType: 'appointment',
        entityId: row.appointment.id,
        patientId: row.patient.id,
        details: { by: 'staff', ...details },
      },
    ],
    at,
  );
}
