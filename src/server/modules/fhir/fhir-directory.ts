import type { Resource } from '@medplum/fhirtypes';
import { normalizeSearchText } from '@domain/search-text';
import type { ClinicSummary } from '@contracts/auth';
import type { AgentView } from '@contracts/clinics';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { listClinicAgents } from '../clinics';
import { pageOf, type Page } from './bundle';
import {
  toOrganization,
  toPractitioner,
  toPractitionerRole,
  toSchedule,
} from './directory-resources';
import { parseAgentAtClinicId } from './fhir-ids';
import { resourceNotFound } from './outcome';
import { offersService } from '@domain/services';
import { servicesAtClinics, serviceTypeIds, type ServiceAtClinic } from './fhir-services';
import { alternatives, intersectAll, referenceIds, type SearchRequest } from './search-request';

// Clinics, their providers and nurses, their roles and schedules: few records, read from the
// caller's clinics (their session or token carries them) and the clinics module's agent lists,
// filtered and paged here.

export interface AgentAtClinic {
  agent: AgentView;
  clinic: ClinicSummary;
}

/** Every bookable agent at each of the caller's clinics (or those given), by name. */
export async function agentsAtClinics(
  deps: AppDeps,
  ctx: RequestContext,
  clinics: readonly ClinicSummary[] = ctx.user.clinics,
): Promise<AgentAtClinic[]> {
  const lists = await Promise.all(
    clinics.map(async (clinic) =>
      (await listClinicAgents(deps, ctx, clinic.slug)).map((agent) => ({ agent, clinic })),
    ),
  );
  return lists.flat();
}

