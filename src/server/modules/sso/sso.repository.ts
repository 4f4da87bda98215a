import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clinicsOfArray, type NamedClinic } from '../../db/clinic-columns';
import * as t from '../../db/schema';

export type ProviderRow = typeof t.identityProviders.$inferSelect;
export type ProviderInsert = typeof t.identityProviders.$inferInsert;

export interface ListedProviderRow {
  provider: ProviderRow;
  clinics: NamedClinic[];
}

/** Every clinic of the provider is one of these: only then may an admin see it (ADR 048). */
const allClinicsAmong = (clinicIds: readonly string[]) =>
  sql`${t.identityProviders.clinicIds} <@ ${sql.param([...clinicIds])}::uuid[]`;

const listed = (db: Executor) =>
  db
    .select({
      provider: t.identityProviders,
      clinics: clinicsOfArray(t.identityProviders.clinicIds),
    })
    .from(t.identityProviders);

export function listProvidersWithin(
  db: Executor,
  clinicIds: readonly string[],
): Promise<ListedProviderRow[]> {
  if (clinicIds.length === 0) return Promise.resolve([]);
  return listed(db)
    .where(allClinicsAmong(clinicIds))
    .orderBy(
      sql`${t.identityProviders.archivedAt} is not null`,
      desc(t.identityProviders.createdAt),
    );
}

export async function findProviderWithin(
  db: Executor,
  id: string,
  clinicIds: readonly string[],
): Promise<ListedProviderRow | undefined> {
  if (clinicIds.length === 0) return undefined;
  const [row] = await listed(db).where(
    and(eq(t.identityProviders.id, id), allClinicsAmong(clinicIds)),
  );
  return row;
}

/** The provider, locked for the transaction, if all its clinics are among these. */
export async function lockProviderWithin(db: Executor, id: string, clinicIds: readonly string[]) {
  const [row] = await db
    .select()
    .from(t.identityProviders)
    .where(and(eq(t.identityProviders.id, id), allClinicsAmong(clinicIds)))
    .for('update');
  return row;
}

export async function insertProvider(db: Executor, values: ProviderInsert) {
  const [row] = await db.insert(t.identityProviders).values(values).returning();
  return row!;
}

export async function updateProvider(db: Executor, id: string, values: Partial<ProviderInsert>) {
  await db
    .update(t.identityProviders)
    .set({ ...values, version: sql`${t.identityProviders.version} + 1` })
    .where(eq(t.identityProviders.id, id));
}

export async function findLiveProvider(db: Executor, id: string) {
  const [row] = await db
    .select()
    .from(t.identityProviders)
    .where(and(eq(t.identityProviders.id, id), isNull(t.identityProviders.archivedAt)));
  return row;
}

/** The live providers that sign in addresses of this domain, oldest first. */
export function liveProvidersOfDomain(db: Executor, domain: string) {
  return db
    .select()
    .from(t.identityProviders)
    .where(
      and(
        isNull(t.identityProviders.archivedAt),
        sql`${domain} = any(${t.identityProviders.emailDomains})`,
      ),
    )
    .orderBy(t.identityProviders.createdAt);
}

export async function insertSignIn(db: Executor, values: typeof t.oidcSignIns.$inferInsert) {
  await db.insert(t.oidcSignIns).values(values);
}

/** Takes a sign-in out as it is used: it can be used once, whatever the outcome. */
export async function takeSignIn(db: Executor, stateHash: string) {
  const [row] = await db
    .delete(t.oidcSignIns)
    .where(eq(t.oidcSignIns.stateHash, stateHash))
    .returning();
  return row;
}

/** Sign-ins nobody came back from: ten minutes and gone. */
export async function deleteExpiredSignIns(db: Executor, now: Date) {
  await db.delete(t.oidcSignIns).where(sql`${t.oidcSignIns.expiresAt} <= ${now}`);
}

export async function findIdentity(db: Executor, providerId: string, subject: string) {
  const [row] = await db
    .select({ identity: t.userIdentities, user: t.users })
    .from(t.userIdentities)
    .innerJoin(t.users, eq(t.users.id, t.userIdentities.userId))
    .where(and(eq(t.userIdentities.providerId, providerId), eq(t.userIdentities.subject, subject)));
  return row;
}

export async function hasIdentityAt(db: Executor, providerId: string, userId: string) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(t.userIdentities)
    .where(and(eq(t.userIdentities.providerId, providerId), eq(t.userIdentities.userId, userId)));
  return Boolean(row);
}

export async function insertIdentity(db: Executor, values: typeof t.userIdentities.$inferInsert) {
  await db.insert(t.userIdentities).values(values);
}

export async function touchIdentity(db: Executor, providerId: string, subject: string, at: Date) {
  await db
    .update(t.userIdentities)
    .set({ lastSignInAt: at })
    .where(and(eq(t.userIdentities.providerId, providerId), eq(t.userIdentities.subject, subject)));
}

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(t.users)
    .where(sql`lower(${t.users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function clinicIdsOfUser(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: t.clinicMembers.clinicId })
    .from(t.clinicMembers)
    .where(eq(t.clinicMembers.userId, userId));
  return rows.map((r) => r.id);
}

export async function insertUser(db: Executor, values: typeof t.users.$inferInsert) {
  const [row] = await db.insert(t.users).values(values).returning();
  return row!;
}

export async function setRole(db: Executor, userId: string, role: string, at: Date) {
  await db.update(t.users).set({ role, updatedAt: at }).where(eq(t.users.id, userId));
}

/**
 * Makes the user a member of exactly `clinicIds` among `within` (the provider's clinics); their
 * memberships of other clinics stay.
 */
export async function setMembershipsWithin(
  db: Executor,
  userId: string,
  clinicIds: readonly string[],
  within: readonly string[],
) {
  await db.execute(sql`
    delete from ${t.clinicMembers}
     where ${t.clinicMembers.userId} = ${userId}
       and ${t.clinicMembers.clinicId} = any(${sql.param([...within])}::uuid[])
       and not (${t.clinicMembers.clinicId} = any(${sql.param([...clinicIds])}::uuid[]))`);
  if (clinicIds.length) {
    await db
      .insert(t.clinicMembers)
      .values(clinicIds.map((clinicId) => ({ userId, clinicId })))
      .onConflictDoNothing();
  }
}

export async function existingClinicIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: t.clinics.id })
    .from(t.clinics)
    .where(sql`${t.clinics.id} = any(${sql.param([...ids])}::uuid[])`);
  return rows.map((r) => r.id);
}

/** What sign-out needs to send the browser on to the provider: the session's provider. */
export async function providerOfSession(db: Executor, sessionId: string) {
  const [row] = await db
    .select({ provider: t.identityProviders, idpSessionId: t.sessions.idpSessionId })
    .from(t.sessions)
    .innerJoin(t.identityProviders, eq(t.identityProviders.id, t.sessions.identityProviderId))
    .where(eq(t.sessions.id, sessionId));
  return row;
}
