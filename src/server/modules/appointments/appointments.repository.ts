import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { insertPrepared } from '../../db/prepared-insert';
import { clinicNameColumns, patientContactColumns } from '../../db/clinic-columns';
import * as t from '../../db/schema';

const ph = sql.placeholder;

/** An instant as JavaScript's toISOString writes it: UTC, milliseconds, "Z". */
const isoText = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** One status-history entry as the API shows it (spec §3 `statusHistory`). */
export interface HistoryEntryJson {
  type: string;
  timestamp: string;
  reason: string | null;
  from: string | null;
  to: string | null;
  by: string | null;
}

/** The appointment's history, oldest first, gathered in the same statement as the row. */
const historyJson = sql<HistoryEntryJson[]>`coalesce((
  select json_agg(json_build_object('type', e.type, 'timestamp', ${isoText(sql`e.at`)},
                                    'reason', e.reason, 'from', e.from_value, 'to', e.to_value,
                                    'by', e.by_name)
                  order by e.at, e.id)
  from ${t.appointmentEvents} e
  where e.appointment_id = ${t.appointments.id}), '[]'::json)`;

/** An appointment with what its JSON needs: patient, agent, clinic and history, in one statement. */
export function selectAppointmentRows(db: Executor) {
  return db
    .select({
      appointment: t.appointments,
      patient: { ...patientContactColumns, source: t.patients.source },
      agent: { id: t.users.id, name: t.users.name, email: t.users.email },
      clinic: clinicNameColumns,
      history: historyJson,
    })
    .from(t.appointments)
    .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId))
    .innerJoin(t.users, eq(t.users.id, t.appointments.staffId))
    .innerJoin(t.clinics, eq(t.clinics.id, t.appointments.clinicId));
}
export type AppointmentRow = Awaited<
  ReturnType<ReturnType<typeof selectAppointmentRows>['where']>
>[number];

/**
 * Spec §3 "Appointment" as JSON text, built by the database for the reads that return many:
 * the rows need no mapping and the answer no serialising in the app, whose one thread was the
 * list's limit (most of a request's CPU went to turning rows into objects and back into JSON).
 * toAppointmentView says the same for a single row; a test holds the two to one answer.
 */
const appointmentJson = sql<string>`json_build_object(
  '_id', ${t.appointments.id},
  'date', ${isoText(sql`${t.appointments.startAt}`)},
  'duration', ${t.appointments.duration},
  'token', ${t.appointments.token},
  'patient', json_build_object(
    'id', ${t.patients.id},
    'name', btrim(${t.patients.firstName} || ' ' || ${t.patients.lastName}),
    'email', ${t.patients.email},
    'phone', ${t.patients.phone},
    'clinic', ${t.clinics.slug},
    'source', ${t.patients.source}),
  'staff', json_build_object('id', ${t.users.id}, 'name', ${t.users.name}, 'email', ${t.users.email}),
  'metadata', json_build_object(
    'status', ${t.appointments.status},
    'notes', ${t.appointments.notes},
    'source', ${t.appointments.source},
    'type', ${t.appointments.type}),
  'statusHistory', ${historyJson},
  'serviceId', ${t.appointments.serviceId},
  'resourceId', ${t.appointments.resourceId})::text`;

/** Appointments as the JSON text of their views, with the ids a read's audit row needs. */
export function selectAppointmentJson(db: Executor) {
  return db
    .select({ id: t.appointments.id, patientId: t.appointments.patientId, json: appointmentJson })
    .from(t.appointments)
    .innerJoin(t.patients, eq(t.patients.id, t.appointments.patientId))
    .innerJoin(t.users, eq(t.users.id, t.appointments.staffId))
    .innerJoin(t.clinics, eq(t.clinics.id, t.appointments.clinicId));
}
export interface AppointmentJsonRow {
  id: string;
  patientId: string;
  /** The appointment's spec §3 JSON, ready to be written into a response. */
  json: string;
}

export type ClinicColumn =
  typeof t.appointments.clinicId | typeof t.appointmentMonthCounts.clinicId;
export const inClinics = (column: ClinicColumn) => sql`${column} = any(${ph('clinicIds')}::uuid[])`;

export async function findAppointment(
  db: Executor,
  id: string,
  clinicIds: readonly string[],
): Promise<AppointmentRow | undefined> {
  if (clinicIds.length === 0) return undefined;
  const [row] = await prepared(db, 'appointment_by_id', (name) =>
    selectAppointmentRows(db)
      .where(and(sql`${t.appointments.id} = ${ph('id')}::uuid`, inClinics(t.appointments.clinicId)))
      .limit(1)
      .prepare(name),
  ).execute({ id, clinicIds: [...clinicIds] });
  return row;
}

/**
 * Inserts an appointment and returns its row as stored (its id and defaults included); with
 * `skipConflicts`, undefined instead of an error when a constraint refuses it (which one, the
 * caller finds out: resource-assignment.ts's insertWithResource).
 */
export async function insertAppointment(
  db: Executor,
  values: typeof t.appointments.$inferInsert,
  skipConflicts = false,
) {
  const [row] = await insertPrepared(
    db,
    t.appointments,
    [values],
    getTableColumns(t.appointments),
    {
      skipConflicts,
    },
  );
  return row;
}

/** Optimistic update: nothing changes when someone else changed the row since it was read. */
/** Locks the appointment's row until the transaction ends, and reads it as it now stands. */
export async function lockAppointmentRow(db: Executor, id: string) {
  const [row] = await db
    .select({ startAt: t.appointments.startAt, status: t.appointments.status })
    .from(t.appointments)
    .where(eq(t.appointments.id, id))
    .for('update');
  return row;
}

/** Locks every appointment of a patient, oldest first, and gives their ids. */
export async function lockPatientAppointments(db: Executor, patientId: string): Promise<string[]> {
  const rows = await db
    .select({ id: t.appointments.id })
    .from(t.appointments)
    .where(eq(t.appointments.patientId, patientId))
    .orderBy(t.appointments.startAt, t.appointments.id)
    .for('update');
  return rows.map((r) => r.id);
}

export async function updateAppointment(
  db: Executor,
  id: string,
  expectedVersion: number,
  values: Partial<typeof t.appointments.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(t.appointments)
    .set({ ...values, version: expectedVersion + 1 })
    .where(and(eq(t.appointments.id, id), eq(t.appointments.version, expectedVersion)))
    .returning({ id: t.appointments.id });
  return rows.length === 1;
}

export async function insertEvents(
  db: Executor,
  rows: Array<typeof t.appointmentEvents.$inferInsert>,
) {
  await insertPrepared(db, t.appointmentEvents, rows);
}