/** The agent at the clinic an id names, if both are the caller's. */
export async function findAgentAtClinic(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<AgentAtClinic | undefined> {
  const key = parseAgentAtClinicId(id);
  const clinic = key && ctx.user.clinics.find((c) => c.id === key.clinicId);
  if (!key || !clinic) return undefined;
  return (await agentsAtClinics(deps, ctx, [clinic])).find((a) => a.agent._id === key.agentId);
}

/** Whether every word typed starts a word of the name, as FHIR's string search reads. */
function nameMatches(name: string, typed: string): boolean {
  const words = normalizeSearchText(name).split(' ');
  return normalizeSearchText(typed)
    .split(' ')
    .every((part) => words.some((w) => w.startsWith(part)));
}

/** `name` as FHIR reads it: each repetition must match, each of its alternatives may. */
export function matchesNameParam(request: SearchRequest, name: string, param = 'name'): boolean {
  return request.all(param).every((value) => alternatives(value).some((v) => nameMatches(name, v)));
}

function idsParam(request: SearchRequest): string[] | undefined {
  return intersectAll(request.all('_id').map(alternatives));
}

/** A page of resources held in memory, in id order, after the cursor's id. */
export function pageById<T extends Resource & { id?: string }>(
  request: SearchRequest,
  resources: T[],
): Page<T> {
  const after = request.cursor((v): v is string => typeof v === 'string');
  const sorted = resources
    .filter((r) => after === undefined || r.id! > after)
    .sort((a, b) => (a.id! < b.id! ? -1 : a.id! > b.id! ? 1 : 0));
  return {
    ...pageOf(sorted.slice(0, request.pageSize() + 1), request.pageSize(), (r) => r.id!),
    ...(request.wantsTotal() ? { total: resources.length } : {}),
  };
}

export function filterIds<T extends { id?: string }>(request: SearchRequest, resources: T[]): T[] {
  const ids = idsParam(request);
  return ids ? resources.filter((r) => ids.includes(r.id!)) : resources;
}

function clinicOf(ctx: RequestContext, type: string, id: string): ClinicSummary {
  const clinic = ctx.user.clinics.find((c) => c.id === id);
  if (!clinic) throw resourceNotFound(type, id);
  return clinic;
}

export function readOrganization(ctx: RequestContext, id: string) {
  return toOrganization(clinicOf(ctx, 'Organization', id));
}

export function searchOrganizations(ctx: RequestContext, request: SearchRequest) {
  const clinics = ctx.user.clinics.filter((c) => matchesNameParam(request, c.name));
  return pageById(request, filterIds(request, clinics.map(toOrganization)));
}

export async function readPractitioner(deps: AppDeps, ctx: RequestContext, id: string) {
  const found = (await agentsAtClinics(deps, ctx)).find((a) => a.agent._id === id);
  if (!found) throw resourceNotFound('Practitioner', id);
  return toPractitioner(found.agent);
}

/** The caller's practitioners these ids name, from one read of the clinics' agents. */
export async function practitionersByIds(
  deps: AppDeps,
  ctx: RequestContext,
  ids: readonly string[],
) {
  const byId = new Map<string, AgentView>();
  for (const { agent } of await agentsAtClinics(deps, ctx)) byId.set(agent._id, agent);
  return [...new Set(ids)].flatMap((id) => {
    const agent = byId.get(id);
    return agent ? [toPractitioner(agent)] : [];
  });
}

export async function searchPractitioners(
  deps: AppDeps,
  ctx: RequestContext,
  request: SearchRequest,
) {
  const byId = new Map<string, AgentView>();
  for (const { agent } of await agentsAtClinics(deps, ctx)) byId.set(agent._id, agent);
  const agents = [...byId.values()].filter((a) => matchesNameParam(request, a.name));
  return pageById(request, filterIds(request, agents.map(toPractitioner)));
}

export async function readPractitionerRole(deps: AppDeps, ctx: RequestContext, id: string) {
  const found = await findAgentAtClinic(deps, ctx, id);
  if (!found) throw resourceNotFound('PractitionerRole', id);
  return toPractitionerRole(found.agent, found.clinic);
}

export async function searchPractitionerRoles(
  deps: AppDeps,
  ctx: RequestContext,
  request: SearchRequest,
) {
  const practitioners = intersectAll(referenceIds(request, 'practitioner', ['Practitioner']));
  const organizations = intersectAll(referenceIds(request, 'organization', ['Organization']));
  const roles = (await agentsAtClinics(deps, ctx))
    .filter(({ agent }) => !practitioners || practitioners.includes(agent._id))
    .filter(({ clinic }) => !organizations || organizations.includes(clinic.id))
    .map(({ agent, clinic }) => toPractitionerRole(agent, clinic));
  return pageById(request, filterIds(request, roles));
}

/** Free slots are offered from now to the slot horizon: the schedule's planning horizon. */
function horizon(deps: AppDeps) {
  const start = deps.now();
  return { start, end: new Date(start.getTime() + deps.config.SLOT_HORIZON_DAYS * 86_400_000) };
}

/** The services an agent offers at a clinic, from the clinic's offered services. */
function offeredBy(agentId: string, services: readonly ServiceAtClinic[], clinicId: string) {
  return services
    .filter(({ service, clinic }) => clinic.id === clinicId && offersService(service, agentId))
    .map(({ service }) => service);
}

export async function readSchedule(deps: AppDeps, ctx: RequestContext, id: string) {
  const found = await findAgentAtClinic(deps, ctx, id);
  if (!found) throw resourceNotFound('Schedule', id);
  const services = await servicesAtClinics(deps, ctx, [found.clinic]);
  return toSchedule(
    found.agent,
    found.clinic,
    horizon(deps),
    offeredBy(found.agent._id, services, found.clinic.id),
  );
}

export async function searchSchedules(deps: AppDeps, ctx: RequestContext, request: SearchRequest) {
  // Each repetition of actor must name one of the schedule's actors (its agent or its clinic).
  const actors = referenceIds(request, 'actor', ['Practitioner', 'Location']);
  const serviceIds = serviceTypeIds(request);
  const services = await servicesAtClinics(deps, ctx);
  const schedules = (await agentsAtClinics(deps, ctx))
    .filter(({ agent, clinic }) =>
      actors.every((any) => any.includes(agent._id) || any.includes(clinic.id)),
    )
    .map(({ agent, clinic }) => ({
      agent,
      clinic,
      offered: offeredBy(agent._id, services, clinic.id),
    }))
    .filter(({ offered }) => !serviceIds || offered.some((o) => serviceIds.includes(o.id)))
    .map(({ agent, clinic, offered }) => toSchedule(agent, clinic, horizon(deps), offered));
  return pageById(request, filterIds(request, schedules));
}
