import {
  defaultSchedule,
  type Schedule,
  type ScheduleOverride,
  type WeeklySegment,
} from '@domain/schedule';
import { DEFAULT_TIMEZONE } from '@domain/constants';
import {
  normalizeOverrides,
  scheduleProblems,
  type AvailabilityResponse,
  type SaveAvailabilityBody,
} from '@contracts/availability';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { asSentence, badRequest, notFound } from '../../errors';
import type { AuthUser, RequestContext } from '../../core/request-context';
import { offerExtraHours } from '../waitlist';
import * as repo from './availability.repository';

/** Who is looking: their clinics decide which agents they may see and where previews run. */
type Viewer = Pick<AuthUser, 'id' | 'name' | 'email' | 'role' | 'timezone' | 'clinicIds'>;

const NO_SUCH_AGENT = 'No such provider or nurse in your clinics.';

function byWeekdayAndStart(a: WeeklySegment, b: WeeklySegment) {
  return a.weekday - b.weekday || a.start.localeCompare(b.start) || a.end.localeCompare(b.end);
}

function storedOverride(row: { date: string; kind: string; segments: unknown }): ScheduleOverride {
  return row.kind === 'off'
    ? { date: row.date, kind: 'off' }
    : {
        date: row.date,
        kind: 'hours',
        segments: row.segments as Array<{ start: string; end: string }>,
      };
}

/** The saved schedule, or the default hours in the agent's own zone when none is saved. */
async function availabilityView(
  db: Executor,
  agent: repo.AgentRow,
  viewer: Viewer,
): Promise<AvailabilityResponse> {
  const [[saved], overrides, clinics] = await Promise.all([
    repo.findAgentSchedule(db, agent.id),
    repo.listAgentOverrides(db, agent.id),
    repo.sharedClinics(db, agent.id, [...viewer.clinicIds]),
  ]);
  const base = saved
    ? { timezone: saved.timezone, weekly: saved.weekly as WeeklySegment[] }
    : defaultSchedule(agent.timezone ?? DEFAULT_TIMEZONE);
  return {
    agent: {
      id: agent.id,
      name: agent.name,
      email: agent.email,
      role: agent.role as AvailabilityResponse['agent']['role'],
      timezone: agent.timezone,
    },
    clinics,
    timezone: base.timezone,
    weekly: [...base.weekly].sort(byWeekdayAndStart),
    overrides: overrides.map(storedOverride),
    isDefault: !saved,
    updatedAt: saved ? saved.updatedAt.toISOString() : null,
  };
}

/** The schedule as saved now (the default hours when none is), before a save replaces it. */
async function storedSchedule(db: Executor, agent: repo.AgentRow): Promise<Schedule> {
  const [[saved], overrides] = await Promise.all([
    repo.findAgentSchedule(db, agent.id),
    repo.listAgentOverrides(db, agent.id),
  ]);
  const base = saved
    ? { timezone: saved.timezone, weekly: saved.weekly as WeeklySegment[] }
    : defaultSchedule(agent.timezone ?? DEFAULT_TIMEZONE);
  return { ...base, overrides: overrides.map(storedOverride) };
}

/** Admins manage providers and nurses who share one of their clinics; others are a 404. */
export async function agentForAdmin(db: Executor, admin: Viewer, agentId: string) {
  const agent = await repo.findBookableAgentInClinics(db, [...admin.clinicIds], agentId);
  if (!agent) throw notFound(NO_SUCH_AGENT);
  return agent;
}

export function selfAsAgent(user: Viewer): repo.AgentRow {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    timezone: user.timezone,
  };
}

/** A schedule the editor would not save is refused with the same list of problems. */
export function refuseProblems(body: SaveAvailabilityBody) {
  const problems = scheduleProblems(body);
  if (problems.length > 0) {
    throw badRequest(
      'The schedule cannot be saved; fix the problems listed.',
      problems.map(asSentence).join(' '),
    );
  }
}

/**
 * Checks the schedule with the same rules the editor shows, then replaces the weekly hours and
 * every override in one transaction: a reader sees the old schedule or the new one, never a mix.
 */
async function saveSchedule(
  deps: AppDeps,
  agent: repo.AgentRow,
  viewer: Viewer,
  body: SaveAvailabilityBody,
): Promise<AvailabilityResponse> {
  refuseProblems(body);
  const overrides = normalizeOverrides(body.overrides);
  const updatedAt = deps.now();
  await deps.db.db.transaction(async (tx) => {
    const before = await storedSchedule(tx, agent);
    await repo.upsertSchedule(tx, {
      agentId: agent.id,
      timezone: body.timezone,
      weekly: [...body.weekly].sort(byWeekdayAndStart),
      updatedAt,
    });
    await repo.replaceOverrides(
      tx,
      agent.id,
      overrides.map((o) => ({
        date: o.date,
        kind: o.kind,
        segments: o.kind === 'hours' ? o.segments : [],
      })),
    );
    // Hours the agent gained go to the waitlist (ADR 019).
    const after = { timezone: body.timezone, weekly: body.weekly, overrides };
    await offerExtraHours(tx, deps, updatedAt, { agentId: agent.id, before, after });
  });
  return availabilityView(deps.db.db, agent, viewer);
}

export function getOwnAvailability(deps: AppDeps, { user }: RequestContext) {
  return availabilityView(deps.db.db, selfAsAgent(user), user);
}

export function saveOwnAvailability(
  deps: AppDeps,
  { user }: RequestContext,
  body: SaveAvailabilityBody,
) {
  return saveSchedule(deps, selfAsAgent(user), user, body);
}

export async function getAgentAvailability(
  deps: AppDeps,
  { user: admin }: RequestContext,
  agentId: string,
) {
  const agent = await agentForAdmin(deps.db.db, admin, agentId);
  return availabilityView(deps.db.db, agent, admin);
}

export async function saveAgentAvailability(
  deps: AppDeps,
  { user: admin }: RequestContext,
  agentId: string,
  body: SaveAvailabilityBody,
) {
  const agent = await agentForAdmin(deps.db.db, admin, agentId);
  return saveSchedule(deps, agent, admin, body);
}
