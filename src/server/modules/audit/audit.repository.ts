import { and, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { pastPrefix } from '../../db/prefix-range';
import { insertPrepared } from '../../db/prepared-insert';
import * as t from '../../db/schema';
import type { AuditActor, AuditEntry, ReadGroup } from './audit-entry';

/** The rows of one change's entries, in one multi-row insert. */
export async function insertEntries(
  db: Executor,
  actor: AuditActor,
  entries: readonly AuditEntry[],
  at: Date,
): Promise<void> {
  await insertPrepared(
    db,
    t.auditLog,
    entries.map((e) => toRow(actor, e, at)),
  );
}

type AuditRow = typeof t.auditLog.$inferInsert;

function toRow(actor: AuditActor, e: AuditEntry, at: Date): AuditRow {
  return {
    at,
    userId: actor.userId,
    ip: actor.ip,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId,
    patientId: e.patientId,
    details: e.details ?? null,
  };
}

/**
 * The audit row of one read: its single record in entity_id and patient_id, or several in
 * entity_ids and patient_ids, paired by position (ADR 007). Entries that differ in action, type
 * or details (not done today) get a row each.
 */
function readRows(group: ReadGroup) {
  const kinds = new Map<string, AuditEntry[]>();
  let last: { entry: AuditEntry; kind: string } | undefined;
  for (const e of group.entries) {
    // A read's entries are nearly always one kind, with one details object: the kind of the
    // entry before is taken without writing its JSON again.
    const kind =
      last &&
      e.action === last.entry.action &&
      e.entityType === last.entry.entityType &&
      (e.details ?? null) === (last.entry.details ?? null)
        ? last.kind
        : JSON.stringify([e.action, e.entityType, e.details ?? null]);
    last = { entry: e, kind };
    const same = kinds.get(kind);
    if (same) same.push(e);
    else kinds.set(kind, [e]);
  }
  return [...kinds.values()].map((entries) => {
    const [first] = entries as [AuditEntry, ...AuditEntry[]];
    const one = entries.length === 1;
    return {
      at: group.at.toISOString(),
      user_id: group.actor.userId,
      ip: group.actor.ip,
      action: first.action,
      entity_type: first.entityType,
      details: first.details ?? null,
      entity_id: one ? first.entityId : null,
      patient_id: one ? first.patientId : null,
      entity_ids: one ? null : entries.map((e) => e.entityId),
      patient_ids: one ? null : entries.map((e) => e.patientId),
    };
  });
}

/**
 * A batch of reads as one JSON parameter that the database spreads into rows, in order; the
 * statement text never changes, so it is prepared once.
 */
export function insertReadGroups(db: Executor, groups: readonly ReadGroup[]) {
  const column = (name: string) => sql.raw(`r.${name}`).as(name);
  return prepared(db, 'audit_read_rows', (name) =>
    db
      .insert(t.auditLog)
      .select(
        db
          .select({
            id: sql`nextval('audit_log_id_seq')`.as('id'),
            at: column('at'),
            userId: column('user_id'),
            action: column('action'),
            entityType: column('entity_type'),
            entityId: column('entity_id'),
            patientId: column('patient_id'),
            entityIds: column('entity_ids'),
            patientIds: column('patient_ids'),
            ip: column('ip'),
            details: column('details'),
            spoolKey: sql`null::text`.as('spool_key'),
          })
          .from(
            sql`json_to_recordset(${sql.placeholder('rows')}::json)
                  as r(at timestamptz, user_id uuid, action text, entity_type text,
                       entity_id uuid, patient_id uuid, entity_ids uuid[], patient_ids uuid[],
                       ip text, details jsonb)`,
          ),
      )
      .prepare(name),
  ).execute({ rows: JSON.stringify(groups.flatMap(readRows)) });
}

/** A read's group as it was spooled on an instance's disk, under a key of its own (ADR 063). */
export interface SpooledReadGroup extends ReadGroup {
  key: string;
}

/**
 * Spooled reads written once a primary answers again: each row keeps the time and caller of its
 * read, and carries its group's key and its place in the group, so rows a spool already wrote (an
 * instance that died before removing the file) are skipped rather than written twice.
 */
export async function insertSpooledReadGroups(
  db: Executor,
  groups: readonly SpooledReadGroup[],
): Promise<number> {
  const rows = groups.flatMap((g) =>
    readRows(g).map((row, i) => ({ ...row, spool_key: `${g.key}:${i}` })),
  );
  const written = await queryRows<{ id: string }>(
    db,
    sql`insert into audit_log (at, user_id, action, entity_type, entity_id, patient_id,
                               entity_ids, patient_ids, ip, details, spool_key)
        select r.at, r.user_id, r.action, r.entity_type, r.entity_id, r.patient_id,
               r.entity_ids, r.patient_ids, r.ip, r.details, r.spool_key
          from json_to_recordset(${JSON.stringify(rows)}::json)
            as r(at timestamptz, user_id uuid, action text, entity_type text, entity_id uuid,
                 patient_id uuid, entity_ids uuid[], patient_ids uuid[], ip text, details jsonb,
                 spool_key text)
        on conflict (spool_key) where spool_key is not null do nothing
        returning id`,
  );
  return written.length;
}

export interface AuditFilter {
  /**
   * The admin's clinics: rows about their patients, and rows about no patient by people who work
   * there; never a row about another clinic's patient, nor another clinic's record of a row.
   */
  clinicIds: readonly string[];
  userId?: string;
  action?: string;
  patientId?: string;
  /** Normalised words (normalizeSearchText); each must start a word of the patient's. */
  patientWords?: readonly string[];
  from?: Date;
  to?: Date;
}

/** Where a page starts: after so many rows, or after a row (its `atKey` and id) for an export. */
export type AuditPageStart = { offset: number } | { after: { atKey: string; id: string } };

/** One record a row names, as the admin may see it. */
export interface AuditRecordRow {
  entityId: string | null;
  patientId: string | null;
  /** Only for a patient of the admin's clinics. */
  patientName: string | null;
}

/** One audit row, with who did it and the records it names that the admin may see. */
export interface AuditEntryRow {
  id: string;
  /** ISO 8601 in UTC to the millisecond, as the wire has it. */
  at: string;
  /** The exact instant as PostgreSQL writes it, to continue after this row. */
  atKey: string;
  action: string;
  entityType: string;
  /** Whether the row names one record (entity_id), not several (entity_ids). */
  single: boolean;
  records: AuditRecordRow[];
  ip: string | null;
  details: unknown;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
}

/**
 * The patients a patient filter means: of the admin's clinics only, so no filter can tell
 * whether a row names another clinic's patient. Words go through patient_search_words (ADR 005),
 * each the start of a word of the patient's name or email.
 */
function patientsQuery(filter: AuditFilter, clinicIds: SQL): SQL {
  const p = t.patients;
  const w = t.patientSearchWords;
  const conditions: SQL[] = [sql`${p.clinicId} = any(${clinicIds})`];
  if (filter.patientId) conditions.push(sql`${p.id} = ${filter.patientId}::uuid`);
  for (const prefix of filter.patientWords ?? []) {
    const past = pastPrefix(prefix);
    conditions.push(sql`${p.id} in (
      select ${w.patientId} from ${w}
      where ${w.clinicId} = any(${clinicIds}) and ${w.word} ~>=~ ${prefix}
        ${past === null ? sql`` : sql`and ${w.word} ~<~ ${past}`})`);
  }
  return sql`select ${p.id} as "id" from ${p} where ${and(...conditions)}`;
}

/**
 * Up to this many patients a filter matches are sent to the log's query as values, so PostgreSQL
 * plans with them: a few patients' rows through the patient_id and patient_ids (GIN) indexes. A
 * name that matches more ("a") is left as a subquery, and the log is read newest first.
 */
export const MATCHED_PATIENTS_AS_VALUES = 500;

/** The rows a filter keeps: its conditions on audit_log `a`, or null when none can match. */
export interface AuditConditions {
  clinicIds: SQL;
  where: SQL[] | null;
}

export async function auditConditions(db: Executor, filter: AuditFilter): Promise<AuditConditions> {
  const clinicIds = sql`${sql.param([...filter.clinicIds])}::uuid[]`;
  const where: SQL[] = [];
  if (filter.userId) where.push(sql`a.user_id = ${filter.userId}::uuid`);
  if (filter.action) where.push(sql`a.action = ${filter.action}`);
  if (filter.from) where.push(sql`a.at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) where.push(sql`a.at < ${filter.to.toISOString()}::timestamptz`);
  if (filter.patientId || filter.patientWords) {
    const patients = patientsQuery(filter, clinicIds);
    const found = await queryRows<{ id: string }>(
      db,
      sql`${patients} limit ${MATCHED_PATIENTS_AS_VALUES + 1}`,
    );
    if (found.length === 0) return { clinicIds, where: null };
    // A row of one record by patient_id; a list's read by the GIN index of patient_ids.
    if (found.length <= MATCHED_PATIENTS_AS_VALUES) {
      const ids = sql`${sql.param(found.map((r) => r.id))}::uuid[]`;
      where.push(sql`(a.patient_id = any(${ids}) or a.patient_ids && ${ids})`);
    } else {
      where.push(sql`(a.patient_id in (${patients}) or a.patient_ids && array(${patients}))`);
    }
  }
  return { clinicIds, where };
}

/**
 * A page of audit rows, newest first: one row is one thing done or one read, however many
 * records it showed (ADR 007, 035). A row is the admin's if it names a patient of their clinics,
 * or no patient and was done by someone who works there; of a read of several records only
 * those records are listed. A patient filter finds a read of a list through its patient_ids
 * (GIN index) as well as a row of one record through patient_id.
 */
export async function listAuditRows(
  db: Executor,
  { clinicIds, where }: AuditConditions,
  start: AuditPageStart,
  limit: number,
): Promise<AuditEntryRow[]> {
  if (where === null) return [];
  const conditions: SQL[] = [sql`v.records is not null`, ...where];
  if ('after' in start) {
    const { atKey, id } = start.after;
    conditions.push(sql`a.at <= ${atKey}::timestamptz
                        and (a.at < ${atKey}::timestamptz or a.id < ${id}::bigint)`);
  }
  return queryRows<AuditEntryRow>(
    db,
    sql`select a.id::text as "id",
               to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at",
               a.at::text as "atKey",
               a.action as "action", a.entity_type as "entityType",
               a.entity_ids is null as "single", v.records as "records",
               a.ip as "ip", a.details as "details",
               coalesce(u.id, k.id, sc.id) as "userId",
               coalesce(u.name, k.name || ' (API token)', sc.name || ' (SMART client)') as "userName",
               coalesce(u.email, case when k.id is not null or sc.id is not null then '' end) as "userEmail"
          from ${t.auditLog} a
          left join ${t.users} u on u.id = a.user_id
          left join ${t.apiTokens} k on k.id = a.user_id and u.id is null
          left join ${t.smartClients} sc on sc.id = a.user_id and u.id is null and k.id is null
          cross join lateral (
            -- The records the admin may see: their clinics' patients, and no patient when the
            -- row is by someone who works there (an integration token counts as its clinics').
            -- A colleague's work with another clinic's patients is that clinic's business.
            select json_agg(json_build_object(
                     'entityId', x.entity_id, 'patientId', x.patient_id,
                     'patientName', p.first_name || ' ' || p.last_name) order by x.n) as records
              from (
                select a.entity_id, a.patient_id, 0::bigint where a.entity_ids is null
                union all
                select r.entity_id, r.patient_id, r.n
                  from unnest(a.entity_ids, a.patient_ids) with ordinality
                       as r(entity_id, patient_id, n)
              ) as x(entity_id, patient_id, n)
              left join ${t.patients} p on p.id = x.patient_id and p.clinic_id = any(${clinicIds})
             where p.id is not null or (x.patient_id is null and (exists (
                     select 1 from ${t.clinicMembers} m
                      where m.user_id = a.user_id and m.clinic_id = any(${clinicIds})) or exists (
                     select 1 from ${t.apiTokens} kt
                      where kt.id = a.user_id and kt.clinic_ids && ${clinicIds}) or exists (
                     select 1 from ${t.smartClients} st
                      where st.id = a.user_id and st.clinic_ids && ${clinicIds})))
          ) as v
         where ${and(...conditions)}
         order by a.at desc, a.id desc
         ${'offset' in start ? sql`offset ${start.offset}` : sql``}
         limit ${limit}`,
  );
}
