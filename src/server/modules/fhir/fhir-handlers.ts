import type { Resource } from '@medplum/fhirtypes';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import type { Page } from './bundle';
import type { FhirResourceType } from './fhir-resources';
import { readFhirAppointment, searchFhirAppointments, toResource } from './fhir-appointments';
import * as directory from './fhir-directory';
import { readPatient, searchPatients } from './fhir-patients';
import * as rooms from './fhir-rooms-equipment';
import { readSlot, searchSlots } from './fhir-slots';
import { readHealthcareService, searchHealthcareServices } from './fhir-services';
import type { SearchRequest } from './search-request';

// How each resource type is read by id and searched: the routes' handlers, and the Bulk Data
// export's (ADR 060), which pages through the same searches.

type Reader = (deps: AppDeps, ctx: RequestContext, id: string) => Promise<Resource> | Resource;
type Searcher = (
  deps: AppDeps,
  ctx: RequestContext,
  request: SearchRequest,
) => Promise<Page<Resource>> | Page<Resource>;

export const READ: Record<FhirResourceType, Reader> = {
  Appointment: async (deps, ctx, id) =>
    toResource(deps, ctx, await readFhirAppointment(deps, ctx, id)),
  HealthcareService: readHealthcareService,
  Slot: readSlot,
  Schedule: directory.readSchedule,
  Practitioner: directory.readPractitioner,
  PractitionerRole: directory.readPractitionerRole,
  Patient: readPatient,
  Organization: (_deps, ctx, id) => directory.readOrganization(ctx, id),
  Location: rooms.readLocation,
  Device: rooms.readDevice,
};

export const SEARCH: Record<FhirResourceType, Searcher> = {
  Appointment: searchFhirAppointments,
  HealthcareService: searchHealthcareServices,
  Slot: searchSlots,
  Schedule: directory.searchSchedules,
  Practitioner: directory.searchPractitioners,
  PractitionerRole: directory.searchPractitionerRoles,
  Patient: searchPatients,
  Organization: (_deps, ctx, request) => directory.searchOrganizations(ctx, request),
  Location: rooms.searchLocations,
  Device: rooms.searchDevices,
};
