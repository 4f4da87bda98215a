import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import * as t from '../../db/schema';

export type UserRow = typeof t.users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(t.users)
    .where(sql`lower(${t.users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(t.users).where(eq(t.users.id, id)).limit(1);
  return row;
}

export async function clinicsOfUser(db: Executor, userId: string) {
  return db
    .select({
      id: t.clinics.id,
      slug: t.clinics.slug,
      name: t.clinics.name,
      timezone: t.clinics.timezone,
    })
    .from(t.clinicMembers)
    .innerJoin(t.clinics, eq(t.clinics.id, t.clinicMembers.clinicId))
    .where(eq(t.clinicMembers.userId, userId))
    .orderBy(t.clinics.name);
}

export async function insertSession(
  db: Executor,
  values: {
    id: string;
    userId: string;
    expiresAt: Date;
    now: Date;
    ip: string;
    userAgent: string | null;
  },
) {
  await db.insert(t.sessions).values({
    id: values.id,
    userId: values.userId,
    createdAt: values.now,
    lastSeenAt: values.now,
    expiresAt: values.expiresAt,
    ip: values.ip,
    userAgent: values.userAgent,
  });
}

export interface MemberClinic {
  id: string;
  slug: string;
  name: string;
  timezone: string;
}

/**
 * The live session with its user, the user's clinics and how far each clinic's data has changed
 * (its data version), in one round trip: every API request starts here, so it is a
 * prepared statement.
 */
export async function findLiveSession(db: Executor, id: string) {
  const [row] = await prepared(db, 'live_session', (name) =>
    db
      .select({
        session: t.sessions,
        user: t.users,
        clinics: sql<MemberClinic[]>`coalesce((
          select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name,
                                            'timezone', c.timezone) order by c.name, c.id)
          from ${t.clinicMembers} m join ${t.clinics} c on c.id = m.clinic_id
          where m.user_id = ${t.users.id}), '[]'::json)`,
        dataVersions: sql<Record<string, number>>`coalesce((
          select json_object_agg(m.clinic_id, coalesce(v.version, 0))
          from ${t.clinicMembers} m
          left join ${t.clinicDataVersions} v on v.clinic_id = m.clinic_id
          where m.user_id = ${t.users.id}), '{}'::json)`,
      })
      .from(t.sessions)
      .innerJoin(t.users, eq(t.users.id, t.sessions.userId))
      .where(and(eq(t.sessions.id, sql.placeholder('id')), isNull(t.sessions.revokedAt)))
      .limit(1)
      .prepare(name),
  ).execute({ id });
  return row;
}

export async function touchSession(db: Executor, id: string, now: Date) {
  await db.update(t.sessions).set({ lastSeenAt: now }).where(eq(t.sessions.id, id));
}

export async function revokeSession(db: Executor, id: string, now: Date) {
  await db
    .update(t.sessions)
    .set({ revokedAt: now })
    .where(and(eq(t.sessions.id, id), isNull(t.sessions.revokedAt)));
}

/** Ends every session of a user, but the one given (a password change keeps its own session). */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  now: Date,
  exceptId?: string,
) {
  await db
    .update(t.sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(t.sessions.userId, userId),
        isNull(t.sessions.revokedAt),
        exceptId ? ne(t.sessions.id, exceptId) : undefined,
      ),
    );
}

export async function recordLoginFailure(db: Executor, email: string, ip: string, now: Date) {
  await db.insert(t.loginFailures).values({ email, ip, at: now });
}

export async function countLoginFailures(db: Executor, since: Date, email: string, ip: string) {
  const [row] = await db
    .select({
      byEmail: sql<number>`count(*) filter (where ${t.loginFailures.email} = ${email})::int`,
      byIp: sql<number>`count(*) filter (where ${t.loginFailures.ip} = ${ip})::int`,
    })
    .from(t.loginFailures)
    .where(
      and(
        gt(t.loginFailures.at, since),
        sql`(${t.loginFailures.email} = ${email} or ${t.loginFailures.ip} = ${ip})`,
      ),
    );
  return { byEmail: row?.byEmail ?? 0, byIp: row?.byIp ?? 0 };
}

export async function clearLoginFailures(db: Executor, email: string) {
  await db.delete(t.loginFailures).where(eq(t.loginFailures.email, email));
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<typeof t.users.$inferInsert>,
) {
  const [row] = await db.update(t.users).set(values).where(eq(t.users.id, id)).returning();
  return row;
}
