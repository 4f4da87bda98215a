import type { Device, Location } from '@medplum/fhirtypes';
import type { ResourceKind } from '@domain/resources';
import type { ClinicSummary } from '@contracts/auth';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import {
  findClinicResources,
  listClinicResources,
  type ClinicResource,
} from './clinic-resources.repository';
import { toLocation } from './directory-resources';
import { filterIds, matchesNameParam, pageById } from './fhir-directory';
import { isUuid } from './fhir-ids';
import { resourceNotFound } from './outcome';
import { toDevice, toRoomLocation } from './room-device-resources';
import { intersectAll, referenceIds, type SearchRequest } from './search-request';

// Rooms as Location and equipment as Device (issue 42, ADR 045), at the caller's clinics only:
// another clinic's room is as unknown as one that does not exist. A clinic is a Location too
// (with its Organization's id), so Location reads and searches answer both.

const clinicsById = (ctx: RequestContext) => new Map(ctx.user.clinics.map((c) => [c.id, c]));

/** One of the caller's rooms or pieces of equipment by id, archived ones too. */
async function findResource(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  kind: ResourceKind,
): Promise<{ resource: ClinicResource; clinic: ClinicSummary } | undefined> {
  const lower = id.toLowerCase();
  if (!isUuid(lower)) return undefined;
  const clinics = clinicsById(ctx);
  const [resource] = await findClinicResources(deps.db.db, [...clinics.keys()], [lower]);
  if (!resource || resource.kind !== kind) return undefined;
  return { resource, clinic: clinics.get(resource.clinicId)! };
}

/** The caller's resources of a kind, each with its clinic, narrowed by `organization`. */
async function resourcesOfKind(
  deps: AppDeps,
  ctx: RequestContext,
  request: SearchRequest,
  kind: ResourceKind,
) {
  const organizations = intersectAll(referenceIds(request, 'organization', ['Organization']));
  const clinics = ctx.user.clinics.filter((c) => !organizations || organizations.includes(c.id));
  const byId = new Map(clinics.map((c) => [c.id, c]));
  const resources = await listClinicResources(deps.db.db, [...byId.keys()], kind);
  return {
    clinics,
    resources: resources.map((r) => ({ resource: r, clinic: byId.get(r.clinicId)! })),
  };
}

export async function readLocation(deps: AppDeps, ctx: RequestContext, id: string) {
  const clinic = ctx.user.clinics.find((c) => c.id === id);
  if (clinic) return toLocation(clinic);
  const room = await findResource(deps, ctx, id, 'room');
  if (!room) throw resourceNotFound('Location', id);
  return toRoomLocation(room.resource, room.clinic);
}

/** The clinics' own Locations (each managed by itself) and their rooms, archived ones too. */
export async function searchLocations(deps: AppDeps, ctx: RequestContext, request: SearchRequest) {
  const { clinics, resources } = await resourcesOfKind(deps, ctx, request, 'room');
  const locations: Location[] = [
    ...clinics.filter((c) => matchesNameParam(request, c.name)).map(toLocation),
    ...resources
      .filter(({ resource }) => matchesNameParam(request, resource.name))
      .map(({ resource, clinic }) => toRoomLocation(resource, clinic)),
  ];
  return pageById(request, filterIds(request, locations));
}

export async function readDevice(deps: AppDeps, ctx: RequestContext, id: string) {
  const found = await findResource(deps, ctx, id, 'equipment');
  if (!found) throw resourceNotFound('Device', id);
  return toDevice(found.resource, found.clinic);
}

/** Equipment, archived too; `device-name` (R4's) and `name` both match the name's words. */
export async function searchDevices(deps: AppDeps, ctx: RequestContext, request: SearchRequest) {
  const { resources } = await resourcesOfKind(deps, ctx, request, 'equipment');
  const devices: Device[] = resources
    .filter(({ resource }) => matchesNameParam(request, resource.name))
    .filter(({ resource }) => matchesNameParam(request, resource.name, 'device-name'))
    .map(({ resource, clinic }) => toDevice(resource, clinic));
  return pageById(request, filterIds(request, devices));
}

/** The rooms and equipment appointments use, by id, read once for all of them. */
export async function resourcesOfAppointments(
  deps: AppDeps,
  records: ReadonlyArray<{ clinicId: string; view: { resourceId: string | null } }>,
): Promise<Map<string, ClinicResource>> {
  const ids = [...new Set(records.flatMap((r) => (r.view.resourceId ? [r.view.resourceId] : [])))];
  if (ids.length === 0) return new Map();
  const clinicIds = [...new Set(records.map((r) => r.clinicId))];
  const found = await findClinicResources(deps.db.db, clinicIds, ids);
  return new Map(found.map((r) => [r.id, r]));
}

/** Which of the caller's rooms or equipment these ids name (for a client's participants). */
export async function findCallerResources(
  deps: AppDeps,
  ctx: RequestContext,
  ids: readonly string[],
): Promise<ClinicResource[]> {
  const uuids = ids.map((id) => id.toLowerCase()).filter(isUuid);
  return findClinicResources(deps.db.db, [...ctx.user.clinicIds], uuids);
}
