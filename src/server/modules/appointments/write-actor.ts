// Who writes an appointment, worked out once for the one write path (appointment-writes.ts).
import type { BookingChannel } from '@domain/booking-channels';
import { auditUserIdOf, staffUserIdOf, type RequestContext } from '../../core/request-context';

/**
 * Who writes, worked out once: the name the history shows, the staff user that history and
 * `created_by` name (none for an integration token, a patient or someone without an account),
 * the user the audit row names (the staff member or the token), and the address.
 */
export interface WriteActor {
  userId: string | null;
  auditUserId: string | null;
  name: string;
  ip: string;
  /** The patient acting through their visit link: the audit row says `by: patient`. */
  byPatient: boolean;
  /** The way a booking this actor makes came in, as the reports count it (ADR 052). */
  channel: BookingChannel;
}

/** The actor of a signed-in request, a token's call or a patient's own change. */
export function actorOf(ctx: RequestContext): WriteActor {
  return {
    userId: staffUserIdOf(ctx),
    auditUserId: auditUserIdOf(ctx),
    name: ctx.user.name,
    ip: ctx.ip,
    byPatient: ctx.patient !== undefined,
    channel: ctx.apiToken ? 'fhir' : ctx.patient ? 'self_service' : 'front_desk',
  };
}

/**
 * The actor of a booking nobody signed in made: an accepted offer (the patient's own, through
 * its link), a confirmed online hold (its `source` says online, which decides its channel).
 */
export function actorWithoutAccount(
  by: { userId: string | null; name: string },
  ip: string,
): WriteActor {
  return {
    userId: by.userId,
    auditUserId: by.userId,
    name: by.name,
    ip,
    byPatient: false,
    channel: 'self_service',
  };
}
