import { and, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { arrayNamesAnyClinic, clinicsOfArray, type NamedClinic } from '../../db/clinic-columns';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

export type SmartClientRow = typeof t.smartClients.$inferSelect;

export async function insertClient(db: Executor, values: typeof t.smartClients.$inferInsert) {
  const [row] = await db.insert(t.smartClients).values(values).returning();
  return row!;
}

export interface ListedClientRow {
  client: SmartClientRow;
  clinics: NamedClinic[];
  createdByName: string | null;
}

const ofClinics = (clinicIds: readonly string[]) =>
  arrayNamesAnyClinic(t.smartClients.clinicIds, clinicIds);

const listedClients = (db: Executor, where: SQL | undefined) =>
  db
    .select({
      client: t.smartClients,
      clinics: clinicsOfArray(t.smartClients.clinicIds),
      createdByName: t.users.name,
    })
    .from(t.smartClients)
    .leftJoin(t.users, eq(t.users.id, t.smartClients.createdBy))
    .where(where);

/** Clients that cover at least one of the clinics, newest first. */
export function listClientsOfClinics(
  db: Executor,
  clinicIds: readonly string[],
): Promise<ListedClientRow[]> {
  if (clinicIds.length === 0) return Promise.resolve([]);
  return listedClients(db, ofClinics(clinicIds)).orderBy(
    desc(t.smartClients.createdAt),
    desc(t.smartClients.id),
  );
}

export async function findClientOfClinics(
  db: Executor,
  id: string,
  clinicIds: readonly string[],
): Promise<ListedClientRow | undefined> {
  if (clinicIds.length === 0) return undefined;
  const [row] = await listedClients(db, and(eq(t.smartClients.id, id), ofClinics(clinicIds))).limit(
    1,
  );
  return row;
}

/** The client, locked until the transaction ends, if it covers any of the clinics. */
export async function lockClientOfClinics(
  db: Executor,
  id: string,
  clinicIds: readonly string[],
): Promise<SmartClientRow | undefined> {
  if (clinicIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(t.smartClients)
    .where(and(eq(t.smartClients.id, id), ofClinics(clinicIds)))
    .for('update');
  return row;
}

/** Revoked, and every token it holds gone with it. */
export async function revokeClient(db: Executor, id: string, by: string, now: Date) {
  await db
    .update(t.smartClients)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(t.smartClients.id, id), isNull(t.smartClients.revokedAt)));
  await db.delete(t.smartAccessTokens).where(eq(t.smartAccessTokens.clientId, id));
}

/** The client a token endpoint request names, revoked or not (the caller tells them apart). */
export async function findClient(db: Executor, id: string): Promise<SmartClientRow | undefined> {
  const [row] = await db.select().from(t.smartClients).where(eq(t.smartClients.id, id)).limit(1);
  return row;
}

/**
 * Records an assertion's jti until it expires; false when it is already there (a replay). The
 * client's lapsed jtis go at the same time, so the table holds only what may still be replayed.
 */
export async function rememberJti(
  db: Executor,
  clientId: string,
  jti: string,
  expiresAt: Date,
  now: Date,
): Promise<boolean> {
  await db
    .delete(t.smartAssertionJtis)
    .where(
      and(eq(t.smartAssertionJtis.clientId, clientId), lt(t.smartAssertionJtis.expiresAt, now)),
    );
  const inserted = await db
    .insert(t.smartAssertionJtis)
    .values({ clientId, jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: t.smartAssertionJtis.jti });
  return inserted.length === 1;
}

/** Stores a new access token (by its hash); the client's expired ones go. */
export async function insertAccessToken(
  db: Executor,
  values: typeof t.smartAccessTokens.$inferInsert & { createdAt: Date },
) {
  await db
    .delete(t.smartAccessTokens)
    .where(
      and(
        eq(t.smartAccessTokens.clientId, values.clientId),
        lt(t.smartAccessTokens.expiresAt, values.createdAt),
      ),
    );
  await db.insert(t.smartAccessTokens).values(values);
  await db
    .update(t.smartClients)
    .set({ lastUsedAt: values.createdAt })
    .where(eq(t.smartClients.id, values.clientId));
}

/** A live access token's caller: the client, its granted scopes, its clinics and their versions. */
export interface LiveSmartTokenRow {
  clientId: string;
  name: string;
  scopes: string[];
  clinics: Array<{ id: string; slug: string; name: string; timezone: string }>;
  dataVersions: Record<string, number>;
}

/** A client's clinics as a caller sees them, with each clinic's data version. */
function callerClinicColumns() {
  const c = t.smartClients;
  return {
    clinics: sql<LiveSmartTokenRow['clinics']>`coalesce((
        select json_agg(json_build_object('id', cl.id, 'slug', cl.slug, 'name', cl.name,
                                          'timezone', cl.timezone) order by cl.name, cl.id)
        from ${t.clinics} cl where cl.id = any(${c.clinicIds})), '[]'::json)`,
    dataVersions: sql<Record<string, number>>`coalesce((
        select json_object_agg(cl.id, coalesce(v.version, 0))
        from ${t.clinics} cl
        left join ${t.clinicDataVersions} v on v.clinic_id = cl.id
        where cl.id = any(${c.clinicIds})), '{}'::json)`,
  };
}

/** The unexpired token of a client not revoked whose secret hashes to this, in one statement. */
export async function findLiveAccessToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<LiveSmartTokenRow | undefined> {
  const c = t.smartClients;
  const k = t.smartAccessTokens;
  const [row] = await db
    .select({
      clientId: c.id,
      name: c.name,
      scopes: k.scopes,
      ...callerClinicColumns(),
    })
    .from(k)
    .innerJoin(c, eq(c.id, k.clientId))
    .where(and(eq(k.tokenHash, tokenHash), gt(k.expiresAt, now), isNull(c.revokedAt)))
    .limit(1);
  return row;
}

/** A client not revoked as a caller: its registered scopes, clinics and their data versions. */
export async function findLiveClient(
  db: Executor,
  clientId: string,
): Promise<LiveSmartTokenRow | undefined> {
  const c = t.smartClients;
  const [row] = await db
    .select({
      clientId: c.id,
      name: c.name,
      scopes: c.scopes,
      ...callerClinicColumns(),
    })
    .from(c)
    .where(and(eq(c.id, clientId), isNull(c.revokedAt)))
    .limit(1);
  return row;
}
