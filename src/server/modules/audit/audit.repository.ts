import { and, sql } from 'drizzle-orm';
import { queryRows, type Database, type Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
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
export function insertReadGroups(db: Database, groups: readonly ReadGroup[]) {
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

export interface AuditFilter {
  /**
   * The admin's clinics: rows about their patients, and rows about no patient by people who work
   * there; never a row about another clinic's patient.
   */
  clinicIds: readonly string[];
  userId?: string;
  patientId?: string;
  from?: Date;
  to?: Date;
  offset: number;
  limit: number;
}

/** One entry of the browser: a row, or one record of a row that covers several. */
export interface AuditEntryRow {
  /** The row's id, and for one record of several ".n", its place in the row. */
  id: string;
  at: string;
  action: string;
  entityType: string;
  entityId: string | null;
  patientId: string | null;
  ip: string | null;
  details: unknown;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  patientClinicId: string | null;
  patientFirstName: string | null;
  patientLastName: string | null;
}

/**
 * A page of audit entries, newest first, with who did it and whose record it was in one query.
 * A row that covers several records (a list's read) is spread into an entry per record here, so
 * the filters and the page count records, as they did when each had a row of its own.
 */
export async function listAuditEntries(db: Executor, filter: AuditFilter) {
  const clinicIds = sql`${sql.param([...filter.clinicIds])}::uuid[]`;
  const conditions = [
    // About one of these clinics' patients, or about no patient and by someone who works here.
    // A colleague's work with another clinic's patients is that clinic's business.
    // An integration token's requests count as its clinics' (it is named where a user would be).
    sql`(p.clinic_id = any(${clinicIds}) or (x.patient_id is null and (exists (
          select 1 from ${t.clinicMembers} m
          where m.user_id = a.user_id and m.clinic_id = any(${clinicIds})) or exists (
          select 1 from ${t.apiTokens} k
          where k.id = a.user_id and k.clinic_ids && ${clinicIds}))))`,
  ];
  if (filter.userId) conditions.push(sql`a.user_id = ${filter.userId}::uuid`);
  if (filter.patientId) {
    // The first part finds the rows by their indexes; the second keeps that patient's records.
    conditions.push(sql`(a.patient_id = ${filter.patientId}::uuid
                         or a.patient_ids @> array[${filter.patientId}::uuid])`);
    conditions.push(sql`x.patient_id = ${filter.patientId}::uuid`);
  }
  if (filter.from) conditions.push(sql`a.at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to) conditions.push(sql`a.at < ${filter.to.toISOString()}::timestamptz`);
  return queryRows<AuditEntryRow>(
    db,
    sql`select case when x.n is null then a.id::text else a.id::text || '.' || x.n end as "id",
               to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at",
               a.action as "action", a.entity_type as "entityType",
               x.entity_id as "entityId", x.patient_id as "patientId",
               a.ip as "ip", a.details as "details",
               coalesce(u.id, k.id) as "userId",
               coalesce(u.name, k.name || ' (API token)') as "userName",
               coalesce(u.email, case when k.id is not null then '' end) as "userEmail",
               p.clinic_id as "patientClinicId", p.first_name as "patientFirstName",
               p.last_name as "patientLastName"
          from ${t.auditLog} a
          cross join lateral (
            select a.entity_id, a.patient_id, null::bigint where a.entity_ids is null
            union all
            select r.entity_id, r.patient_id, r.n
              from unnest(a.entity_ids, a.patient_ids) with ordinality as r(entity_id, patient_id, n)
          ) as x(entity_id, patient_id, n)
          left join ${t.users} u on u.id = a.user_id
          left join ${t.apiTokens} k on k.id = a.user_id and u.id is null
          left join ${t.patients} p on p.id = x.patient_id
         where ${and(...conditions)}
         order by a.at desc, a.id desc, x.n
         offset ${filter.offset} limit ${filter.limit}`,
  );
}
