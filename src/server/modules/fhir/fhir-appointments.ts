import {
  FHIR_APPOINTMENT_STATUSES,
  storedStatusesFor,
  type FhirAppointmentStatus,
} from '@domain/fhir-appointment-status';
import type { ClinicSummary } from '@contracts/auth';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import {
  countAppointmentRecords,
  readAppointmentRecord,
  searchAppointmentRecords,
  type AppointmentRecord,
} from '../appointments';
import { toFhirAppointment } from './appointment-resource';
import { isUuid } from './fhir-ids';
import type { BookingService } from '../services';
import { serviceKey, servicesOfAppointments, serviceTypeIds } from './fhir-services';
import type { ClinicResource } from './clinic-resources.repository';
import { resourcesOfAppointments } from './fhir-rooms-equipment';
import { invalid, notSupported, resourceNotFound } from './outcome';
import { alternatives, intersectAll, referenceIds, type SearchRequest } from './search-request';
import { emptyRange } from './search-dates';

export function clinicById(ctx: RequestContext, id: string): ClinicSummary | undefined {
  return ctx.user.clinics.find((c) => c.id === id);
}

/**
 * The appointment as this caller may see it: with the patient's visit link for a token an admin
 * gave that permission, and for a signed-in staff member, who sees the same link in the app; a
 * token without it never gets one, since the link's token moves and cancels the visit (ADR 030).
 */
export async function toResource(
  deps: AppDeps,
  ctx: RequestContext,
  record: AppointmentRecord,
  services?: Map<string, BookingService>,
  resources?: Map<string, ClinicResource>,
) {
  const service =
    services?.get(serviceKey(record)) ??
    (await servicesOfAppointments(deps, [record])).get(serviceKey(record))!;
  const resourceId = record.view.resourceId;
  const resource = resourceId
    ? (resources ?? (await resourcesOfAppointments(deps, [record]))).get(resourceId)
    : undefined;
  return toFhirAppointment(record, clinicById(ctx, record.clinicId), {
    publicUrl: deps.config.PUBLIC_URL,
    visitLink: ctx.apiToken ? ctx.apiToken.visitLinks : true,
    service,
    resource,
  });
}

/** The ids a filter allows that can be ours (UUIDs); another id matches nothing. */
const uuids = (ids: string[] | undefined) => ids?.map((id) => id.toLowerCase()).filter(isUuid);

type AppointmentCursor = [string, string];
const isAppointmentCursor = (v: unknown): v is AppointmentCursor =>
  Array.isArray(v) &&
  v.length === 2 &&
  typeof v[0] === 'string' &&
  !Number.isNaN(Date.parse(v[0])) &&
  typeof v[1] === 'string' &&
  isUuid(v[1]);

const isFhirStatus = (s: string): s is FhirAppointmentStatus =>
  (FHIR_APPOINTMENT_STATUSES as readonly string[]).includes(s);

/**
 * `actor`, each repetition one condition: any participant is one of the references (a Patient,
 * Practitioner, Location — a clinic or a room — or Device); an id alone may be any of them.
 */
function actorsParam(ctx: RequestContext, request: SearchRequest) {
  return request.all('actor').map((value) => {
    const actor = {
      patientIds: [] as string[],
      staffIds: [] as string[],
      clinicIds: [] as string[],
      resourceIds: [] as string[],
    };
    for (const ref of alternatives(value)) {
      const typed = /^(?:.*\/)?([A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})$/.exec(ref);
      if (!typed && !/^[A-Za-z0-9\-.]{1,64}$/.test(ref)) {
        throw invalid(
          'actor must be a reference such as Patient/<id> or Practitioner/<id>.',
          'actor',
        );
      }
      const type = typed?.[1];
      const id = (typed ? typed[2]! : ref).toLowerCase();
      if (type && !['Patient', 'Practitioner', 'Location', 'Device'].includes(type)) {
        throw invalid(
          `actor refers to a Patient, Practitioner, Location or Device here, not ${type}.`,
          'actor',
        );
      }
      if (!isUuid(id)) continue;
      if (!type || type === 'Patient') actor.patientIds.push(id);
      if (!type || type === 'Practitioner') actor.staffIds.push(id);
      if (!type || type === 'Location') {
        if (ctx.user.clinicIds.has(id)) actor.clinicIds.push(id);
        else actor.resourceIds.push(id);
      }
      if (type === 'Device') actor.resourceIds.push(id);
    }
    return actor;
  });
}

