import type { CodeableConcept, HealthcareService } from '@medplum/fhirtypes';
import { describeDurations, type ServiceKind } from '@domain/services';
import type { ClinicSummary } from '@contracts/auth';
import type { BookingService } from '../services';

// What a clinic books (issue 42, ADR 044) as FHIR R4 has it: each service is a HealthcareService
// (its id is the service's), and Appointment, Slot and Schedule name it in serviceType with a
// coding of our own system whose code is that id.

/** Our code system for services: the code is the service id, the display its name. */
export const SERVICE_SYSTEM = 'urn:carebook:service';

/**
 * How a service happens, as HL7 v3 ParticipationMode codes it (face-to-face, videoconferencing,
 * telephone): R4's HealthcareService has no element of its own for it, so it is a characteristic.
 */
export const PARTICIPATION_MODE_SYSTEM =
  'http://terminology.hl7.org/CodeSystem/v3-ParticipationMode';

const KIND_CODES: Record<ServiceKind, { code: string; display: string; text: string }> = {
  in_person: { code: 'FACE', display: 'face-to-face', text: 'In person' },
  video: { code: 'VIDEOCONF', display: 'videoconferencing', text: 'Video' },
  phone: { code: 'PHONE', display: 'telephone', text: 'Phone' },
};

/** The kinds by the ParticipationMode code a search may name. */
export function kindOfCode(code: string): ServiceKind | undefined {
  return (Object.keys(KIND_CODES) as ServiceKind[]).find((k) => KIND_CODES[k].code === code);
}

/** The service as Appointment, Slot, Schedule and HealthcareService name it. */
export function serviceConcept(service: Pick<BookingService, 'id' | 'name'>): CodeableConcept {
  return {
    coding: [{ system: SERVICE_SYSTEM, code: service.id, display: service.name }],
    text: service.name,
  };
}

function kindConcept(kind: ServiceKind): CodeableConcept {
  const { code, display, text } = KIND_CODES[kind];
  return { coding: [{ system: PARTICIPATION_MODE_SYSTEM, code, display }], text };
}

/** The lengths and buffers in a sentence: what R4's comment ("brief description") is for. */
function describeService(service: BookingService): string {
  const lengths = service.isDefault
    ? `Any length from 5 to 480 minutes, ${service.durations[0]} unless another is asked for`
    : describeDurations(service.durations);
  const kept = [
    service.bufferBeforeMinutes ? `${service.bufferBeforeMinutes} minutes before` : '',
    service.bufferAfterMinutes ? `${service.bufferAfterMinutes} minutes after` : '',
  ].filter(Boolean);
  const buffers = kept.length ? `, with ${kept.join(' and ')} kept free` : '';
  const where = service.location ? ` Where: ${service.location}.` : '';
  return `${KIND_CODES[service.kind].text}: ${lengths}${buffers}.${where}`;
}

export function toHealthcareService(
  service: BookingService,
  clinic: ClinicSummary,
): HealthcareService {
  return {
    resourceType: 'HealthcareService',
    id: service.id,
    active: !service.archived,
    providedBy: { reference: `Organization/${clinic.id}`, display: clinic.name },
    type: [serviceConcept(service)],
    location: [{ reference: `Location/${clinic.id}`, display: clinic.name }],
    name: service.name,
    comment: describeService(service),
    ...(service.instructions ? { extraDetails: service.instructions } : {}),
    characteristic: [kindConcept(service.kind)],
    appointmentRequired: true,
  };
}
