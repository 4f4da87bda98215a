import type { CodeableConcept, HealthcareService } from '@medplum/fhirtypes';
import type { ClinicSummary } from '@contracts/auth';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { HttpError } from '../../errors';
import {
  ARCHIVED_SERVICE,
  listBookingServices,
  requireBookingService,
  serviceOfAppointment,
  type BookingService,
} from '../services';
import { pageOf } from './bundle';
import { isUuid } from './fhir-ids';
import { invalid, notSupported, resourceNotFound, unprocessable } from './outcome';
import { alternatives, intersectAll, referenceIds, type SearchRequest } from './search-request';
import {
  kindOfCode,
  PARTICIPATION_MODE_SYSTEM,
  SERVICE_SYSTEM,
  toHealthcareService,
} from './service-resources';
import { normalizeSearchText } from '@domain/search-text';

// The clinics' services as HealthcareService (issue 42), and the service-type token that
// Appointment, Slot and Schedule searches and an Appointment create name a service by.

export interface ServiceAtClinic {
  service: BookingService;
  clinic: ClinicSummary;
}

/** The services each of the caller's clinics (or those given) offers now, default first. */
export async function servicesAtClinics(
  deps: AppDeps,
  ctx: RequestContext,
  clinics: readonly ClinicSummary[] = ctx.user.clinics,
): Promise<ServiceAtClinic[]> {
  const lists = await Promise.all(
    clinics.map(async (clinic) =>
      (await listBookingServices(deps.db.db, clinic.id)).map((service) => ({ service, clinic })),
    ),
  );
  return lists.flat();
}

/**
 * One of the caller's services by id, archived ones too (an appointment may name one). The
 * services module lists only the services offered; an archived one is told apart from an unknown
 * one by the words it refuses a booking with, and then read as an appointment's service is.
 */
async function findService(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<ServiceAtClinic | undefined> {
  if (!isUuid(id)) return undefined;
  for (const clinic of ctx.user.clinics) {
    try {
      return { service: await requireBookingService(deps.db.db, clinic.id, id), clinic };
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode !== 422) throw err;
      if (err.message === ARCHIVED_SERVICE) {
        return { service: await serviceOfAppointment(deps.db.db, clinic.id, id), clinic };
      }
    }
  }
  return undefined;
}

