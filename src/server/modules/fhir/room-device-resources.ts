import type { Device, Location, Reference } from '@medplum/fhirtypes';
import type { ClinicSummary } from '@contracts/auth';
import type { ClinicResource } from './clinic-resources.repository';
import { TIMEZONE_EXTENSION } from './directory-resources';

// A clinic's rooms and equipment as FHIR R4 has them (issue 42, ADR 045): a room is a Location
// (physical type "ro", part of the clinic's own Location), a piece of equipment a Device owned by
// the clinic's Organization. Ids are the resources' own; an archived one is inactive.

/** HL7's location-physical-type code system, whose "ro" is a room. */
export const LOCATION_PHYSICAL_TYPE_SYSTEM =
  'http://terminology.hl7.org/CodeSystem/location-physical-type';

export function toRoomLocation(room: ClinicResource, clinic: ClinicSummary): Location {
  return {
    resourceType: 'Location',
    id: room.id,
    extension: [{ url: TIMEZONE_EXTENSION, valueCode: clinic.timezone }],
    status: room.archived ? 'inactive' : 'active',
    name: room.name,
    mode: 'instance',
    // The category services ask for ("Treatment room"), as text: it is the clinic's own word.
    type: [{ text: room.category }],
    physicalType: {
      coding: [{ system: LOCATION_PHYSICAL_TYPE_SYSTEM, code: 'ro', display: 'Room' }],
      text: 'Room',
    },
    managingOrganization: { reference: `Organization/${clinic.id}`, display: clinic.name },
    partOf: { reference: `Location/${clinic.id}`, display: clinic.name },
  };
}

export function toDevice(equipment: ClinicResource, clinic: ClinicSummary): Device {
  return {
    resourceType: 'Device',
    id: equipment.id,
    status: equipment.archived ? 'inactive' : 'active',
    deviceName: [{ name: equipment.name, type: 'user-friendly-name' }],
    type: { text: equipment.category },
    owner: { reference: `Organization/${clinic.id}`, display: clinic.name },
  };
}

/** How an appointment's participant names the room or equipment it uses. */
export function resourceReference(resource: ClinicResource): Reference<Location | Device> {
  return {
    reference: `${resource.kind === 'room' ? 'Location' : 'Device'}/${resource.id}`,
    display: resource.name,
  };
}
