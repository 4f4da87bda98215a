import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { BOOKABLE_ROLES } from '@domain/roles';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

export type ClinicRow = typeof t.clinics.$inferSelect;
export type PatientRow = typeof t.patients.$inferSelect;

export function listClinics(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as ClinicRow[]);
  return db
    .select()
    .from(t.clinics)
    .where(inArray(t.clinics.id, [...ids]))
    .orderBy(asc(t.clinics.name));
}

export async function findClinicBySlug(db: Executor, slug: string): Promise<ClinicRow | undefined> {
  const [row] = await db.select().from(t.clinics).where(eq(t.clinics.slug, slug)).limit(1);
  return row;
}

/** Providers and nurses of the clinic who can still be booked. */
export function listBookableAgents(db: Executor, clinicId: string) {
  return db
    .select({
      id: t.users.id,
      name: t.users.name,
      email: t.users.email,
      role: t.users.role,
      timezone: t.users.timezone,
    })
    .from(t.clinicMembers)
    .innerJoin(t.users, eq(t.users.id, t.clinicMembers.userId))
    .where(
      and(
        eq(t.clinicMembers.clinicId, clinicId),
        eq(t.users.active, true),
        inArray(t.users.role, [...BOOKABLE_ROLES]),
      ),
    )
    .orderBy(asc(t.users.name));
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Partial, case- and accent-insensitive match on the normalised name-and-email text. Whole-word
 * prefix matches rank first, then trigram similarity, then name.
 */
export function searchPatients(
  db: Executor,
  clinicId: string,
  normalizedKeyword: string,
  limit: number,
) {
  const contains = `%${escapeLike(normalizedKeyword)}%`;
  const prefix = `${escapeLike(normalizedKeyword)}%`;
  const wordPrefix = `% ${escapeLike(normalizedKeyword)}%`;
  return db
    .select()
    .from(t.patients)
    .where(and(eq(t.patients.clinicId, clinicId), sql`${t.patients.searchText} like ${contains}`))
    .orderBy(
      sql`case when ${t.patients.searchText} like ${prefix} then 0 when ${t.patients.searchText} like ${wordPrefix} then 1 else 2 end`,
      sql`similarity(${t.patients.searchText}, ${normalizedKeyword}) desc`,
      asc(t.patients.lastName),
      asc(t.patients.firstName),
      asc(t.patients.id),
    )
    .limit(limit);
}

export async function findPatient(db: Executor, clinicId: string, patientId: string) {
  const [row] = await db
    .select()
    .from(t.patients)
    .where(and(eq(t.patients.clinicId, clinicId), eq(t.patients.id, patientId)))
    .limit(1);
  return row;
}

export async function findPatientByEmail(db: Executor, clinicId: string, email: string) {
  const [row] = await db
    .select()
    .from(t.patients)
    .where(
      and(
        eq(t.patients.clinicId, clinicId),
        sql`lower(${t.patients.email}) = ${email.toLowerCase()}`,
      ),
    )
    .limit(1);
  return row;
}

export async function insertPatient(db: Executor, values: typeof t.patients.$inferInsert) {
  const [row] = await db.insert(t.patients).values(values).returning();
  return row!;
}
