import type {
  Location,
  Organization,
  Practitioner,
  PractitionerRole,
  Schedule,
  Slot,
} from '@medplum/fhirtypes';
import type { ClinicSummary } from '@contracts/auth';
import type { AgentView } from '@contracts/clinics';
import { agentAtClinicId, slotId, type SlotKey } from './fhir-ids';
import type { BookingService } from '../services';
import { serviceConcept } from './service-resources';

// The resources around appointments, from the records the JSON API shows: a clinic is an
// Organization and its one Location (same id), a provider or nurse a Practitioner (the agent's
// id), with a PractitionerRole and a Schedule at each clinic they work at.

/** R5 core's time-zone extension, which R4 servers use for a Location's zone. */
export const TIMEZONE_EXTENSION = 'http://hl7.org/fhir/StructureDefinition/timezone';

export function toOrganization(clinic: ClinicSummary): Organization {
  return {
    resourceType: 'Organization',
    id: clinic.id,
    active: true,
    name: clinic.name,
    alias: [clinic.slug],
  };
}

export function toLocation(clinic: ClinicSummary): Location {
  return {
    resourceType: 'Location',
    id: clinic.id,
    extension: [{ url: TIMEZONE_EXTENSION, valueCode: clinic.timezone }],
    status: 'active',
    name: clinic.name,
    alias: [clinic.slug],
    mode: 'instance',
    managingOrganization: { reference: `Organization/${clinic.id}`, display: clinic.name },
  };
}

export function toPractitioner(agent: AgentView): Practitioner {
  return {
    resourceType: 'Practitioner',
    id: agent._id,
    active: true,
    name: [{ text: agent.name }],
    telecom: [{ system: 'email', value: agent.email, use: 'work' }],
  };
}

const ROLE_CODES: Record<string, PractitionerRole['code']> = {
  nurse: [
    {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/practitioner-role',
          code: 'nurse',
          display: 'Nurse',
        },
      ],
      text: 'Nurse',
    },
  ],
  provider: [{ text: 'Provider' }],
};

export function toPractitionerRole(agent: AgentView, clinic: ClinicSummary): PractitionerRole {
  return {
    resourceType: 'PractitionerRole',
    id: agentAtClinicId({ agentId: agent._id, clinicId: clinic.id }),
    active: true,
    practitioner: { reference: `Practitioner/${agent._id}`, display: agent.name },
    organization: { reference: `Organization/${clinic.id}`, display: clinic.name },
    location: [{ reference: `Location/${clinic.id}`, display: clinic.name }],
    ...(ROLE_CODES[agent.role] ? { code: ROLE_CODES[agent.role] } : {}),
  };
}

/** One agent's bookable time at one clinic: what the slots of that pair come from. */
export function toSchedule(
  agent: AgentView,
  clinic: ClinicSummary,
  horizon: { start: Date; end: Date },
  services: ReadonlyArray<Pick<BookingService, 'id' | 'name'>>,
): Schedule {
  return {
    resourceType: 'Schedule',
    id: agentAtClinicId({ agentId: agent._id, clinicId: clinic.id }),
    active: true,
    // The services the agent offers at the clinic: a Slot search by service-type books them.
    ...(services.length ? { serviceType: services.map(serviceConcept) } : {}),
    actor: [
      { reference: `Practitioner/${agent._id}`, display: agent.name },
      { reference: `Location/${clinic.id}`, display: clinic.name },
    ],
    planningHorizon: { start: horizon.start.toISOString(), end: horizon.end.toISOString() },
    comment: `${agent.name} at ${clinic.name}: free slots are offered up to the end of the planning horizon.`,
  };
}

export function toSlot(
  key: SlotKey,
  status: Slot['status'],
  service: Pick<BookingService, 'id' | 'name'>,
): Slot {
  return {
    resourceType: 'Slot',
    id: slotId(key),
    // The service the slot was computed for: its lengths and buffers (ADR 044).
    serviceType: [serviceConcept(service)],
    schedule: { reference: `Schedule/${agentAtClinicId(key)}` },
    status,
    start: key.start.toISOString(),
    end: new Date(key.start.getTime() + key.durationMinutes * 60_000).toISOString(),
  };
}
