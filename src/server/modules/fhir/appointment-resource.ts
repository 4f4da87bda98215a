import type { Appointment as FhirAppointment, Extension } from '@medplum/fhirtypes';
import { normalizeStatus } from '@domain/appointment-status';
import { toFhirStatus } from '@domain/fhir-appointment-status';
import type { ClinicSummary } from '@contracts/auth';
import type { AppointmentRecord } from '../appointments';
import { sessionLink } from '../notifications';
import { slotId } from './fhir-ids';
import type { BookingService } from '../services';
import { serviceConcept } from './service-resources';
import type { ClinicResource } from './clinic-resources.repository';
import { resourceReference } from './room-device-resources';

/**
 * The patient's visit link, as FHIR R5's Appointment.virtualService says it, in R4 through the
 * cross-version extension for that element (ADR 015): `address` is the link patients open,
 * `channelType` says it is Carebook's own video visit.
 */
export const VIRTUAL_SERVICE_EXTENSION =
  'http://hl7.org/fhir/5.0/StructureDefinition/extension-Appointment.virtualService';

function virtualService(publicUrl: string, token: string): Extension {
  return {
    url: VIRTUAL_SERVICE_EXTENSION,
    extension: [
      { url: 'channelType', valueCoding: { display: 'Carebook video visit' } },
      { url: 'address', valueUrl: sessionLink(publicUrl, token) },
    ],
  };
}

/** The reason of the cancellation the history records last. */
function cancelReason(record: AppointmentRecord): string | undefined {
  const status = normalizeStatus(record.view.metadata.status);
  if (status === 'DISQUALIFIED') return 'Disqualified';
  if (status !== 'CANCELLED') return undefined;
  const cancelled = record.view.statusHistory.filter((e) => e.type === 'CANCELLED').at(-1);
  return cancelled?.reason ?? 'Cancelled';
}

/**
 * An appointment as FHIR R4 has it; its id is the JSON API's (GET /api/appointments/{id}). The
 * visit link is there only when the caller may have it (`visitLink`, ADR 030): without it there
 * is no virtualService at all, rather than one without an address.
 */
export function toFhirAppointment(
  record: AppointmentRecord,
  clinic: ClinicSummary | undefined,
  options: {
    publicUrl: string;
    visitLink: boolean;
    service: BookingService;
    /** The room or equipment it uses, if any (ADR 045). */
    resource?: ClinicResource;
  },
): FhirAppointment {
  const { view } = record;
  const reason = cancelReason(record);
  return {
    resourceType: 'Appointment',
    id: view._id,
    meta: { versionId: String(record.version), lastUpdated: record.updatedAt.toISOString() },
    ...(options.visitLink ? { extension: [virtualService(options.publicUrl, view.token)] } : {}),
    status: toFhirStatus(view.metadata.status),
    ...(reason ? { cancelationReason: { text: reason } } : {}),
    // What was booked (null service_id: the clinic's default). appointmentType (HL7 v2 table
    // 0276: routine, follow-up, walk-in…) is left out: nothing we keep says which it is.
    serviceType: [serviceConcept(options.service)],
    start: record.startAt.toISOString(),
    end: record.endAt.toISOString(),
    minutesDuration: view.duration,
    slot: [
      {
        reference: `Slot/${slotId({
          agentId: view.staff.id,
          clinicId: record.clinicId,
          start: record.startAt,
          durationMinutes: view.duration,
          serviceId: options.service.isDefault ? undefined : options.service.id,
        })}`,
      },
    ],
    created: record.createdAt.toISOString(),
    ...(view.metadata.notes ? { comment: view.metadata.notes } : {}),
    participant: [
      {
        actor: { reference: `Patient/${view.patient.id}`, display: view.patient.name },
        required: 'required',
        status: 'accepted',
      },
      {
        actor: { reference: `Practitioner/${view.staff.id}`, display: view.staff.name },
        required: 'required',
        status: 'accepted',
      },
      {
        actor: {
          reference: `Location/${record.clinicId}`,
          ...(clinic ? { display: clinic.name } : {}),
        },
        required: 'required',
        status: 'accepted',
      },
      // The room (a Location of its own, part of the clinic's) or equipment (a Device) it uses.
      ...(options.resource
        ? [
            {
              actor: resourceReference(options.resource),
              required: 'required' as const,
              status: 'accepted' as const,
            },
          ]
        : []),
    ],
  };
}
