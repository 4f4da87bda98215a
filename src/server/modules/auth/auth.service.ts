import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@domain/roles';
import { isRole } from '@domain/roles';
import {
  DEFAULT_NOTIFICATION_PREFS,
  NOTIFICATION_EVENTS,
  type NotificationPrefs,
  type SessionUser,
  type UpdateProfileBody,
} from '@contracts/auth';
import type { Config } from '../../config';
import type { DbHandle } from '../../db/client';
import { HttpError, badRequest, unauthorized } from '../../errors';
import { hashPassword, verifyPassword } from './password';
import * as repo from './auth.repository';

export interface AuthDeps {
  db: DbHandle;
  config: Config;
  now: () => Date;
}

/** The signed-in user of a request, with the clinics that scope everything they may see. */
export interface AuthUser extends SessionUser {
  role: Role;
  sessionId: string;
  clinicIds: ReadonlySet<string>;
  /**
   * Each of the user's clinics' data version, read with the session: it moves on, at the commit,
   * with every change to what a list of the clinic shows (ADR 004, ADR 008).
   */
  dataVersions: ReadonlyMap<string, number>;
}

export const SESSION_COOKIE = 'carebook_session';
const INVALID_CREDENTIALS = 'Invalid email or password.';
const TOUCH_AFTER_MS = 30_000;

/** The cookie holds a random token; the database holds only its hash, so a leak of the table signs nobody in. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

let dummyHash: Promise<string> | undefined;
/** Verifying against a throwaway hash when the account is unknown keeps response times alike. */
function burnTime(password: string) {
  dummyHash ??= hashPassword('carebook-timing-equaliser');
  return dummyHash.then((h) => verifyPassword(h, password));
}

export async function signIn(
  deps: AuthDeps,
  input: { email: string; password: string; ip: string; userAgent: string | null },
): Promise<{ token: string; user: SessionUser; maxAgeSeconds: number }> {
  const { db, config } = deps;
  const now = deps.now();
  const windowStart = new Date(now.getTime() - config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
  const failures = await repo.countLoginFailures(db.db, windowStart, input.email, input.ip);
  if (
    failures.byEmail >= config.LOGIN_MAX_FAILURES_PER_ACCOUNT ||
    failures.byIp >= config.LOGIN_MAX_FAILURES_PER_ADDRESS
  ) {
    throw new HttpError(
      429,
      'rate_limited',
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  }

  const user = await repo.findUserByEmail(db.db, input.email);
  const ok =
    user && user.active && user.passwordHash
      ? await verifyPassword(user.passwordHash, input.password)
      : await burnTime(input.password).then(() => false);
  if (!ok || !user) {
    await repo.recordLoginFailure(db.db, input.email, input.ip, now);
    throw unauthorized(INVALID_CREDENTIALS);
  }

  const token = randomBytes(32).toString('base64url');
  const maxAgeSeconds = config.SESSION_ABSOLUTE_HOURS * 3600;
  await db.db.transaction(async (tx) => {
    await repo.insertSession(tx, {
      id: sessionIdOf(token),
      userId: user.id,
      now,
      expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 400) ?? null,
    });
    await repo.clearLoginFailures(tx, input.email);
  });
  const clinics = await repo.clinicsOfUser(db.db, user.id);
  return { token, user: toSessionUser(user, clinics), maxAgeSeconds };
}

/** The user behind a session token, or null when it is unknown, revoked, idle too long or expired. */
export async function authenticate(deps: AuthDeps, token: string): Promise<AuthUser | null> {
  const id = sessionIdOf(token);
  const found = await repo.findLiveSession(deps.db.db, id);
  if (!found) return null;
  const now = deps.now();
  const { session, user, clinics, dataVersions } = found;
  const idleLimit = session.lastSeenAt.getTime() + deps.config.SESSION_IDLE_MINUTES * 60_000;
  if (!user.active || session.expiresAt <= now || idleLimit <= now.getTime()) {
    await repo.revokeSession(deps.db.db, id, now);
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await repo.touchSession(deps.db.db, id, now);
  }
  if (!isRole(user.role)) return null;
  return {
    ...toSessionUser(user, clinics),
    role: user.role,
    sessionId: id,
    clinicIds: new Set(clinics.map((c) => c.id)),
    dataVersions: new Map(Object.entries(dataVersions)),
  };
}

export async function signOut(deps: AuthDeps, sessionId: string) {
  await repo.revokeSession(deps.db.db, sessionId, deps.now());
}

/** A new password ends every other session of the user; this one stays signed in. */
export async function changePassword(
  deps: AuthDeps,
  user: AuthUser,
  input: { currentPassword: string; newPassword: string },
) {
  const row = await repo.findUserById(deps.db.db, user.id);
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw badRequest('The current password is not correct.');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash, passwordChangedAt: now, updatedAt: now });
    await repo.revokeUserSessions(tx, user.id, now, user.sessionId);
  });
}

export async function updateProfile(
  deps: AuthDeps,
  user: AuthUser,
  input: UpdateProfileBody,
): Promise<SessionUser> {
  const { notificationPrefs: changedPrefs, ...rest } = input;
  const values: Partial<repo.UserRow> = { ...rest, updatedAt: deps.now() };
  // A partial change keeps the other events as they were; the request's user row is fresh enough,
  // since only the user themselves edits their preferences.
  if (changedPrefs) values.notificationPrefs = { ...readNotificationPrefs(user), ...changedPrefs };
  const row = await repo.updateUser(deps.db.db, user.id, values);
  if (!row) throw unauthorized();
  return toSessionUser(row, user.clinics);
}

/** Stored preferences, whatever shape an older row has: unknown keys dropped, gaps on by default. */
function readNotificationPrefs(user: { notificationPrefs?: unknown }): NotificationPrefs {
  const stored = (user.notificationPrefs ?? {}) as Record<string, unknown>;
  const prefs = { ...DEFAULT_NOTIFICATION_PREFS };
  for (const event of NOTIFICATION_EVENTS) {
    if (typeof stored[event] === 'boolean') prefs[event] = stored[event];
  }
  return prefs;
}

function toSessionUser(user: repo.UserRow, clinics: SessionUser['clinics']): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: isRole(user.role) ? user.role : 'staff',
    timezone: user.timezone,
    theme: user.theme === 'light' || user.theme === 'dark' ? user.theme : 'system',
    clinics,
    notificationPrefs: readNotificationPrefs(user),
  };
}
