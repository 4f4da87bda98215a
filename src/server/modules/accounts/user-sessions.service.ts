import type { UserSession } from '@contracts/accounts';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { notFound } from '../../errors';
import { recordAudit } from '../audit';
import { browserName } from './browser-name';
import * as repo from './user-sessions.repository';

export const SESSION_NOT_FOUND = 'No such session of yours. It may have ended already.';
export const STAFF_NOT_FOUND = 'No such staff member.';

const methodOf = (method: string): UserSession['method'] =>
  method === 'sso' || method === 'passkey' ? method : 'password';

/** Where the user is signed in: their whole, live sessions, the most recently used first. */
export async function listMySessions(
  deps: AppDeps,
  { user }: RequestContext,
): Promise<UserSession[]> {
  const now = deps.now();
  const rows = await repo.liveSessionsOf(deps.db.db, user.id, {
    now,
    idleSince: new Date(now.getTime() - deps.config.SESSION_IDLE_MINUTES * 60_000),
  });
  return rows.map((row) => ({
    id: row.id,
    browser: browserName(row.userAgent),
    ip: row.ip,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === user.sessionId,
    method: methodOf(row.method),
  }));
}

/** Signs out one of the user's own sessions; anyone else's is as absent as one never made. */
export async function endMySession(deps: AppDeps, { user, ip }: RequestContext, id: string) {
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    if (!(await repo.endSessionOf(tx, user.id, id, now))) throw notFound(SESSION_NOT_FOUND);
    await recordAudit(
      tx,
      { userId: user.id, ip },
      [
        {
          action: 'end_session',
          entityType: 'session',
          entityId: null,
          patientId: null,
          // The session's id is the SHA-256 of its cookie: its start names it well enough.
          details: { sessionId: id.slice(0, 12), own: true },
        },
      ],
      now,
    );
  });
}

/** Signs the user out everywhere but the browser asking. */
export async function endOtherSessions(deps: AppDeps, { user, ip }: RequestContext) {
  const now = deps.now();
  return deps.db.db.transaction(async (tx) => {
    const ended = await repo.endUserSessions(tx, user.id, { now, keepId: user.sessionId });
    await recordAudit(
      tx,
      { userId: user.id, ip },
      [
        {
          action: 'end_session',
          entityType: 'user',
          entityId: user.id,
          patientId: null,
          details: { ended, allButThis: true },
        },
      ],
      now,
    );
    return { ended };
  });
}

/**
 * An admin ends every session of a staff member who shares a clinic with them (the staff list's
 * own rule), with `revoked_by` naming the admin. Ending sessions takes nothing away but the
 * sessions, so unlike a password or role change it does not need an admin of all their clinics.
 * An admin ending their own keeps the one they are using.
 */
export async function endAgentSessions(
  deps: AppDeps,
  { user: admin, ip }: RequestContext,
  userId: string,
) {
  const now = deps.now();
  return deps.db.db.transaction(async (tx) => {
    if (!(await repo.isVisibleToAdmin(tx, userId, [...admin.clinicIds]))) {
      throw notFound(STAFF_NOT_FOUND);
    }
    const ended = await repo.endUserSessions(tx, userId, {
      now,
      by: admin.id,
      keepId: userId === admin.id ? admin.sessionId : undefined,
    });
    await recordAudit(
      tx,
      { userId: admin.id, ip },
      [
        {
          action: 'end_session',
          entityType: 'user',
          entityId: userId,
          patientId: null,
          details: { ended },
        },
      ],
      now,
    );
    return { ended };
  });
}
