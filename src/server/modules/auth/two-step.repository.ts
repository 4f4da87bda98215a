import { and, asc, count, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

// The tables of two-step sign-in (ADR 046): the authenticator app, recovery codes, remembered
// browsers, and wrong codes counted beside failed passwords in login_failures.

export async function findTotp(db: Executor, userId: string) {
  const [row] = await db.select().from(t.userTotp).where(eq(t.userTotp.userId, userId));
  return row;
}

/** A new key, unconfirmed: it replaces an earlier unconfirmed one, never a confirmed one. */
export async function putUnconfirmedTotp(
  db: Executor,
  values: { userId: string; secret: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(t.userTotp)
    .values({ userId: values.userId, secret: values.secret, createdAt: values.at })
    .onConflictDoUpdate({
      target: t.userTotp.userId,
      set: { secret: values.secret, createdAt: values.at, lastUsedStep: null },
      setWhere: isNull(t.userTotp.confirmedAt),
    })
    .returning({ userId: t.userTotp.userId });
  return rows.length > 0;
}

/**
 * Takes the code of `step` as used, once: false when that step or a later one was used already
 * (a replay). The condition is in the UPDATE, so two requests with one code cannot both pass.
 */
export async function useTotpStep(
  db: Executor,
  userId: string,
  step: number,
  confirmAt?: Date,
): Promise<boolean> {
  const rows = await db
    .update(t.userTotp)
    .set({
      lastUsedStep: step,
      ...(confirmAt ? { confirmedAt: sql`coalesce(${t.userTotp.confirmedAt}, ${confirmAt})` } : {}),
    })
    .where(
      and(
        eq(t.userTotp.userId, userId),
        or(isNull(t.userTotp.lastUsedStep), lt(t.userTotp.lastUsedStep, step)),
      ),
    )
    .returning({ userId: t.userTotp.userId });
  return rows.length > 0;
}

export async function deleteTotp(db: Executor, userId: string) {
  await db.delete(t.userTotp).where(eq(t.userTotp.userId, userId));
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: string,
  hashes: readonly string[],
  at: Date,
) {
  await db.delete(t.userRecoveryCodes).where(eq(t.userRecoveryCodes.userId, userId));
  if (hashes.length === 0) return;
  await db
    .insert(t.userRecoveryCodes)
    .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
}

/** Marks an unused code used, once: false when it is unknown or was used already. */
export async function useRecoveryCode(db: Executor, userId: string, hash: string, at: Date) {
  const rows = await db
    .update(t.userRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(t.userRecoveryCodes.userId, userId),
        eq(t.userRecoveryCodes.codeHash, hash),
        isNull(t.userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: t.userRecoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.userRecoveryCodes)
    .where(and(eq(t.userRecoveryCodes.userId, userId), isNull(t.userRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function addRememberedBrowser(
  db: Executor,
  values: typeof t.rememberedBrowsers.$inferInsert,
) {
  await db.insert(t.rememberedBrowsers).values(values);
}

/**
 * The live remembered browser of this user with this token's hash, marked used now; undefined
 * when there is none (unknown, another user's, forgotten or expired).
 */
export async function useRememberedBrowser(
  db: Executor,
  userId: string,
  tokenHash: string,
  now: Date,
) {
  const [row] = await db
    .update(t.rememberedBrowsers)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(t.rememberedBrowsers.tokenHash, tokenHash),
        eq(t.rememberedBrowsers.userId, userId),
        isNull(t.rememberedBrowsers.revokedAt),
        gt(t.rememberedBrowsers.expiresAt, now),
      ),
    )
    .returning({ id: t.rememberedBrowsers.id });
  return row;
}

export function listRememberedBrowsers(db: Executor, userId: string, now: Date) {
  return db
    .select()
    .from(t.rememberedBrowsers)
    .where(
      and(
        eq(t.rememberedBrowsers.userId, userId),
        isNull(t.rememberedBrowsers.revokedAt),
        gt(t.rememberedBrowsers.expiresAt, now),
      ),
    )
    .orderBy(asc(t.rememberedBrowsers.createdAt));
}

/** Forgets one (by id) or all of a user's remembered browsers; answers how many were live. */
export async function revokeRememberedBrowsers(
  db: Executor,
  userId: string,
  now: Date,
  id?: string,
): Promise<number> {
  const rows = await db
    .update(t.rememberedBrowsers)
    .set({ revokedAt: now })
    .where(
      and(
        eq(t.rememberedBrowsers.userId, userId),
        isNull(t.rememberedBrowsers.revokedAt),
        ...(id ? [eq(t.rememberedBrowsers.id, id)] : []),
      ),
    )
    .returning({ id: t.rememberedBrowsers.id });
  return rows.length;
}

/**
 * Wrong second-factor codes are kept with failed passwords (login_failures), under a key that is
 * no e-mail address, so they hold across instances and an admin's unlock forgets them too.
 */
export const codeFailureKey = (userId: string) => `second-factor:${userId}`;

export async function recordCodeFailure(
  db: Executor,
  values: { userId: string; ip: string; clientKey: string; at: Date },
) {
  await db.insert(t.loginFailures).values({
    email: codeFailureKey(values.userId),
    ip: values.ip,
    clientKey: values.clientKey,
    userId: values.userId,
    at: values.at,
  });
}

/** The account’s wrong codes since a moment, and when the last was given. */
export async function codeFailuresSince(db: Executor, userId: string, since: Date) {
  const [row] = await db
    .select({
      n: count(),
      last: sql<Date | null>`max(${t.loginFailures.at})`.mapWith(t.loginFailures.at),
    })
    .from(t.loginFailures)
    .where(and(eq(t.loginFailures.email, codeFailureKey(userId)), gte(t.loginFailures.at, since)));
  return { count: Number(row?.n ?? 0), last: row?.last ?? null };
}

export async function clearCodeFailures(db: Executor, userId: string) {
  await db.delete(t.loginFailures).where(eq(t.loginFailures.email, codeFailureKey(userId)));
}

export async function findSession(db: Executor, id: string) {
  const [row] = await db.select().from(t.sessions).where(eq(t.sessions.id, id));
  return row;
}

export async function endSession(db: Executor, id: string, now: Date) {
  await db
    .update(t.sessions)
    .set({ revokedAt: now })
    .where(and(eq(t.sessions.id, id), isNull(t.sessions.revokedAt)));
}
