import type { Appointment, Resource, Slot } from '@medplum/fhirtypes';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { HttpError } from '../../errors';
import { searchAppointmentRecords } from '../appointments';
import { toResource } from './fhir-appointments';
import { resourcesOfAppointments } from './fhir-rooms-equipment';
import { servicesOfAppointments } from './fhir-services';
import { FhirError } from './outcome';
import { referenceParts } from './references';
import type { IncludeParam } from './search-request';

// `_include` and `_revinclude` (R4 search §3.1.1.5.4): the resources a page's matches refer to,
// and the appointments of a page's patients. Each is read as the caller reads it, through the
// same reads and searches as a request for it, so another clinic's record is never included
// (it is not found, and left out) and every patient record shown is audited.

/** The resources of one type these ids name that the caller may read (others left out). */
export type ManyReader = (type: string, ids: readonly string[]) => Promise<Resource[]>;

/** What each `_include` follows: the references of a match, by their types. */
function referencesOf(resource: Resource, include: IncludeParam): string[] {
  if (resource.resourceType === 'Appointment' && include.source === 'Appointment') {
    const appointment = resource as Appointment;
    if (include.param === 'slot') return (appointment.slot ?? []).map((s) => s.reference ?? '');
    const types: Record<string, readonly string[]> = {
      patient: ['Patient'],
      practitioner: ['Practitioner'],
      location: ['Location'],
      actor: ['Patient', 'Practitioner', 'Location', 'Device'],
    };
    const allowed = types[include.param] ?? [];
    return appointment.participant
      .map((p) => p.actor?.reference ?? '')
      .filter((ref) => allowed.includes(referenceParts(ref)?.type ?? ''));
  }
  if (
    resource.resourceType === 'Slot' &&
    include.source === 'Slot' &&
    include.param === 'schedule'
  ) {
    return [(resource as Slot).schedule.reference ?? ''];
  }
  return [];
}

/** A read that answers not found (another clinic's, or gone) leaves the resource out. */
export async function readIfFound(
  read: () => Promise<Resource> | Resource,
): Promise<Resource | undefined> {
  try {
    return await read();
  } catch (err) {
    const status =
      err instanceof FhirError ? err.statusCode : err instanceof HttpError ? err.statusCode : 0;
    if (status === 404) return undefined;
    throw err;
  }
}

/** The resources the page's matches refer to by the `_include`s given, each once. */
export async function included(
  matches: readonly Resource[],
  includes: readonly IncludeParam[],
  read: ManyReader,
): Promise<Resource[]> {
  const wanted = new Map<string, Set<string>>();
  for (const include of includes) {
    for (const match of matches) {
      for (const reference of referencesOf(match, include)) {
        const parts = referenceParts(reference);
        if (!parts || (include.target && parts.type !== include.target)) continue;
        wanted.set(parts.type, (wanted.get(parts.type) ?? new Set()).add(parts.id));
      }
    }
  }
  // One read per type: a page's fifty appointments may name a handful of records.
  const found = await Promise.all([...wanted].map(([type, ids]) => read(type, [...ids])));
  return found.flat();
}

const REVINCLUDE_PAGE = 200;

/**
 * `_revinclude=Appointment:patient` on a page of patients: every appointment of theirs at the
 * caller's clinics, read as an Appointment search reads them (audited), in start order.
 */
export async function appointmentsOfPatients(
  deps: AppDeps,
  ctx: RequestContext,
  patientIds: readonly string[],
): Promise<Resource[]> {
  if (patientIds.length === 0) return [];
  const out: Resource[] = [];
  let after: { startAt: Date; id: string } | undefined;
  for (;;) {
    const { records, more } = await searchAppointmentRecords(deps, ctx, {
      patientIds,
      order: 'asc',
      after,
      limit: REVINCLUDE_PAGE,
    });
    const services = await servicesOfAppointments(deps, records);
    const resources = await resourcesOfAppointments(deps, records);
    for (const record of records) {
      out.push(await toResource(deps, ctx, record, services, resources));
    }
    const last = records.at(-1);
    if (!more || !last) return out;
    after = { startAt: last.startAt, id: last.view._id };
  }
}
