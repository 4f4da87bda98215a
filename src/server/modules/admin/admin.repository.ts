import { and, asc, eq, ilike, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';
import { clinicNameColumns, memberOfAnyClinic } from '../../db/clinic-columns';

export type StaffRow = typeof t.users.$inferSelect;

/** `%`, `_` and `\` typed into a search box are matched literally. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Users who share a clinic with the admin, or who belong to no clinic yet. */
function visibleTo(db: Executor, adminClinicIds: readonly string[]) {
  const membership = db
    .select({ one: sql`1` })
    .from(t.clinicMembers)
    .where(eq(t.clinicMembers.userId, t.users.id));
  return or(notExists(membership), memberOfAnyClinic(db, adminClinicIds));
}

export async function listVisibleStaff(
  db: Executor,
  adminClinicIds: readonly string[],
  filter: { search?: string; includeInactive: boolean },
): Promise<StaffRow[]> {
  const search = filter.search ? likePattern(filter.search) : undefined;
  return db
    .select()
    .from(t.users)
    .where(
      and(
        visibleTo(db, adminClinicIds),
        filter.includeInactive ? undefined : eq(t.users.active, true),
        search ? or(ilike(t.users.name, search), ilike(t.users.email, search)) : undefined,
      ),
    )
    .orderBy(asc(t.users.name), asc(t.users.email));
}

export async function findVisibleStaff(
  db: Executor,
  adminClinicIds: readonly string[],
  id: string,
): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(t.users)
    .where(and(eq(t.users.id, id), visibleTo(db, adminClinicIds)))
    .limit(1);
  return row;
}

/** The clinics of these users, restricted to the given ones: one round trip for a whole list. */
export async function clinicsOfStaff(
  db: Executor,
  userIds: readonly string[],
  withinClinicIds: readonly string[],
) {
  if (userIds.length === 0 || withinClinicIds.length === 0) return [];
  return db
    .select({
      userId: t.clinicMembers.userId,
      ...clinicNameColumns,
    })
    .from(t.clinicMembers)
    .innerJoin(t.clinics, eq(t.clinics.id, t.clinicMembers.clinicId))
    .where(
      and(
        inArray(t.clinicMembers.userId, [...userIds]),
        inArray(t.clinicMembers.clinicId, [...withinClinicIds]),
      ),
    )
    .orderBy(asc(t.clinics.name));
}

/** Every clinic each user works at, including ones the asking admin does not manage. */
export async function allClinicIdsOf(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: t.clinicMembers.userId, clinicId: t.clinicMembers.clinicId })
    .from(t.clinicMembers)
    .where(inArray(t.clinicMembers.userId, [...userIds]));
  for (const row of rows) byUser.get(row.userId)?.push(row.clinicId);
  return byUser;
}

export async function emailTakenByOther(db: Executor, email: string, exceptId?: string) {
  const [row] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(sql`lower(${t.users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row !== undefined && row.id !== exceptId;
}

export async function insertStaff(db: Executor, values: typeof t.users.$inferInsert) {
  const [row] = await db.insert(t.users).values(values).returning();
  return row!;
}

export async function updateStaff(
  db: Executor,
  id: string,
  values: Partial<typeof t.users.$inferInsert>,
) {
  const [row] = await db.update(t.users).set(values).where(eq(t.users.id, id)).returning();
  return row!;
}

/**
 * Makes the user a member of exactly `clinicIds` among `managedClinicIds`; memberships in other
 * clinics (another admin's) are left as they are.
 */
export async function replaceMemberships(
  db: Executor,
  userId: string,
  clinicIds: readonly string[],
  managedClinicIds: readonly string[],
) {
  const removed = managedClinicIds.filter((id) => !clinicIds.includes(id));
  if (removed.length) {
    await db
      .delete(t.clinicMembers)
      .where(and(eq(t.clinicMembers.userId, userId), inArray(t.clinicMembers.clinicId, removed)));
  }
  if (clinicIds.length) {
    await db
      .insert(t.clinicMembers)
      .values(clinicIds.map((clinicId) => ({ userId, clinicId })))
      .onConflictDoNothing();
  }
}
