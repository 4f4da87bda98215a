import { isRole } from '@domain/roles';
import { SSO_ONLY_SIGN_IN } from '@domain/sso-errors';
import {
  DEFAULT_NOTIFICATION_PREFS,
  NOTIFICATION_EVENTS,
  type MailDelivery,
  type NotificationPrefs,
  type SecondFactorMethod,
  type SessionUser,
  type SignInNext,
  type UpdateProfileBody,
} from '@contracts/auth';
import type { Config } from '../../config';
import type { AuthUser, RequestContext, SessionStage } from '../../core/request-context';
import type { DbHandle } from '../../db/client';
import { badRequest, forbidden, unauthorized } from '../../errors';
import { hashPassword } from '../../security/password';
import { passwordRefusal } from '../../security/password-policy';
import { clientAddressKey } from '../../security/client-address';
import { deviceHashOf, KNOWN_SOURCE_DAYS, newDeviceValue } from './device-cookie';
import { checkPasswordAttempt } from './password-attempts';
import * as repo from './auth.repository';
import { sessionIdOf } from './session-id';
import { startSession } from './sign-in-stage';
import { forgetAllRememberedBrowsers } from './remembered-browsers';
import { nextOf, recordSignedIn, stageAfterPassword } from './two-step-sign-in';

export interface AuthDeps {
  db: DbHandle;
  config: Config;
  now: () => Date;
}

const INVALID_CREDENTIALS = 'Invalid email or password.';
const TOUCH_AFTER_MS = 30_000;

export { sessionIdOf };

const SIGN_IN_THROTTLED = (wait: string) =>
  `Too many sign-in attempts. Please wait ${wait} and try again.`;

/**
 * Signs in, under the throttle of ADR 010. The session the client came with, if any, ends in the
 * same transaction as the new one starts: a browser holds one session, and one left behind by an
 * earlier sign-in (perhaps someone else's, on a shared computer) must not outlive it.
 */
export async function signIn(
  deps: AuthDeps,
  input: {
    email: string;
    password: string;
    ip: string;
    userAgent: string | null;
    presentedToken?: string;
    /** The browser's device cookie, if it brought one (ADR 010). */
    presentedDevice?: string | undefined;
    /** The browser's "remember this browser" cookie, if it brought one (ADR 046). */
    presentedRemembered?: string | undefined;
  },
): Promise<{
  token: string;
  device: string;
  user: SessionUser;
  maxAgeSeconds: number;
  /** What the sign-in still needs (ADR 046); undefined when the session is whole. */
  next: SignInNext | undefined;
  methods: SecondFactorMethod[];
}> {
  const { db } = deps;
  const user = await repo.findUserByEmail(db.db, input.email);
  const attempt = await checkPasswordAttempt(
    deps,
    {
      email: input.email,
      ip: input.ip,
      account: user,
      password: input.password,
      device: input.presentedDevice,
    },
    SIGN_IN_THROTTLED,
  );
  if (!attempt.ok || !user) throw unauthorized(INVALID_CREDENTIALS);
  if (await repo.signsInOnlyWithSso(db.db, user.id)) throw forbidden(SSO_ONLY_SIGN_IN);

  const now = deps.now();
  // A browser keeps the device cookie this account was given in it; any other value, one planted
  // by whoever used the browser before or another account's, is replaced by a new one: adopted,
  // it would be a familiar browser of this account to whoever chose it (ADR 010).
  const device =
    input.presentedDevice !== undefined &&
    (await repo.isDeviceOf(db.db, {
      userId: user.id,
      hash: deviceHashOf(input.presentedDevice),
      since: new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000),
    }))
      ? input.presentedDevice
      : newDeviceValue();
  const { token, maxAgeSeconds, stage, methods } = await db.db.transaction(async (tx) => {
    const { stage, methods } = await stageAfterPassword(deps, tx, user, input.presentedRemembered);
    const started = await startSession(deps, tx, {
      userId: user.id,
      method: 'password',
      stage,
      ip: input.ip,
      userAgent: input.userAgent,
      replacing: input.presentedToken,
    });
    // A session whole at once (no second factor asked, or a remembered browser) is a sign-in
    // now; one that waits for its second factor is audited when it is given.
    if (stage === 'full') {
      await recordSignedIn(deps, tx, { userId: user.id, ip: input.ip }, { method: 'password' });
    }
    await attempt.forget(tx);
    await repo.rememberSignInSources(tx, {
      userId: user.id,
      address: clientAddressKey(input.ip),
      device: deviceHashOf(device),
      at: now,
    });
    return { ...started, stage, methods };
  });
  const clinics = await repo.clinicsOfUser(db.db, user.id);
  return {
    token,
    device,
    user: toSessionUser(user, clinics),
    maxAgeSeconds,
    next: nextOf(stage),
    methods,
  };
}

/**
 * The user behind a session token, or null when it is unknown, revoked, idle too long or expired.
 * A session part-way through signing in (its password given, its second factor not yet: ADR 046)
 * counts only where the caller says it may (`allowPending`: the second-factor routes); everywhere
 * else it is no session at all. `readOnly` looks the session up without writing: its last-seen
 * time is not moved and an ended session is refused without being marked revoked (a lookup on a
 * read replica while the primary cannot be reached, ADR 063).
 */
