import type { Appointment as FhirAppointment } from '@medplum/fhirtypes';
import type { ClinicSummary } from '@contracts/auth';
import { createAppointmentBody } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { createAppointment } from '../appointments';
import { findClinicPatient } from '../clinics';
import { parseAgentAtClinicId, parseSlotId, isUuid, type ParsedSlotId } from './fhir-ids';
import { serviceIdOf } from './fhir-services';
import { serviceOfSlot } from './fhir-slots';
import type { ClinicResource } from './clinic-resources.repository';
import { findCallerResources } from './fhir-rooms-equipment';
import { validateIncoming } from './fhir-validation';
import { FhirError, invalid, resourceNotFound, unprocessable } from './outcome';
import { referenceId, referenceParts } from './references';
import { zodOutcome } from './zod-outcome';
import { clinicById, readFhirAppointment, toResource } from './fhir-appointments';

// What a client sends for an appointment, read into our terms: its actors, places and time (a
// create and a change read them alike), the create itself, and the version a change names.

/** The actors of an appointment a client sent, by type. */
export function participantsOf(resource: FhirAppointment) {
  const found: Record<string, string[]> = {};
  for (const participant of resource.participant) {
    const reference = participant.actor?.reference;
    const parts = reference ? referenceParts(reference) : null;
    if (!parts) continue;
    (found[parts.type] ??= []).push(parts.id);
  }
  const one = (type: string) => {
    const ids = found[type] ?? [];
    if (ids.length > 1) {
      throw unprocessable(`An appointment has one ${type} participant.`, 'Appointment.participant');
    }
    return ids[0];
  };
  return {
    patient: one('Patient'),
    practitioner: one('Practitioner'),
    role: one('PractitionerRole'),
    // The clinic's Location and a room's (ADR 045): told apart by the caller's clinics.
    locations: [...new Set(found.Location ?? [])],
    devices: [...new Set(found.Device ?? [])],
  };
}

/**
 * The clinic the Location participants name (one at most) and the rooms and equipment the
 * Location and Device participants name, which must be the caller's: another is not found.
 */
export async function placesOf(
  deps: AppDeps,
  ctx: RequestContext,
  participants: { locations: string[]; devices: string[] },
): Promise<{ clinicId: string | undefined; resources: ClinicResource[] }> {
  const clinics = participants.locations.filter((id) => clinicById(ctx, id));
  if (clinics.length > 1) {
    throw unprocessable('An appointment is at one clinic.', 'Appointment.participant');
  }
  const others = participants.locations.filter((id) => !clinicById(ctx, id));
  const resources = await findCallerResources(deps, ctx, [...others, ...participants.devices]);
  const known = (id: string, kind: ClinicResource['kind']) =>
    resources.some((r) => r.id === id.toLowerCase() && r.kind === kind);
  const unknownRoom = others.find((id) => !known(id, 'room'));
  if (unknownRoom !== undefined) throw resourceNotFound('Location', unknownRoom);
  const unknownDevice = participants.devices.find((id) => !known(id, 'equipment'));
  if (unknownDevice !== undefined) throw resourceNotFound('Device', unknownDevice);
  return { clinicId: clinics[0], resources };
}

/** Start and length: from start and end (or minutesDuration), or from the slot booked. */
export function timeOf(
  resource: FhirAppointment,
  fallback?: { start: Date; durationMinutes: number },
): { start: Date; durationMinutes: number } {
  const start = resource.start ? new Date(resource.start) : fallback?.start;
  if (!start) {
    throw invalid('Say when: start and end, or a slot.', 'Appointment.start');
  }
  const minutes = resource.end
    ? (new Date(resource.end).getTime() - start.getTime()) / 60_000
    : (resource.minutesDuration ?? fallback?.durationMinutes);
  if (minutes === undefined)
    throw invalid('Say how long: end or minutesDuration.', 'Appointment.end');
  if (!Number.isInteger(minutes) || minutes <= 0) {
    throw invalid(
      'The appointment must last a whole number of minutes, end after start.',
      'Appointment.end',
    );
  }
  if (resource.minutesDuration !== undefined && resource.minutesDuration !== minutes) {
    throw invalid(
      'minutesDuration does not agree with start and end.',
      'Appointment.minutesDuration',
    );
  }
  return { start, durationMinutes: minutes };
}

/** The one value several parts of the request name, refusing two that disagree. */
function agreed(values: Array<string | undefined>, what: string): string | undefined {
  const given = [...new Set(values.filter((v): v is string => v !== undefined))];
  if (given.length > 1) {
    throw unprocessable(
      `The slot, participants and location name different ${what}s.`,
      'Appointment',
    );
  }
  return given[0];
}

/**
 * The service a create books: the one serviceType names with our system, or the slot's; the two
 * must agree. A slot of the default service, or none, leaves it to serviceType.
 */
