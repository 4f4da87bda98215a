import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

export type PasskeyRow = typeof t.userPasskeys.$inferSelect;
export type ChallengePurpose = 'register' | 'second_factor' | 'sign_in';

export const passkeysOfUser = (db: Executor, userId: string) =>
  db
    .select()
    .from(t.userPasskeys)
    .where(eq(t.userPasskeys.userId, userId))
    .orderBy(asc(t.userPasskeys.createdAt), asc(t.userPasskeys.id));

export async function countPasskeysOfUser(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.userPasskeys)
    .where(eq(t.userPasskeys.userId, userId));
  return Number(row?.n ?? 0);
}

export async function findPasskeyByCredentialId(
  db: Executor,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(t.userPasskeys)
    .where(eq(t.userPasskeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(
  db: Executor,
  values: typeof t.userPasskeys.$inferInsert,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .insert(t.userPasskeys)
    .values(values)
    .onConflictDoNothing({ target: t.userPasskeys.credentialId })
    .returning();
  return row;
}

export async function renamePasskey(
  db: Executor,
  input: { id: string; userId: string; name: string },
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .update(t.userPasskeys)
    .set({ name: input.name })
    .where(and(eq(t.userPasskeys.id, input.id), eq(t.userPasskeys.userId, input.userId)))
    .returning();
  return row;
}

export async function deletePasskey(
  db: Executor,
  input: { id: string; userId: string },
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .delete(t.userPasskeys)
    .where(and(eq(t.userPasskeys.id, input.id), eq(t.userPasskeys.userId, input.userId)))
    .returning();
  return row;
}

/**
 * Records a use, only if the counter is still the one the assertion was checked against: of two
 * assertions racing with one counter value, the second finds it moved and is refused.
 */
export async function recordUse(
  db: Executor,
  input: { id: string; expectedCounter: number; newCounter: number; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(t.userPasskeys)
    .set({ signCount: input.newCounter, lastUsedAt: input.at })
    .where(
      and(eq(t.userPasskeys.id, input.id), eq(t.userPasskeys.signCount, input.expectedCounter)),
    )
    .returning({ id: t.userPasskeys.id });
  return rows.length === 1;
}

export async function insertChallenge(
  db: Executor,
  values: {
    purpose: ChallengePurpose;
    challenge: string;
    userId: string | null;
    sessionId: string | null;
    expiresAt: Date;
  },
  now: Date,
) {
  // Expired challenges are cleared as new ones are made: none outlives a few minutes by much.
  await db.delete(t.webauthnChallenges).where(lte(t.webauthnChallenges.expiresAt, now));
  await db.insert(t.webauthnChallenges).values(values);
}

/**
 * Takes a challenge out, once: the row matching the purpose, the session that asked (none for a
 * sign-in) and not yet expired. Null when there is no such row — unknown, used, another
 * session's, or late.
 */
export async function takeChallenge(
  db: Executor,
  input: { challenge: string; purpose: ChallengePurpose; sessionId: string | null; now: Date },
): Promise<{ userId: string | null } | null> {
  const [row] = await db
    .delete(t.webauthnChallenges)
    .where(
      and(
        eq(t.webauthnChallenges.challenge, input.challenge),
        eq(t.webauthnChallenges.purpose, input.purpose),
        input.sessionId === null
          ? sql`${t.webauthnChallenges.sessionId} is null`
          : eq(t.webauthnChallenges.sessionId, input.sessionId),
        sql`${t.webauthnChallenges.expiresAt} > ${input.now}`,
      ),
    )
    .returning({ userId: t.webauthnChallenges.userId });
  return row ?? null;
}

/**
 * Whether the user may sign in with a passkey alone: active, a member of at least one clinic, every
 * one of which allows it, and not bound by an identity provider that turned passwords off (its
 * staff sign in through it, so leaving the organisation there ends their access here).
 */
export async function passwordlessAllowed(db: Executor, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ active: t.users.active })
    .from(t.users)
    .where(eq(t.users.id, userId));
  if (!user?.active) return false;
  const clinics = await db
    .select({ allows: t.clinics.passkeySignIn })
    .from(t.clinicMembers)
    .innerJoin(t.clinics, eq(t.clinics.id, t.clinicMembers.clinicId))
    .where(eq(t.clinicMembers.userId, userId));
  if (clinics.length === 0 || clinics.some((c) => !c.allows)) return false;
  const ssoOnly = await db
    .select({ id: t.identityProviders.id })
    .from(t.userIdentities)
    .innerJoin(t.identityProviders, eq(t.identityProviders.id, t.userIdentities.providerId))
    .where(and(eq(t.userIdentities.userId, userId), eq(t.identityProviders.ssoOnly, true)))
    .limit(1);
  return ssoOnly.length === 0;
}

/** Serialises changes to one user's factors, so two removals cannot each leave the other's last. */
export async function lockUser(db: Executor, userId: string) {
  await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.id, userId)).for('update');
}
