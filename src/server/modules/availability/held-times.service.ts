import type { HeldTime, HeldTimesQuery, OutsideBusyTime } from '@contracts/availability';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { badRequest, notFound } from '../../errors';
import * as repo from './availability.repository';
import * as busyRepo from './outside-busy.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function agentIdsOf(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const ids = raw
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (!ids.every((id) => UUID.test(id))) {
    const message = 'Agent ids must be provider or nurse ids separated by commas.';
    throw badRequest('The request is not valid.', {
      details: message,
      fields: [{ field: 'agentIds', message }],
    });
  }
  return ids.map((id) => id.toLowerCase());
}

/**
 * Times patients hold on the public booking page (ADR 022) in the viewer's clinics, so that the
 * front desk sees why a time is not offered and until when. Read-only: holds are the online
 * booking module's; this reads the table as the slot engine already does.
 */
export async function listHeldTimes(
  deps: AppDeps,
  { user }: RequestContext,
  query: HeldTimesQuery,
): Promise<{ holds: HeldTime[] }> {
  let clinicIds = [...user.clinicIds];
  if (query.clinic) {
    const clinic = user.clinics.find((c) => c.slug === query.clinic || c.id === query.clinic);
    if (!clinic) throw notFound('Clinic not found.');
    clinicIds = [clinic.id];
  }
  const rows = await repo.liveHoldsInClinics(deps.db.db, {
    clinicIds,
    agentIds: agentIdsOf(query.agentIds),
    from: new Date(query.from),
    to: new Date(query.to),
    now: deps.now(),
  });
  return {
    holds: rows.map((h) => ({
      id: h.id,
      clinic: h.clinic,
      agentId: h.agentId,
      start: h.start.toISOString(),
      end: h.end.toISOString(),
      expiresAt: h.expiresAt.toISOString(),
    })),
  };
}

/**
 * When the agents of the viewer's clinics are busy in their outside calendars (ADR 053), for the
 * calendar's "Busy — outside calendar" blocks: when and whose only, never what. Drawn exactly
 * where they block: a calendar the server or the clinic lets go after failing is not drawn for
 * that clinic (the slots' own condition, `outsideCalendarBlocks`).
 */
export async function listOutsideBusy(
  deps: AppDeps,
  { user }: RequestContext,
  query: HeldTimesQuery,
): Promise<{ busy: OutsideBusyTime[] }> {
  let clinicIds = [...user.clinicIds];
  if (query.clinic) {
    const clinic = user.clinics.find((c) => c.slug === query.clinic || c.id === query.clinic);
    if (!clinic) throw notFound('Clinic not found.');
    clinicIds = [clinic.id];
  }
  const rows = await busyRepo.outsideBusyInClinics(deps.db.db, {
    clinicIds,
    agentIds: agentIdsOf(query.agentIds),
    from: new Date(query.from),
    to: new Date(query.to),
    ...busyRepo.outsideDropCutoffs(deps.now(), deps.config.OUTSIDE_CALENDAR_DROP_AFTER_HOURS),
  });
  return {
    busy: rows.map((r) => ({
      agentId: r.agentId,
      start: r.start.toISOString(),
      end: r.end.toISOString(),
    })),
  };
}