export async function searchFhirAppointments(
  deps: AppDeps,
  ctx: RequestContext,
  request: SearchRequest,
) {
  const statusSets = request.all('status').map(alternatives);
  for (const status of statusSets.flat()) {
    if (!isFhirStatus(status))
      throw invalid(`status ${status} is not an Appointment status.`, 'status');
  }
  const statuses = intersectAll(statusSets)?.flatMap(storedStatusesFor);
  const sort = request.one('_sort') ?? 'date';
  if (sort !== 'date' && sort !== '-date') {
    throw notSupported('Appointments sort by date or -date only.', '_sort');
  }
  const dates = request.dates('date');
  const { from, before } = dates;
  const updated = request.dates('_lastUpdated');
  const ids = uuids(intersectAll(request.all('_id').map(alternatives)));
  const staffIds = uuids(intersectAll(referenceIds(request, 'practitioner', ['Practitioner'])));
  const patientIds = uuids(intersectAll(referenceIds(request, 'patient', ['Patient'])));
  // A Location is a clinic (its id the Organization's) or one of its rooms.
  const locationIds = uuids(intersectAll(referenceIds(request, 'location', ['Location'])));
  const locations = locationIds && {
    clinicIds: locationIds.filter((id) => ctx.user.clinicIds.has(id)),
    resourceIds: locationIds.filter((id) => !ctx.user.clinicIds.has(id)),
  };
  const actors = actorsParam(ctx, request);
  const serviceIds = uuids(serviceTypeIds(request));
  const after = request.cursor(isAppointmentCursor);
  const size = request.pageSize();
  const wantsTotal = request.wantsTotal();
  const impossible =
    [ids, staffIds, patientIds, statuses, locationIds, serviceIds].some(
      (list) => list?.length === 0,
    ) ||
    actors.some((actor) => Object.values(actor).every((list) => list.length === 0)) ||
    emptyRange(dates) ||
    emptyRange(updated);
  if (impossible) return { items: [], next: undefined, ...(wantsTotal ? { total: 0 } : {}) };
  const criteria = {
    ids,
    staffIds,
    patientIds,
    statuses,
    locations,
    serviceIds,
    from,
    before,
    startExcluded: dates.excluded,
    updatedFrom: updated.from,
    updatedBefore: updated.before,
    updatedExcluded: updated.excluded,
    actors,
  };
  const total = wantsTotal ? await countAppointmentRecords(deps, ctx, criteria) : undefined;
  if (size === 0) return { items: [], next: undefined, total };
  const { records, more } = await searchAppointmentRecords(deps, ctx, {
    ...criteria,
    order: sort === '-date' ? 'desc' : 'asc',
    after: after && { startAt: new Date(after[0]), id: after[1] },
    limit: size,
  });
  const last = records.at(-1);
  const services = await servicesOfAppointments(deps, records);
  const resources = await resourcesOfAppointments(deps, records);
  return {
    items: await Promise.all(records.map((r) => toResource(deps, ctx, r, services, resources))),
    next:
      more && last
        ? ([last.startAt.toISOString(), last.view._id] satisfies AppointmentCursor)
        : undefined,
    total,
  };
}

export async function readFhirAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  options: { audit: boolean } = { audit: true },
) {
  if (!isUuid(id)) throw resourceNotFound('Appointment', id);
  return readAppointmentRecord(deps, ctx, id, options);
}
