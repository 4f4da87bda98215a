import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import * as t from '../../db/schema';
import type { ResetCounter } from './reset-throttle';

/** Stands for "no account" in statements that must run the same with or without one. */
export const NO_ACCOUNT = '00000000-0000-0000-0000-000000000000';

/** The users row of the statement, named in full: in a select list drizzle names a column alone. */
const USER_ID = sql.raw('"users"."id"');

/**
 * Whether an identity provider that turns passwords off (sso_only) signs this user in: then no
 * password of theirs may be set by a link.
 */
const ssoOnly = (userId: SQL) => sql<boolean>`exists (
  select 1 from ${t.userIdentities} ui
  join ${t.identityProviders} p on p.id = ui.provider_id
  where ui.user_id = ${userId} and p.sso_only and p.archived_at is null)`;

/** The account an e-mail names, with what decides whether it may reset, in one statement. */
export async function findResetAccount(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: t.users.id,
      email: t.users.email,
      name: t.users.name,
      active: t.users.active,
      ssoOnly: ssoOnly(USER_ID),
      // The clinic whose admins see that a reset e-mail was queued (never its link).
      clinicId: sql<string | null>`(select m.clinic_id from ${t.clinicMembers} m
        join ${t.clinics} c on c.id = m.clinic_id where m.user_id = ${USER_ID}
        order by c.name, c.id limit 1)`,
    })
    .from(t.users)
    .where(sql`lower(${t.users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

/**
 * Counts one request on each counter (a window of `windowMs` from its first hit) and returns
 * each count. The row locks of ON CONFLICT make requests on every instance count one after
 * the other.
 */
export async function countRequest(
  db: Executor,
  counters: readonly ResetCounter[],
  now: Date,
  windowMs: number,
): Promise<Map<string, number>> {
  const resetsAt = new Date(now.getTime() + windowMs).toISOString();
  const values = sql.join(
    counters.map((c) => sql`(${c.name}, ${c.key}, 1, ${resetsAt}::timestamptz)`),
    sql`, `,
  );
  const rows = await queryRows<{ name: string; hits: number }>(
    db,
    sql`insert into ${t.rateLimitCounters} as c (name, client_key, hits, resets_at)
        values ${values}
        on conflict (name, client_key) do update set
          hits = case when c.resets_at <= ${now.toISOString()}::timestamptz then 1 else c.hits + 1 end,
          resets_at = case when c.resets_at <= ${now.toISOString()}::timestamptz
                      then excluded.resets_at else c.resets_at end
        returning name, hits`,
  );
  return new Map(rows.map((r) => [r.name, Number(r.hits)]));
}

/**
 * The writes of a reset request, run whether or not a link is sent (`send`) so that a request
 * for an address without an account costs the same statements as one with: the earlier unused
 * links of the account end, the new link is kept by its hash, its e-mail is queued, and the
 * request is audited for a known account.
 */
export async function writeResetRequest(
  tx: Executor,
  r: {
    send: boolean;
    known: boolean;
    userId: string;
    tokenHash: string;
    ip: string;
    now: Date;
    expiresAt: Date;
    outbox: { kind: string; clinicId: string | null; recipients?: unknown; payload?: unknown };
    auditDetails: Record<string, unknown>;
  },
) {
  const now = r.now.toISOString();
  await tx.execute(
    sql`update ${t.passwordResets} set used_at = ${now}::timestamptz
        where user_id = ${r.send ? r.userId : NO_ACCOUNT} and used_at is null`,
  );
  await tx.execute(
    sql`insert into ${t.passwordResets} (user_id, token_hash, ip, created_at, expires_at)
        select ${r.userId}::uuid, ${r.tokenHash}, ${r.ip}, ${now}::timestamptz,
               ${r.expiresAt.toISOString()}::timestamptz
        where ${r.send}::boolean`,
  );
  await tx.execute(
    sql`insert into ${t.outbox} (kind, clinic_id, recipients, payload, next_attempt_at, created_at)
        select ${r.outbox.kind}, ${r.outbox.clinicId}::uuid,
               ${JSON.stringify(r.outbox.recipients)}::jsonb,
               ${JSON.stringify(r.outbox.payload)}::jsonb, ${now}::timestamptz, ${now}::timestamptz
        where ${r.send}::boolean`,
  );
  // The request is nobody's yet (user_id null): the account it names is its entity.
  await tx.execute(
    sql`insert into ${t.auditLog} (at, user_id, action, entity_type, entity_id, ip, details)
        select ${now}::timestamptz, null, 'reset_request', 'user', ${r.userId}::uuid, ${r.ip},
               ${JSON.stringify(r.auditDetails)}::jsonb
        where ${r.known}::boolean`,
  );
}

/** A reset link that still works, with its account. */
export async function findLiveReset(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: t.passwordResets.id,
      userId: t.users.id,
      email: t.users.email,
      name: t.users.name,
      active: t.users.active,
      ssoOnly: ssoOnly(USER_ID),
    })
    .from(t.passwordResets)
    .innerJoin(t.users, eq(t.users.id, t.passwordResets.userId))
    .where(
      and(
        eq(t.passwordResets.tokenHash, tokenHash),
        isNull(t.passwordResets.usedAt),
        gt(t.passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Uses the link, if it still works: of two uses at once the row lock lets one through. Every
 * other unused link of the account ends with it.
 */
export async function useReset(tx: Executor, reset: { id: string; userId: string }, now: Date) {
  const [used] = await tx
    .update(t.passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(t.passwordResets.id, reset.id),
        isNull(t.passwordResets.usedAt),
        gt(t.passwordResets.expiresAt, now),
      ),
    )
    .returning({ id: t.passwordResets.id });
  if (!used) return false;
  await tx
    .update(t.passwordResets)
    .set({ usedAt: now })
    .where(and(eq(t.passwordResets.userId, reset.userId), isNull(t.passwordResets.usedAt)));
  return true;
}

export async function setPassword(tx: Executor, userId: string, passwordHash: string, now: Date) {
  await tx
    .update(t.users)
    .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
    .where(eq(t.users.id, userId));
}

export async function clinicNamesOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ name: t.clinics.name })
    .from(t.clinicMembers)
    .innerJoin(t.clinics, eq(t.clinics.id, t.clinicMembers.clinicId))
    .where(eq(t.clinicMembers.userId, userId));
  return rows.map((r) => r.name);
}