export async function readHealthcareService(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<HealthcareService> {
  const found = await findService(deps, ctx, id.toLowerCase());
  if (!found) throw resourceNotFound('HealthcareService', id);
  return toHealthcareService(found.service, found.clinic);
}

/**
 * The service ids a token parameter (`service-type`, `_id`-like) allows: `urn:carebook:service|{id}`
 * or a bare id; a code of another system matches none of ours. Undefined when not given.
 */
export function serviceTypeIds(
  request: SearchRequest,
  name = 'service-type',
): string[] | undefined {
  return intersectAll(
    request.all(name).map((value) =>
      alternatives(value).flatMap((token) => {
        const bar = token.indexOf('|');
        if (bar === -1) return [token.toLowerCase()];
        const system = token.slice(0, bar);
        const code = token.slice(bar + 1);
        if (system !== SERVICE_SYSTEM) return [];
        if (!code) throw notSupported(`${name} names one service: ${SERVICE_SYSTEM}|{id}.`, name);
        return [code.toLowerCase()];
      }),
    ),
  );
}

/** Whether `active` asks only for archived services (every repetition must allow true). */
function asksForArchived(request: SearchRequest): boolean {
  const allowed = intersectAll(
    request.all('active').map((value) =>
      alternatives(value).map((v) => {
        if (v !== 'true' && v !== 'false') throw invalid('active is true or false.', 'active');
        return v;
      }),
    ),
  );
  return allowed !== undefined && !allowed.includes('true');
}

function nameMatches(name: string, typed: string): boolean {
  const words = normalizeSearchText(name).split(' ');
  return normalizeSearchText(typed)
    .split(' ')
    .every((part) => words.some((w) => w.startsWith(part)));
}

/** `characteristic`: the kinds a ParticipationMode token names (FACE, VIDEOCONF, PHONE). */
function kindsParam(request: SearchRequest) {
  return intersectAll(
    request.all('characteristic').map((value) =>
      alternatives(value).flatMap((token) => {
        const bar = token.indexOf('|');
        if (bar !== -1 && token.slice(0, bar) !== PARTICIPATION_MODE_SYSTEM) return [];
        const kind = kindOfCode(token.slice(bar + 1));
        return kind ? [kind] : [];
      }),
    ),
  );
}

export async function searchHealthcareServices(
  deps: AppDeps,
  ctx: RequestContext,
  request: SearchRequest,
) {
  if (asksForArchived(request)) {
    // The services module lists the services offered; an archived one is read by its id.
    throw notSupported(
      'Archived services are not searched: read one by its id (an Appointment’s serviceType names it).',
      'active',
    );
  }
  const ids = intersectAll([
    ...request.all('_id').map((v) => alternatives(v).map((id) => id.toLowerCase())),
    ...(serviceTypeIds(request) ? [serviceTypeIds(request)!] : []),
  ]);
  const organizations = intersectAll(referenceIds(request, 'organization', ['Organization']));
  const locations = intersectAll(referenceIds(request, 'location', ['Location']));
  const kinds = kindsParam(request);
  const names = request.all('name');
  const found = (await servicesAtClinics(deps, ctx))
    .filter(({ service }) => !ids || ids.includes(service.id))
    .filter(({ clinic }) => !organizations || organizations.includes(clinic.id))
    .filter(({ clinic }) => !locations || locations.includes(clinic.id))
    .filter(({ service }) => !kinds || kinds.includes(service.kind))
    .filter(({ service }) =>
      names.every((value) => alternatives(value).some((v) => nameMatches(service.name, v))),
    )
    .map(({ service, clinic }) => toHealthcareService(service, clinic))
    .sort((a, b) => (a.id! < b.id! ? -1 : a.id! > b.id! ? 1 : 0));
  const after = request.cursor((v): v is string => typeof v === 'string');
  const rest = found.filter((r) => after === undefined || r.id! > after);
  return {
    ...pageOf(rest.slice(0, request.pageSize() + 1), request.pageSize(), (r) => r.id!),
    ...(request.wantsTotal() ? { total: found.length } : {}),
  };
}

/**
 * The service a resource's serviceType names with our system, if any; several of ours are
 * refused (an appointment is for one service), codings of other systems are left aside.
 */
export function serviceIdOf(
  concepts: readonly CodeableConcept[] | undefined,
  expression: string,
): string | undefined {
  const ids = [
    ...new Set(
      (concepts ?? [])
        .flatMap((c) => c.coding ?? [])
        .filter((c) => c.system === SERVICE_SYSTEM)
        .map((c) => c.code?.toLowerCase() ?? ''),
    ),
  ];
  if (ids.length > 1) throw unprocessable('An appointment is for one service.', expression);
  const [id] = ids;
  if (id !== undefined && !isUuid(id)) {
    throw unprocessable(
      `${id || 'An empty code'} is not a service of this clinic: name one by its HealthcareService id.`,
      expression,
    );
  }
  return id;
}

/** The services of appointments, read once per distinct service (archived ones too). */
export async function servicesOfAppointments(
  deps: AppDeps,
  records: ReadonlyArray<{ clinicId: string; view: { serviceId: string | null } }>,
): Promise<Map<string, BookingService>> {
  const keys = new Map<string, { clinicId: string; serviceId: string | null }>();
  for (const r of records)
    keys.set(serviceKey(r), { clinicId: r.clinicId, serviceId: r.view.serviceId });
  const entries = await Promise.all(
    [...keys].map(
      async ([key, { clinicId, serviceId }]) =>
        [key, await serviceOfAppointment(deps.db.db, clinicId, serviceId)] as const,
    ),
  );
  return new Map(entries);
}

export const serviceKey = (r: { clinicId: string; view: { serviceId: string | null } }) =>
  `${r.clinicId}|${r.view.serviceId ?? ''}`;