async function serviceToBook(
  deps: AppDeps,
  clinic: ClinicSummary,
  resource: FhirAppointment,
  slot: ParsedSlotId | null,
): Promise<string | undefined> {
  const named = serviceIdOf(resource.serviceType, 'Appointment.serviceType');
  if (!slot?.serviceTag) return named;
  const ofSlot = await serviceOfSlot(deps, clinic.id, slot.serviceTag);
  if (!ofSlot) throw unprocessable('The slot’s service is no longer offered.', 'Appointment.slot');
  if (named && named !== ofSlot.id) {
    throw unprocessable(
      'serviceType names another service than the slot was offered for.',
      'Appointment.serviceType',
    );
  }
  return ofSlot.id;
}

/** The caller's clinic the patient belongs to, when nothing else names the clinic. */
async function clinicOfPatient(deps: AppDeps, ctx: RequestContext, patientId: string) {
  for (const clinic of ctx.user.clinics) {
    if (await findClinicPatient(deps.db.db, clinic.id, patientId)) return clinic;
  }
  throw resourceNotFound('Patient', patientId);
}

/**
 * Books through the appointments module, as the app's booking does: the same availability rules,
 * the same exclusion constraint (a taken time is 409), history, notifications and audit. The
 * time comes from start and end or from the slot referred to; the agent from the Practitioner
 * (or PractitionerRole) participant or the slot.
 */
export async function createFhirAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  body: unknown,
  idempotencyKey: string | undefined,
) {
  const resource = await validateIncoming<FhirAppointment>(body, 'Appointment');
  if (resource.status !== 'booked') {
    throw unprocessable('A new appointment is booked: send status booked.', 'Appointment.status');
  }
  if ((resource.slot?.length ?? 0) > 1) {
    throw unprocessable('Book one slot per appointment.', 'Appointment.slot');
  }
  const slotReference = resource.slot?.[0]?.reference;
  const slotIdGiven = slotReference && referenceId(slotReference, 'Slot', 'Appointment.slot');
  const slot = slotIdGiven ? parseSlotId(slotIdGiven) : null;
  if (slotIdGiven && !slot) throw resourceNotFound('Slot', slotIdGiven);
  const participants = participantsOf(resource);
  const role = participants.role ? parseAgentAtClinicId(participants.role) : null;
  if (participants.role && !role) throw resourceNotFound('PractitionerRole', participants.role);
  const patientId = participants.patient;
  if (!patientId) {
    throw invalid(
      'A Patient participant says who the appointment is for.',
      'Appointment.participant',
    );
  }
  if (!isUuid(patientId)) throw resourceNotFound('Patient', patientId);
  const agentId = agreed([participants.practitioner, role?.agentId, slot?.agentId], 'practitioner');
  if (!agentId) {
    throw invalid(
      'A Practitioner participant (or a slot) says who the appointment is with.',
      'Appointment.participant',
    );
  }
  const time = timeOf(resource, slot ?? undefined);
  if (
    slot &&
    (time.start.getTime() !== slot.start.getTime() || time.durationMinutes !== slot.durationMinutes)
  ) {
    throw unprocessable('start and end must be those of the slot booked.', 'Appointment.start');
  }
  const places = await placesOf(deps, ctx, participants);
  // A room or machine named is the staff's pick in the app: checked by the one write path (its
  // service needs it, it is open and free), else the first free one is given (ADR 045).
  if (places.resources.length > 1) {
    throw unprocessable(
      'Name at most one room or piece of equipment: the one the service needs.',
      'Appointment.participant',
    );
  }
  const resourceId = places.resources[0]?.id;
  const clinicId = agreed([slot?.clinicId, role?.clinicId, places.clinicId], 'clinic');
  const clinic = clinicId ? clinicById(ctx, clinicId) : await clinicOfPatient(deps, ctx, patientId);
  if (!clinic) throw resourceNotFound('Location', clinicId!);
  const serviceId = await serviceToBook(deps, clinic, resource, slot);

  const parsed = createAppointmentBody.safeParse({
    date: time.start.toISOString(),
    staff: { id: agentId },
    patient: { id: patientId, clinic: clinic.slug },
    duration: time.durationMinutes,
    // None named: the clinic's default service, as before services (ADR 044). An unknown or
    // another clinic's service is refused by the services module in words (422).
    ...(serviceId ? { serviceId } : {}),
    ...(resourceId ? { resourceId } : {}),
    metadata: { notes: resource.comment ?? null },
  });
  if (!parsed.success) throw zodOutcome(parsed.error);
  const answer = await createAppointment(deps, ctx, parsed.data, idempotencyKey);
  const record = await readFhirAppointment(deps, ctx, answer.body._id, { audit: false });
  return { replayed: answer.replayed, resource: await toResource(deps, ctx, record), record };
}

/** `If-Match: W/"3"`: the change is refused when the record is no longer at version 3. */
export function checkVersion(
  ifMatch: string | undefined,
  record: { version: number },
  what = 'appointment',
) {
  if (ifMatch === undefined) return;
  const match = /^(?:W\/)?"(\d+)"$/.exec(ifMatch.trim());
  if (!match) throw invalid('If-Match must be an ETag this server gave, such as W/"3".');
  if (Number(match[1]) !== record.version) {
    throw new FhirError(
      412,
      'conflict',
      `This ${what} has changed since version ${match[1]}: it is at version ${record.version}. Read it again and retry.`,
    );
  }
}
