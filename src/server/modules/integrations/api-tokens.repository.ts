import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { arrayNamesAnyClinic, clinicsOfArray, type NamedClinic } from '../../db/clinic-columns';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import * as t from '../../db/schema';

export type ApiTokenRow = typeof t.apiTokens.$inferSelect;

export async function insertToken(db: Executor, values: typeof t.apiTokens.$inferInsert) {
  const [row] = await db.insert(t.apiTokens).values(values).returning();
  return row!;
}

/** A token as the admin's list shows it: the clinics' names and who created it. */
export interface ListedTokenRow {
  token: ApiTokenRow;
  clinics: NamedClinic[];
  createdByName: string | null;
}

const ofClinics = (clinicIds: readonly string[]) =>
  arrayNamesAnyClinic(t.apiTokens.clinicIds, clinicIds);

/** Tokens as the admin's list shows them, of the clinics `where` asks for. */
const listedTokens = (db: Executor, where: SQL | undefined) =>
  db
    .select({
      token: t.apiTokens,
      clinics: clinicsOfArray(t.apiTokens.clinicIds),
      createdByName: t.users.name,
    })
    .from(t.apiTokens)
    .leftJoin(t.users, eq(t.users.id, t.apiTokens.createdBy))
    .where(where);

/** Tokens that cover at least one of the clinics, newest first. */
export function listTokensOfClinics(
  db: Executor,
  clinicIds: readonly string[],
): Promise<ListedTokenRow[]> {
  if (clinicIds.length === 0) return Promise.resolve([]);
  return listedTokens(db, ofClinics(clinicIds)).orderBy(
    desc(t.apiTokens.createdAt),
    desc(t.apiTokens.id),
  );
}

export async function findTokenOfClinics(
  db: Executor,
  id: string,
  clinicIds: readonly string[],
): Promise<ListedTokenRow | undefined> {
  if (clinicIds.length === 0) return undefined;
  const [row] = await listedTokens(db, and(eq(t.apiTokens.id, id), ofClinics(clinicIds))).limit(1);
  return row;
}

/** The token, locked until the transaction ends, if it covers any of the clinics. */
export async function lockTokenOfClinics(
  db: Executor,
  id: string,
  clinicIds: readonly string[],
): Promise<ApiTokenRow | undefined> {
  if (clinicIds.length === 0) return undefined;
  const [row] = await db
    .select()
    .from(t.apiTokens)
    .where(and(eq(t.apiTokens.id, id), ofClinics(clinicIds)))
    .for('update');
  return row;
}

export async function revokeToken(db: Executor, id: string, by: string, now: Date) {
  await db
    .update(t.apiTokens)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(t.apiTokens.id, id), isNull(t.apiTokens.revokedAt)));
}

/** A live token's caller: the token, and its clinics with their data versions (ADR 004, 008). */
export interface LiveTokenRow {
  id: string;
  name: string;
  scopes: string[];
  visitLinks: boolean;
  lastUsedAt: Date | null;
  clinics: Array<{ id: string; slug: string; name: string; timezone: string }>;
  dataVersions: Record<string, number>;
}

/** The token whose secret hashes to this, unless revoked; what a request needs, in one statement. */
export async function findLiveToken(
  db: Executor,
  secretHash: string,
): Promise<LiveTokenRow | undefined> {
  const k = t.apiTokens;
  const [row] = await prepared(db, 'live_api_token', (name) =>
    db
      .select({
        id: k.id,
        name: k.name,
        scopes: k.scopes,
        visitLinks: k.visitLinks,
        lastUsedAt: k.lastUsedAt,
        clinics: sql<LiveTokenRow['clinics']>`coalesce((
          select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name,
                                            'timezone', c.timezone) order by c.name, c.id)
          from ${t.clinics} c where c.id = any(${k.clinicIds})), '[]'::json)`,
        dataVersions: sql<Record<string, number>>`coalesce((
          select json_object_agg(c.id, coalesce(v.version, 0))
          from ${t.clinics} c
          left join ${t.clinicDataVersions} v on v.clinic_id = c.id
          where c.id = any(${k.clinicIds})), '{}'::json)`,
      })
      .from(k)
      .where(and(eq(k.secretHash, sql.placeholder('secretHash')), isNull(k.revokedAt)))
      .limit(1)
      .prepare(name),
  ).execute({ secretHash });
  return row;
}

export async function touchToken(db: Executor, id: string, now: Date, ip: string) {
  await db
    .update(t.apiTokens)
    .set({ lastUsedAt: now, lastUsedIp: ip })
    .where(eq(t.apiTokens.id, id));
}
