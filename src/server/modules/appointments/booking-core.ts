import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { asBookingConflict } from '../../db/errors';
import { lockAgents } from '../../db/locks';
import { notFound } from '../../errors';
import { slotSettings } from '../availability';
import { findClinicPatient } from '../clinics';
import { bufferSettingsOf, requireBookingService } from '../services';
import { insertAppointments } from './appointment-writes';
import { actorWithoutAccount } from './write-actor';
import { requireBookableTime } from './bookable-time';
import { SLOT_TAKEN_MESSAGE } from './booking-rules';

/**
 * A booking someone other than a signed-in staff member asks for: a patient's accepted offer, or
 * a confirmed online booking.
 */
export interface BookingRequest {
  clinic: { id: string; slug: string; name: string; timezone: string };
  patientId: string;
  agentId: string;
  start: Date;
  duration: number;
  /** What is booked; absent: the clinic's default service. */
  serviceId?: string | null;
  /** The room or equipment held with the time (an online hold's): kept if still free. */
  resourceId?: string | null;
  notes: string | null;
  source?: string;
  by: { userId: string | null; name: string };
  ip: string;
}

/**
 * Books inside the caller's transaction through the same rules as the create endpoint: the
 * patient and agent of the clinic, the agent's hours, notice and horizon, the time still free.
 * The waitlist gets this function from the app (ADR 019), so that it books without importing
 * this module, which tells it of freed time.
 */
export function bookInTransaction(deps: AppDeps) {
  return async (tx: Executor, r: BookingRequest): Promise<{ id: string; token: string }> => {
    const patient = await findClinicPatient(tx, r.clinic.id, r.patientId);
    if (!patient) throw notFound('Patient not found in this clinic.');
    const now = deps.now();
    // The length was settled when the time was held or offered; the buffers are the service's.
    const service = await requireBookingService(tx, r.clinic.id, r.serviceId);
    // Under the agent's booking lock, the time checked free stays free until the insert.
    await lockAgents(tx, [r.agentId]);
    const agent = await requireBookableTime(tx, {
      clinicId: r.clinic.id,
      agentId: r.agentId,
      start: r.start,
      durationMinutes: r.duration,
      now,
      settings: slotSettings(deps.config, bufferSettingsOf(service), r.clinic.id),
      notBookableMessage: 'The provider no longer takes appointments at this clinic.',
    });
    try {
      const [booked] = await insertAppointments(
        tx,
        deps,
        actorWithoutAccount(r.by, r.ip),
        [
          {
            clinic: r.clinic,
            patient,
            agent,
            start: r.start,
            duration: r.duration,
            notes: r.notes,
            source: r.source,
            service,
            resource: { prefer: r.resourceId },
          },
        ],
        now,
      );
      return booked!;
    } catch (err) {
      throw asBookingConflict(err, SLOT_TAKEN_MESSAGE);
    }
  };
}
export type BookInTransaction = ReturnType<typeof bookInTransaction>;