export async function authenticate(
  deps: AuthDeps,
  token: string,
  { allowPending = false, readOnly = false }: { allowPending?: boolean; readOnly?: boolean } = {},
): Promise<AuthUser | null> {
  const id = sessionIdOf(token);
  const found = await repo.findLiveSession(deps.db.db, id);
  if (!found) return null;
  const stage = sessionStageOf(found.session.stage);
  if (stage !== 'full' && !allowPending) return null;
  const now = deps.now();
  const { session, user, clinics, dataVersions, patientEditorRoles } = found;
  const idleLimit = session.lastSeenAt.getTime() + deps.config.SESSION_IDLE_MINUTES * 60_000;
  if (!user.active || session.expiresAt <= now || idleLimit <= now.getTime()) {
    if (!readOnly) await repo.revokeSession(deps.db.db, id, now);
    return null;
  }
  if (!readOnly && now.getTime() - session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    await repo.touchSession(deps.db.db, id, now);
  }
  if (!isRole(user.role)) return null;
  return {
    ...toSessionUser(user, clinics),
    role: user.role,
    sessionId: id,
    stage,
    signInMethod:
      found.session.method === 'sso' || found.session.method === 'passkey'
        ? found.session.method
        : 'password',
    secondFactorAt: found.session.secondFactorAt,
    clinicIds: new Set(clinics.map((c) => c.id)),
    dataVersions: new Map(Object.entries(dataVersions)),
    patientEditorRoles: new Map(Object.entries(patientEditorRoles)),
  };
}

function sessionStageOf(stage: string): SessionStage {
  return stage === 'second_factor' || stage === 'enrol' ? stage : 'full';
}

export async function signOut(deps: AuthDeps, sessionId: string) {
  await repo.revokeSession(deps.db.db, sessionId, deps.now());
}

export const SAME_PASSWORD_REFUSED = 'Choose a password different from the current one.';
export const NAME_CHANGE_REFUSED =
  'Your name is changed by an admin of your clinic. Ask them to change it.';

/**
 * A new password ends every other session of the user; this one stays signed in. A wrong current
 * password is a guess like a failed sign-in and is throttled with them: a stolen session must not
 * become a way to guess the password at full speed.
 */
export async function changePassword(
  deps: AuthDeps,
  { user, ip }: RequestContext,
  input: { currentPassword: string; newPassword: string },
  device?: string,
) {
  const row = await repo.findUserById(deps.db.db, user.id);
  if (!row) throw unauthorized();
  // The new password is judged first: a refusal then costs no attempt at the current one.
  if (input.newPassword === input.currentPassword) throw badRequest(SAME_PASSWORD_REFUSED);
  const refusal = passwordRefusal(input.newPassword, {
    ...row,
    clinicNames: user.clinics.map((c) => c.name),
  });
  if (refusal) throw badRequest(refusal);
  const attempt = await checkPasswordAttempt(
    deps,
    {
      email: row.email.toLowerCase(),
      ip,
      account: row,
      password: input.currentPassword,
      device,
    },
    (wait) => `Too many wrong passwords. Please wait ${wait} and try again.`,
  );
  if (!attempt.ok) throw badRequest('The current password is not correct.');

  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash, passwordChangedAt: now, updatedAt: now });
    await repo.revokeUserSessions(tx, user.id, now, user.sessionId);
    await forgetAllRememberedBrowsers(tx, user.id, now);
    await attempt.forget(tx);
  });
}

/**
 * A user edits their own time zone, theme and notifications; their name is how colleagues and
 * patients know them, so only an admin changes it (through staff administration, or here for
 * their own). Sending the name unchanged is fine: forms may send the whole profile back.
 */
export async function updateProfile(
  deps: AuthDeps,
  { user }: RequestContext,
  input: UpdateProfileBody,
): Promise<SessionUser> {
  const { notificationPrefs: changedPrefs, ...rest } = input;
  if (rest.name !== undefined && rest.name !== user.name && user.role !== 'admin') {
    throw forbidden(NAME_CHANGE_REFUSED);
  }
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

/**
 * The signed-in user as the web app gets them, with whether mail goes out: the outbox worker
 * sends nothing without SMTP_URL, and staff are told so on every page.
 */
export function sessionUserView(
  config: Pick<Config, 'SMTP_URL'>,
  user: SessionUser,
): SessionUser & { mailDelivery: MailDelivery } {
  return { ...user, mailDelivery: config.SMTP_URL ? 'smtp' : 'off' };
}

/**
 * A signed-in user as GET /api/auth/session answers: what the request knows of them, without the
 * session's own bookkeeping (its id, stage and second factor, the clinics' ids, versions and
 * patient editors).
 */
export function authUserView(config: Pick<Config, 'SMTP_URL'>, user: AuthUser) {
  const {
    sessionId: _s,
    clinicIds: _c,
    dataVersions: _d,
    patientEditorRoles: _p,
    stage: _st,
    signInMethod: _m,
    secondFactorAt: _f,
    ...sessionUser
  } = user;
  return sessionUserView(config, sessionUser);
}

export function toSessionUser(user: repo.UserRow, clinics: SessionUser['clinics']): SessionUser {
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
