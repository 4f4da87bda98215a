import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { OPEN_STATUSES } from '@domain/appointment-status';
import type { PatientQuery } from '@domain/patients';
import { normalizeSearchText } from '@domain/search-text';
import { queryRows, type Executor } from '../../db/client';
import { hasWordStarting } from '../../db/patient-words';
import * as t from '../../db/schema';

const p = t.patients;
const c = t.clinics;

/** Where a page of patients ended, in their name order. */
export interface PatientCursor {
  lastName: string;
  firstName: string;
  id: string;
}

export interface PatientListFilter {
  clinicIds: readonly string[];
  query: PatientQuery;
  archived: boolean;
  after?: PatientCursor;
  limit: number;
  now: Date;
}

const clinicColumns = { clinicSlug: c.slug, clinicName: c.name, clinicTimezone: c.timezone };

/**
 * What the search box's text matches: a birth date, digits of a phone or a record number's start,
 * or words starting the patient's names and e-mail (or a record number's start).
 */
function queryCondition(query: PatientQuery, clinics: SQL): SQL | undefined {
  const recordNumberStarts = (text: string) =>
    sql`lower(${p.recordNumber}) like ${escapeLike(text.toLowerCase()) + '%'}`;
  switch (query.kind) {
    case 'all':
      return undefined;
    case 'birthDate':
      return eq(p.dob, query.date);
    case 'digits':
      return sql`(${p.phoneDigits} like ${'%' + query.digits + '%'} or ${recordNumberStarts(query.text)})`;
    case 'words': {
      const words = normalizeSearchText(query.text).split(' ').filter(Boolean);
      const allWords = and(...words.map((word) => hasWordStarting(clinics, word)));
      return sql`(${allWords} or ${recordNumberStarts(query.text)})`;
    }
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** A page of patients in name order, with each one's next open visit. */
export async function listPatients(db: Executor, filter: PatientListFilter) {
  if (filter.clinicIds.length === 0) return [];
  const clinics = sql`${sql.param([...filter.clinicIds])}::uuid[]`;
  const conditions: (SQL | undefined)[] = [
    sql`${p.clinicId} = any(${clinics})`,
    filter.archived ? undefined : sql`${p.archivedAt} is null`,
    queryCondition(filter.query, clinics),
  ];
  if (filter.after) {
    const a = filter.after;
    conditions.push(
      sql`(${p.lastName}, ${p.firstName}, ${p.id}) > (${a.lastName}, ${a.firstName}, ${a.id}::uuid)`,
    );
  }
  const nextVisit = sql<Date | null>`(
    select min(${t.appointments.startAt}) from ${t.appointments}
    where ${t.appointments.patientId} = ${p.id}
      and ${t.appointments.startAt} > ${filter.now.toISOString()}::timestamptz
      and ${t.appointments.status} = any(${sql.param([...OPEN_STATUSES])}::text[]))`;
  return db
    .select({
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      preferredName: p.preferredName,
      dob: p.dob,
      email: p.email,
      phone: p.phone,
      recordNumber: p.recordNumber,
      archivedAt: p.archivedAt,
      nextVisit: sql<string | null>`${nextVisit}::text`,
      ...clinicColumns,
    })
    .from(p)
    .innerJoin(c, eq(c.id, p.clinicId))
    .where(and(...conditions))
    .orderBy(asc(p.lastName), asc(p.firstName), asc(p.id))
    .limit(filter.limit);
}

/** One patient of the given clinics, with their clinic; `lock` holds the row for an edit. */
export async function findPatientRecord(
  db: Executor,
  clinicIds: readonly string[],
  id: string,
  lock = false,
) {
  const query = db
    .select({ patient: p, ...clinicColumns, cutoffHours: c.patientChangeCutoffHours })
    .from(p)
    .innerJoin(c, eq(c.id, p.clinicId))
    .where(and(eq(p.id, id), sql`${p.clinicId} = any(${sql.param([...clinicIds])}::uuid[])`))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: p }) : query);
  return row;
}
export type PatientRecordRow = NonNullable<Awaited<ReturnType<typeof findPatientRecord>>>;

export type PatientChanges = Partial<
  Omit<typeof t.patients.$inferInsert, 'id' | 'clinicId' | 'createdAt' | 'phoneDigits'>
>;

/** Writes an edit and raises the version; the caller has checked the version it read. */
export async function updatePatient(db: Executor, id: string, changes: PatientChanges, now: Date) {
  const [row] = await db
    .update(p)
    .set({ ...changes, version: sql`${p.version} + 1`, updatedAt: now })
    .where(eq(p.id, id))
    .returning();
  return row!;
}

/** Every appointment of a patient, newest first, with its provider and when it was cancelled. */
export function patientAppointments(db: Executor, patientId: string) {
  const a = t.appointments;
  return queryRows<{
    id: string;
    start_at: string;
    end_at: string;
    status: string;
    series_id: string | null;
    provider_id: string;
    provider_name: string;
    cancelled_at: string | null;
  }>(
    db,
    sql`select ${a.id} as id, ${a.startAt} as start_at, ${a.endAt} as end_at, ${a.status} as status,
          ${a.seriesId} as series_id, u.id as provider_id, u.name as provider_name,
          (select max(e.at) from ${t.appointmentEvents} e
            where e.appointment_id = ${a.id} and e.type = 'CANCELLED') as cancelled_at
        from ${a} join ${t.users} u on u.id = ${a.staffId}
        where ${a.patientId} = ${patientId}
        order by ${a.startAt} desc`,
  );
}

export function patientWaitlistEntries(db: Executor, patientId: string) {
  const w = t.waitlistEntries;
  return db
    .select({
      id: w.id,
      status: w.status,
      windowFrom: w.windowFrom,
      windowTo: w.windowTo,
      provider: t.users.name,
    })
    .from(w)
    .leftJoin(t.users, eq(t.users.id, w.agentId))
    .where(eq(w.patientId, patientId))
    .orderBy(desc(w.windowFrom));
}

export function patientSeries(db: Executor, patientId: string) {
  const s = t.appointmentSeries;
  return db
    .select({ id: s.id, provider: t.users.name })
    .from(s)
    .innerJoin(t.users, eq(t.users.id, s.staffId))
    .where(eq(s.patientId, patientId))
    .orderBy(desc(s.createdAt));
}

export function patientNotes(db: Executor, patientId: string) {
  const n = t.patientNotes;
  return db
    .select()
    .from(n)
    .where(eq(n.patientId, patientId))
    .orderBy(desc(n.createdAt), desc(n.id));
}

export async function insertPatientNote(db: Executor, values: typeof t.patientNotes.$inferInsert) {
  const [row] = await db.insert(t.patientNotes).values(values).returning();
  return row!;
}

/** The audited edits of a patient's record, newest first, with who made them. */
export function patientEdits(db: Executor, patientId: string, limit: number) {
  const l = t.auditLog;
  return db
    .select({ at: l.at, details: l.details, userName: t.users.name })
    .from(l)
    .leftJoin(t.users, eq(t.users.id, l.userId))
    .where(and(eq(l.patientId, patientId), eq(l.entityType, 'patient'), eq(l.action, 'update')))
    .orderBy(desc(l.at), desc(l.id))
    .limit(limit);
}
