import type { Appointment as FhirAppointment } from '@medplum/fhirtypes';
import { applyPatch, type Operation } from 'rfc6902';
import { fhirStatusChange } from '@domain/fhir-appointment-status';
import { updateAppointmentBody, updateNotesBody } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import {
  cancelAppointment,
  changeAppointment,
  correctStatus,
  editNotes,
  markAppointment,
  type AppointmentRecord,
} from '../appointments';
import { clinicById, readFhirAppointment, toResource } from './fhir-appointments';
import { checkVersion, participantsOf, placesOf, timeOf } from './fhir-appointment-create';
import { validateIncoming } from './fhir-validation';
import { FhirError, invalid, unprocessable } from './outcome';
import { zodOutcome } from './zod-outcome';
import { serviceIdOf, serviceKey, servicesOfAppointments } from './fhir-services';

// A FHIR client changes an appointment by sending it back (PUT) or a JSON Patch of it (PATCH).
// What differs from the stored appointment becomes the app's own actions, each through the
// appointments module with its rules, history, notifications and audit: a new time or agent is
// a reschedule or reassign, a new comment a notes edit, a new status a cancel, mark or
// correction (ADR 015). Each action commits on its own, in that order.

/** The reason of a cancellation as FHIR carries it: its text, else its coding's display or code. */
function reasonOf(resource: FhirAppointment): string | undefined {
  const reason = resource.cancelationReason;
  return reason?.text ?? reason?.coding?.[0]?.display ?? reason?.coding?.[0]?.code;
}

async function applyFhirChanges(
  deps: AppDeps,
  ctx: RequestContext,
  current: AppointmentRecord,
  wanted: FhirAppointment,
) {
  const { view } = current;
  const id = view._id;
  const participants = participantsOf(wanted);
  if (participants.patient !== undefined && participants.patient !== view.patient.id) {
    throw unprocessable(
      'The patient of an appointment cannot change; cancel it and book a new one.',
      'Appointment.participant',
    );
  }
  const otherClinic = participants.locations.find(
    (location) => location !== current.clinicId && clinicById(ctx, location),
  );
  if (otherClinic !== undefined) {
    throw unprocessable('An appointment cannot move to another clinic.', 'Appointment.participant');
  }
  // Its room or equipment may be sent back as read; another is a move staff make in the app.
  const places = await placesOf(deps, ctx, participants);
  if (places.resources.some((r) => r.id !== view.resourceId)) {
    throw unprocessable(
      'An appointment moves to another room or equipment in the app (Move to another room), not here.',
      'Appointment.participant',
    );
  }
  if (participants.role !== undefined) {
    throw unprocessable(
      'Name the agent with a Practitioner participant, as this server writes it.',
      'Appointment.participant',
    );
  }
  // What was booked stays: a new service is a new appointment. No serviceType keeps it.
  const serviceId = serviceIdOf(wanted.serviceType, 'Appointment.serviceType');
  if (serviceId !== undefined) {
    const booked = (await servicesOfAppointments(deps, [current])).get(serviceKey(current))!;
    if (serviceId !== booked.id) {
      throw unprocessable(
        'The service of an appointment cannot change; cancel it and book a new one.',
        'Appointment.serviceType',
      );
    }
  }
  const agentId = participants.practitioner ?? view.staff.id;
  const time = timeOf(wanted, { start: current.startAt, durationMinutes: view.duration });
  const moved =
    agentId !== view.staff.id ||
    time.start.getTime() !== current.startAt.getTime() ||
    time.durationMinutes !== view.duration;
  const notes = updateNotesBody.safeParse({ notes: wanted.comment ?? null });
  if (!notes.success) throw zodOutcome(notes.error, { notes: 'Appointment.comment' });
  const notesChanged = (notes.data.notes || null) !== (view.metadata.notes || null);
  const status = fhirStatusChange(view.metadata.status, wanted.status);
  if (status.kind === 'refuse') {
    const supported = ['booked', 'cancelled', 'fulfilled', 'noshow'].includes(wanted.status);
    throw new FhirError(
      supported ? 409 : 422,
      supported ? 'conflict' : 'business-rule',
      status.reason,
      'Appointment.status',
    );
  }

  let changed = false;
  if (moved) {
    const body = updateAppointmentBody.safeParse({
      date: time.start.toISOString(),
      staff: { id: agentId },
      duration: time.durationMinutes,
    });
    if (!body.success) throw zodOutcome(body.error, { date: 'Appointment.start' });
    await changeAppointment(deps, ctx, id, body.data);
    changed = true;
  }
  if (notesChanged) {
    await editNotes(deps, ctx, id, notes.data.notes);
    changed = true;
  }
  switch (status.kind) {
    case 'cancel':
      await cancelAppointment(deps, ctx, id, reasonOf(wanted));
      changed = true;
      break;
    case 'mark':
      await markAppointment(deps, ctx, id, status.action);
      changed = true;
      break;
    case 'correct':
      await correctStatus(deps, ctx, id, status.to);
      changed = true;
      break;
    case 'none':
      break;
  }
  // Unchanged, the answer is a read like any other, and audited as one.
  const record = await readFhirAppointment(deps, ctx, id, { audit: !changed });
  return toResource(deps, ctx, record);
}

