import type {
  ConnectOutsideCalendarBody,
  OutsideCalendarPushBody,
  OutsideCalendarView,
  StaffOutsideCalendarView,
} from '@contracts/outside-calendars';
import type { AppDeps } from '../../app-deps';
import type { AuthUser, RequestContext } from '../../core/request-context';
import { conflict, notFound, unprocessable } from '../../errors';
import { sealSecret } from '../../security/sealed-secret';
import { auditChange, type AuditAction } from '../audit';
import { agentForAdmin } from '../availability';
import { assertPublicUrl, PrivateAddressError } from '../webhooks';
import * as repo from './outside-calendars.repository';
import * as pushes from './push.repository';
import { leaseMsOf, syncCalendar } from './sync-calendar';

const NO_SUCH_CALENDAR = 'No such outside calendar.';

/** Whose calendars a request is about: the signed-in agent, or one an admin manages. */
export interface CalendarOwner {
  id: string;
  timezone: string | null;
}

export function selfOwner(user: Pick<AuthUser, 'id' | 'timezone'>): CalendarOwner {
  return { id: user.id, timezone: user.timezone };
}

export async function agentOwner(deps: AppDeps, ctx: RequestContext, agentId: string) {
  const agent = await agentForAdmin(deps.db.db, ctx.user, agentId);
  return { id: agent.id, timezone: agent.timezone };
}

/**
 * What the owner may see of the address: an iCalendar address is itself the secret (Google's
 * and Outlook's "secret address"), so only its host; a CalDAV address is no secret.
 */
function addressHint(kind: ConnectOutsideCalendarBody['kind'], url: string): string {
  const parsed = new URL(url);
  return kind === 'caldav' ? `${parsed.host}${parsed.pathname}` : `${parsed.host}/…`;
}

function viewOf(row: repo.OutsideCalendarRow, waiting: number): OutsideCalendarView {
  return {
    id: row.id,
    kind: row.kind as OutsideCalendarView['kind'],
    name: row.name,
    address: row.urlHint,
    username: row.username,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    push: {
      enabled: row.pushEnabled,
      patientNames: row.pushPatientNames,
      lastPushedAt: row.lastPushedAt?.toISOString() ?? null,
      lastError: row.lastPushError,
      lastConflictAt: row.lastPushConflictAt?.toISOString() ?? null,
      waiting: row.pushEnabled ? waiting : 0,
    },
  };
}

/** Views of calendars with how many of their owners' appointments wait for a push (ADR 062). */
async function viewsOf(deps: AppDeps, rows: readonly repo.OutsideCalendarRow[]) {
  const waiting = await pushes.waitingPushesOf(deps.db.db, [
    ...new Set(rows.filter((row) => row.pushEnabled).map((row) => row.staffId)),
  ]);
  return rows.map((row) => viewOf(row, waiting.get(row.staffId) ?? 0));
}

async function viewOne(deps: AppDeps, row: repo.OutsideCalendarRow) {
  const [view] = await viewsOf(deps, [row]);
  return view!;
}

export async function listCalendars(deps: AppDeps, owner: CalendarOwner) {
  const rows = await repo.listCalendarsOf(deps.db.db, owner.id);
  return { items: await viewsOf(deps, rows) };
}

/**
 * The admins' integrations page: every calendar of the staff of the admin's own clinics, with
 * its owner and its sync state. Another clinic's staff are not there.
 */
export async function listClinicCalendars(
  deps: AppDeps,
  ctx: RequestContext,
): Promise<{ items: StaffOutsideCalendarView[] }> {
  const rows = await repo.listCalendarsOfClinics(deps.db.db, [...ctx.user.clinicIds]);
  const views = await viewsOf(
    deps,
    rows.map((row) => row.calendar),
  );
  return { items: rows.map((row, i) => ({ ...views[i]!, staff: row.staff })) };
}

/**
 * The audit row of a change to a calendar (ADR 053): whose calendar and what it is called, the
 * address only as its owner sees it; never the URL or the password.
 */
function audit(
  tx: Parameters<typeof auditChange>[0],
  ctx: RequestContext,
  action: AuditAction,
  row: Pick<repo.OutsideCalendarRow, 'id' | 'staffId' | 'kind' | 'name' | 'urlHint'>,
  now: Date,
  extra: Record<string, unknown> = {},
) {
  return auditChange(
    tx,
    ctx,
    {
      action,
      entityType: 'outside_calendar',
      entityId: row.id,
      patientId: null,
      details: {
        staffId: row.staffId,
        kind: row.kind,
        name: row.name,
        address: row.urlHint,
        ...extra,
      },
    },
    now,
  );
}

/**
 * Connects a calendar and syncs it at once, so its owner sees the first sync's outcome. An
 * address that only reaches the server's own network is refused (the webhooks' guard); a first
 * sync that fails keeps the calendar with its error in words, to fix or disconnect.
 */
