import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

const s = t.sessions;

/** Whole sessions only: one part-way through signing in is no session (ADR 046). */
const live = (now: Date, idleSince: Date) =>
  and(isNull(s.revokedAt), eq(s.stage, 'full'), gt(s.expiresAt, now), gt(s.lastSeenAt, idleSince));

export async function liveSessionsOf(
  db: Executor,
  userId: string,
  at: { now: Date; idleSince: Date },
) {
  return db
    .select({
      id: s.id,
      ip: s.ip,
      userAgent: s.userAgent,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      method: s.method,
    })
    .from(s)
    .where(and(eq(s.userId, userId), live(at.now, at.idleSince)))
    .orderBy(desc(s.lastSeenAt), desc(s.createdAt));
}

/** Ends one whole session of this user; false when they have no such live session. */
export async function endSessionOf(db: Executor, userId: string, id: string, now: Date) {
  const ended = await db
    .update(s)
    .set({ revokedAt: now })
    .where(and(eq(s.id, id), eq(s.userId, userId), isNull(s.revokedAt), eq(s.stage, 'full')))
    .returning({ id: s.id });
  return ended.length > 0;
}

/**
 * Ends every session of a user but `keepId`, pending ones included, and says who ended them
 * when it was not the user. Returns how many ended.
 */
export async function endUserSessions(
  db: Executor,
  userId: string,
  r: { now: Date; keepId?: string; by?: string },
) {
  const ended = await db
    .update(s)
    .set({ revokedAt: r.now, revokedBy: r.by ?? null })
    .where(
      and(eq(s.userId, userId), isNull(s.revokedAt), r.keepId ? ne(s.id, r.keepId) : undefined),
    )
    .returning({ id: s.id });
  return ended.length;
}

/** A user an admin may act on: one who shares a clinic with them, or who has none yet. */
export async function isVisibleToAdmin(
  db: Executor,
  userId: string,
  adminClinicIds: readonly string[],
): Promise<boolean> {
  const shared = adminClinicIds.length
    ? sql`exists (select 1 from ${t.clinicMembers} m where m.user_id = "users"."id"
                  and m.clinic_id in ${[...adminClinicIds]})`
    : sql`false`;
  const [row] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(
      and(
        eq(t.users.id, userId),
        sql`(not exists (select 1 from ${t.clinicMembers} m where m.user_id = "users"."id")
             or ${shared})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
