import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';
import type { SessionStage } from '../../core/request-context';
import type { AuthDeps } from './auth.service';
import { sessionIdOf } from './session-id';
import * as repo from './auth.repository';

// How a session begins and how it becomes whole (ADR 046). A password (or an identity provider,
// or a passkey) starts a session; where a second factor is owed the session is pending — it
// reaches only the routes that finish signing in, and lives a few minutes — until the factor is
// given (or set up, where a clinic requires one and the user has none). Finishing replaces the
// pending session by a new one under a new token.

/** How long a session part-way through signing in may wait for its second factor. */
export const PENDING_SIGN_IN_MINUTES = 10;

export type SignInMethod = 'password' | 'passkey' | 'sso';

/** The second factors a user has set up: a confirmed authenticator app, and passkeys. */
export async function secondFactorsOf(db: Executor, userId: string) {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${t.userTotp} where ${t.userTotp.userId} = ${userId}
                           and ${t.userTotp.confirmedAt} is not null)`,
      passkeys: count(t.userPasskeys.id),
    })
    .from(t.users)
    .leftJoin(t.userPasskeys, eq(t.userPasskeys.userId, t.users.id))
    .where(eq(t.users.id, userId))
    .groupBy(t.users.id);
  return { totp: Boolean(row?.totp), passkeys: Number(row?.passkeys ?? 0) };
}

export function hasSecondFactor(factors: { totp: boolean; passkeys: number }): boolean {
  return factors.totp || factors.passkeys > 0;
}

/**
 * Whether one of the user's clinics requires them to sign in with a second factor: a clinic
 * whose policy is 'everyone', or 'admins' for an admin.
 */
export async function secondFactorRequired(
  db: Executor,
  user: { id: string; role: string },
): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(t.clinicMembers)
    .innerJoin(t.clinics, eq(t.clinics.id, t.clinicMembers.clinicId))
    .where(
      and(
        eq(t.clinicMembers.userId, user.id),
        user.role === 'admin'
          ? sql`${t.clinics.secondFactorPolicy} in ('admins', 'everyone')`
          : eq(t.clinics.secondFactorPolicy, 'everyone'),
      ),
    );
  return Number(row?.n ?? 0) > 0;
}

/**
 * The stage a session starts in once the first factor is given: pending for a second factor the
 * user has (unless this browser was remembered), pending for enrolment where one is required and
 * they have none, else whole.
 */
export function stageAfterFirstFactor(input: {
  hasFactor: boolean;
  required: boolean;
  rememberedBrowser: boolean;
}): SessionStage {
  if (input.hasFactor) return input.rememberedBrowser ? 'full' : 'second_factor';
  return input.required ? 'enrol' : 'full';
}

export interface StartedSession {
  token: string;
  /** How long the cookie should live. */
  maxAgeSeconds: number;
}

/**
 * Starts a session in the given stage, ending the one the browser came with (`replacing`, its
 * token) in the same transaction: a browser holds one session. A pending session lives
 * PENDING_SIGN_IN_MINUTES; a whole one SESSION_ABSOLUTE_HOURS.
 */
export async function startSession(
  deps: AuthDeps,
  db: Executor,
  input: {
    userId: string;
    method: SignInMethod;
    stage: SessionStage;
    ip: string;
    userAgent: string | null;
    replacing?: string | undefined;
    secondFactorAt?: Date | null;
    identityProviderId?: string | null;
    idpSessionId?: string | null;
  },
): Promise<StartedSession> {
  const now = deps.now();
  const token = randomBytes(32).toString('base64url');
  const maxAgeSeconds =
    input.stage === 'full'
      ? deps.config.SESSION_ABSOLUTE_HOURS * 3600
      : PENDING_SIGN_IN_MINUTES * 60;
  if (input.replacing) await repo.revokeSession(db, sessionIdOf(input.replacing), now);
  await db.insert(t.sessions).values({
    id: sessionIdOf(token),
    userId: input.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000),
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 400) ?? null,
    stage: input.stage,
    method: input.method,
    secondFactorAt: input.secondFactorAt ?? null,
    identityProviderId: input.identityProviderId ?? null,
    idpSessionId: input.idpSessionId ?? null,
  });
  return { token, maxAgeSeconds };
}

/**
 * A pending session's second factor given (or its first one set up): the pending session ends
 * and a whole one starts under a new token, its second factor given now. Call it in the
 * transaction that accepted the factor. Null when the pending session is no longer live (ended
 * or expired meanwhile): the user starts again.
 */
export async function finishSignIn(
  deps: AuthDeps,
  db: Executor,
  pending: { sessionId: string; ip: string; userAgent: string | null },
): Promise<StartedSession | null> {
  const now = deps.now();
  const [ended] = await db
    .update(t.sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(t.sessions.id, pending.sessionId),
        isNull(t.sessions.revokedAt),
        sql`${t.sessions.stage} <> 'full'`,
        sql`${t.sessions.expiresAt} > ${now}`,
      ),
    )
    .returning();
  if (!ended) return null;
  return startSession(deps, db, {
    userId: ended.userId,
    method: ended.method === 'sso' || ended.method === 'passkey' ? ended.method : 'password',
    stage: 'full',
    ip: pending.ip,
    userAgent: pending.userAgent,
    secondFactorAt: now,
    identityProviderId: ended.identityProviderId,
    idpSessionId: ended.idpSessionId,
  });
}

/** Whether a step-up given at `at` still counts (ADR 046): ten minutes. */
export const STEP_UP_FRESH_MINUTES = 10;

export function stepUpIsFresh(at: Date | null, now: Date): boolean {
  return at !== null && now.getTime() - at.getTime() < STEP_UP_FRESH_MINUTES * 60_000;
}

/** Records a step-up given in a whole session. */
export async function markSecondFactorGiven(db: Executor, sessionId: string, now: Date) {
  await db
    .update(t.sessions)
    .set({ secondFactorAt: now })
    .where(and(eq(t.sessions.id, sessionId), isNull(t.sessions.revokedAt)));
}