/** PUT: the appointment as the client wants it; its id must be the one in the address. */
export async function updateFhirAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  body: unknown,
  ifMatch: string | undefined,
) {
  const current = await readFhirAppointment(deps, ctx, id, { audit: false });
  const wanted = await validateIncoming<FhirAppointment>(body, 'Appointment');
  if (wanted.id !== id) {
    throw invalid('The appointment sent must carry the id in the address.', 'Appointment.id');
  }
  checkVersion(ifMatch, current);
  return applyFhirChanges(deps, ctx, current, wanted);
}

/** Path segments that name an object's machinery, not an element of a FHIR resource. */
const UNSAFE_SEGMENT = /(^|\/)(__proto__|constructor|prototype)(\/|$)/;

function isOperation(value: unknown): value is Operation {
  const op = value as { op?: unknown; path?: unknown; from?: unknown } | null;
  return (
    typeof op === 'object' &&
    op !== null &&
    typeof op.op === 'string' &&
    ['add', 'remove', 'replace', 'move', 'copy', 'test'].includes(op.op) &&
    typeof op.path === 'string' &&
    !UNSAFE_SEGMENT.test(op.path) &&
    (op.from === undefined || (typeof op.from === 'string' && !UNSAFE_SEGMENT.test(op.from)))
  );
}

/**
 * PATCH with a JSON Patch (RFC 6902) of the appointment as this server writes it, e.g.
 * `[{"op":"replace","path":"/status","value":"cancelled"},
 *   {"op":"add","path":"/cancelationReason","value":{"text":"Patient asked"}}]`.
 */
export async function patchFhirAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  patch: unknown,
  ifMatch: string | undefined,
) {
  if (!Array.isArray(patch) || !patch.every(isOperation)) {
    throw invalid(
      'Send a JSON Patch: an array of operations such as {"op":"replace","path":"/status","value":"cancelled"}.',
    );
  }
  const current = await readFhirAppointment(deps, ctx, id, { audit: false });
  checkVersion(ifMatch, current);
  const document = structuredClone(await toResource(deps, ctx, current)) as unknown as Record<
    string,
    unknown
  >;
  const results = applyPatch(document, patch);
  const failed = results.findIndex((r) => r !== null);
  if (failed !== -1) {
    const error = results[failed]!;
    // A failed test is the client's precondition not holding; any other failure a bad patch.
    const test = patch[failed]!.op === 'test';
    throw new FhirError(
      test ? 422 : 400,
      test ? 'business-rule' : 'invalid',
      `Patch operation ${failed + 1} (${patch[failed]!.op} ${patch[failed]!.path}) failed: ${error.message}`,
    );
  }
  if (document.id !== id) throw invalid('A patch cannot change the id.', 'Appointment.id');
  const wanted = await validateIncoming<FhirAppointment>(document, 'Appointment');
  return applyFhirChanges(deps, ctx, current, wanted);
}
