import type { Appointment, CreateAppointmentBody } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import {
  idempotencyOwnerOf,
  idempotent,
  type IdempotentAnswer,
  type RememberAnswer,
} from '../../core/idempotency';
import { asBookingConflict, retryOnDeadlock } from '../../db/errors';
import { notFound } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import { slotSettings } from '../availability';
import { findClinicPatient, requireMemberClinic } from '../clinics';
import { bufferSettingsOf, requireBookingService, requireServiceLength } from '../services';
import { insertAppointments } from './appointment-writes';
import { actorOf } from './write-actor';
import { NOT_BOOKABLE_MESSAGE, requireStaffBookableTime } from './bookable-time';
import { SLOT_TAKEN_MESSAGE } from './booking-rules';

/** The audit row's note when staff booked over an outside calendar's busy time (ADR 053). */
export const OUTSIDE_BUSY_OVERRIDDEN = { outsideBusyOverridden: true } as const;

/**
 * Books a patient with an agent. The availability check gives a clear reason up front; the
 * exclusion constraint has the last word when two people book the same time at once. With an
 * Idempotency-Key, a retry returns the first answer and books nothing twice.
 */
export async function createAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  body: CreateAppointmentBody,
  idempotencyKey: string | undefined,
): Promise<IdempotentAnswer<Appointment>> {
  // A retry that raced the first request finds the time taken by the first's booking: once that
  // has committed, the answer is the first request's, not a refusal.
  return idempotent(
    deps.db.db,
    { owner: idempotencyOwnerOf(ctx), key: idempotencyKey, fingerprint: body },
    async (remember) => ({ status: 201, body: await book(deps, ctx, body, remember) }),
  );
}

async function book(
  deps: AppDeps,
  ctx: RequestContext,
  body: CreateAppointmentBody,
  remember: RememberAnswer,
): Promise<Appointment> {
  const db = deps.db.db;
  const clinic = requireMemberClinic(ctx.user, body.patient.clinic);
  const patient = await findClinicPatient(db, clinic.id, body.patient.id);
  if (!patient) throw notFound('Patient not found in this clinic.');
  const start = new Date(body.date);
  // No service named: the clinic's default, which takes any length (30 minutes unless asked),
  // so the spec's body books as it always has (ADR 044).
  const service = await requireBookingService(db, clinic.id, body.serviceId);
  const duration = requireServiceLength(service, body.staff.id, body.duration);
  const now = deps.now();
  // One statement reads the agent's bookings and holds around this one time: a clear reason up
  // front; the exclusion constraint has the last word.
  const { agent, overrodeOutsideBusy } = await requireStaffBookableTime(
    db,
    {
      clinicId: clinic.id,
      agentId: body.staff.id,
      start,
      durationMinutes: duration,
      now,
      settings: slotSettings(deps.config, bufferSettingsOf(service), clinic.id),
      notBookableMessage: NOT_BOOKABLE_MESSAGE,
    },
    body.overrideOutsideBusy === true,
  );
  const actor = actorOf(ctx);
  try {
    return await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const [booked] = await insertAppointments(
          tx,
          deps,
          actor,
          [
            {
              clinic,
              patient,
              agent,
              start,
              duration,
              notes: body.metadata?.notes || null,
              service,
              resource: { pick: body.resourceId },
              ...(overrodeOutsideBusy ? { auditDetails: OUTSIDE_BUSY_OVERRIDDEN } : {}),
            },
          ],
          now,
        );
        // The answer is made inside the booking's transaction: once it commits there is nothing
        // left that could fail and turn a made booking into an error.
        await remember(tx, { status: 201, body: booked!.view });
        return booked!.view;
      }),
    );
  } catch (err) {
    throw asBookingConflict(err, SLOT_TAKEN_MESSAGE);
  }
}
