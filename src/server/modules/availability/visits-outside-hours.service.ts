import { OPEN_STATUSES } from '@domain/appointment-status';
import { visitsOutsideHours } from '@domain/visits-outside-hours';
import {
  MAX_OUTSIDE_HOURS_VISITS,
  normalizeOverrides,
  type SaveAvailabilityBody,
  type VisitsOutsideHoursResponse,
} from '@contracts/availability';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { agentForAdmin, refuseProblems, selfAsAgent } from './agent-schedule.service';
import * as repo from './availability.repository';
import { personName } from '@domain/person-name';

/**
 * The agent's booked visits still ahead that the proposed schedule would leave outside its hours
 * (ADR 034): asked before a save, so that a day off over booked visits is never saved silently.
 * Nothing is written. A visit is listed by the booking check's own rule (visitsOutsideHours), so
 * what is listed is exactly what could not be booked at its time under the new hours. Visits at
 * clinics the viewer is not a member of are counted, not shown.
 */
async function outsideHours(
  deps: AppDeps,
  viewerClinicIds: ReadonlySet<string>,
  agentId: string,
  body: SaveAvailabilityBody,
): Promise<VisitsOutsideHoursResponse> {
  refuseProblems(body);
  const schedule = {
    timezone: body.timezone,
    weekly: body.weekly,
    overrides: normalizeOverrides(body.overrides),
  };
  const upcoming = await repo.upcomingOpenVisits(deps.db.db, agentId, deps.now(), OPEN_STATUSES);
  const outside = visitsOutsideHours(schedule, upcoming);
  const shown = outside.filter((v) => viewerClinicIds.has(v.clinicId));
  return {
    visits: shown.slice(0, MAX_OUTSIDE_HOURS_VISITS).map((v) => ({
      _id: v.id,
      date: v.start.toISOString(),
      duration: v.duration,
      status: v.status,
      patientName: personName(v),
      clinic: v.clinic,
    })),
    total: shown.length,
    elsewhere: outside.length - shown.length,
  };
}

export function checkOwnVisitsOutsideHours(
  deps: AppDeps,
  { user }: RequestContext,
  body: SaveAvailabilityBody,
) {
  return outsideHours(deps, new Set(user.clinicIds), selfAsAgent(user).id, body);
}

export async function checkAgentVisitsOutsideHours(
  deps: AppDeps,
  { user: admin }: RequestContext,
  agentId: string,
  body: SaveAvailabilityBody,
) {
  const agent = await agentForAdmin(deps.db.db, admin, agentId);
  return outsideHours(deps, new Set(admin.clinicIds), agent.id, body);
}