export async function connectCalendar(
  deps: AppDeps,
  ctx: RequestContext,
  owner: CalendarOwner,
  body: ConnectOutsideCalendarBody,
): Promise<OutsideCalendarView> {
  try {
    await assertPublicUrl(body.url, { allowPrivate: deps.config.OUTSIDE_CALENDAR_ALLOW_PRIVATE });
  } catch (err) {
    if (err instanceof PrivateAddressError) {
      throw unprocessable(
        'This address cannot be used: it leads to a private or local network, or its server cannot be found.',
        { fields: [{ field: 'url', message: 'must lead to a public calendar server' }] },
      );
    }
    throw err;
  }
  const key = deps.config.ACCOUNT_SECRETS_KEY;
  const now = deps.now();
  const row = await deps.db.db.transaction(async (tx) => {
    const inserted = await repo.insertCalendar(tx, {
      staffId: owner.id,
      kind: body.kind,
      name: body.name,
      url: sealSecret(body.url, key),
      urlHint: addressHint(body.kind, body.url),
      username: body.kind === 'caldav' ? body.username : null,
      password: body.kind === 'caldav' ? sealSecret(body.password, key) : null,
      createdBy: ctx.user.id,
    });
    await audit(tx, ctx, 'connect', inserted, now);
    return inserted;
  });
  return runSync(deps, owner, row.id);
}

/**
 * Syncs now, asked for by its owner or an admin, audited with its outcome; refused while a sync
 * of the same calendar is under way elsewhere. Another person's calendar is a 404.
 */
export async function syncNow(
  deps: AppDeps,
  ctx: RequestContext,
  owner: CalendarOwner,
  calendarId: string,
): Promise<OutsideCalendarView> {
  const view = await runSync(deps, owner, calendarId);
  const row = await repo.findCalendar(deps.db.db, calendarId);
  if (row) {
    await audit(deps.db.db, ctx, 'sync', row, deps.now(), {
      ok: view.lastError === null,
      ...(view.lastError ? { error: view.lastError } : {}),
    });
  }
  return view;
}

async function runSync(
  deps: AppDeps,
  owner: CalendarOwner,
  calendarId: string,
): Promise<OutsideCalendarView> {
  const found = await repo.findCalendar(deps.db.db, calendarId);
  if (!found || found.staffId !== owner.id) throw notFound(NO_SUCH_CALENDAR);
  const claimed = await repo.claimOne(deps.db.db, calendarId, deps.now(), leaseMsOf(deps));
  if (!claimed) throw conflict('This calendar is being synced right now. Try again in a minute.');
  await syncCalendar(deps, claimed, owner.timezone);
  const after = await repo.findCalendar(deps.db.db, calendarId);
  if (!after) throw notFound(NO_SUCH_CALENDAR);
  return viewOne(deps, after);
}

/**
 * Switches push on or off for a CalDAV calendar, or whether its events name patients (ADR 062),
 * set by its owner or an admin of their clinics, audited. A change makes the owner's upcoming
 * appointments, and whatever was pushed there, due for a push in the same transaction: switched
 * on, they are written; off, the pushed events are removed; names added or taken away, rewritten.
 */
export async function setPush(
  deps: AppDeps,
  ctx: RequestContext,
  owner: CalendarOwner,
  calendarId: string,
  body: OutsideCalendarPushBody,
): Promise<OutsideCalendarView> {
  const found = await repo.findCalendar(deps.db.db, calendarId);
  if (!found || found.staffId !== owner.id) throw notFound(NO_SUCH_CALENDAR);
  if (found.kind !== 'caldav' && (body.enabled || body.patientNames)) {
    throw unprocessable(
      'Appointments can only be written into a CalDAV calendar: an iCalendar address can only be read.',
      { fields: [{ field: 'enabled', message: 'needs a CalDAV calendar' }] },
    );
  }
  const before = { enabled: found.pushEnabled, patientNames: found.pushPatientNames };
  const after = {
    enabled: body.enabled ?? before.enabled,
    patientNames: body.patientNames ?? before.patientNames,
  };
  if (after.enabled === before.enabled && after.patientNames === before.patientNames) {
    return viewOne(deps, found);
  }
  const now = deps.now();
  const row = await deps.db.db.transaction(async (tx) => {
    const updated = await pushes.setPushOptions(tx, calendarId, {
      pushEnabled: after.enabled,
      pushPatientNames: after.patientNames,
    });
    await pushes.queueAppointments(tx, await pushes.appointmentsToRepush(tx, updated, now));
    await audit(tx, ctx, 'update', updated, now, { push: { from: before, to: after } });
    return updated;
  });
  return viewOne(deps, row);
}

/**
 * Disconnects: the calendar, its objects and its busy times go in one statement (cascade), with
 * its audit row in the same transaction.
 */
export async function disconnectCalendar(
  deps: AppDeps,
  ctx: RequestContext,
  owner: CalendarOwner,
  calendarId: string,
) {
  const found = await repo.findCalendar(deps.db.db, calendarId);
  if (!found || found.staffId !== owner.id) throw notFound(NO_SUCH_CALENDAR);
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    if (await repo.deleteCalendar(tx, calendarId)) await audit(tx, ctx, 'disconnect', found, now);
  });
  return { ok: true as const };
}
