import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';

export type SeriesRow = typeof t.appointmentSeries.$inferSelect;

export async function insertSeries(db: Executor, values: typeof t.appointmentSeries.$inferInsert) {
  const [row] = await db
    .insert(t.appointmentSeries)
    .values(values)
    .returning({ id: t.appointmentSeries.id });
  return row!.id;
}

/** A series of one of the given clinics, with its patient's name. */
export async function findSeries(db: Executor, id: string, clinicIds: readonly string[]) {
  if (clinicIds.length === 0) return undefined;
  const [row] = await db
    .select({
      series: t.appointmentSeries,
      patient: {
        id: t.patients.id,
        firstName: t.patients.firstName,
        lastName: t.patients.lastName,
      },
    })
    .from(t.appointmentSeries)
    .innerJoin(t.patients, eq(t.patients.id, t.appointmentSeries.patientId))
    .where(
      and(eq(t.appointmentSeries.id, id), inArray(t.appointmentSeries.clinicId, [...clinicIds])),
    )
    .limit(1);
  return row;
}

/** The series' appointments in order of start (then occurrence, for two at one time). */
export function seriesAppointments(db: Executor, seriesId: string) {
  return db
    .select({
      id: t.appointments.id,
      seriesIndex: t.appointments.seriesIndex,
      startAt: t.appointments.startAt,
      duration: t.appointments.duration,
      status: t.appointments.status,
    })
    .from(t.appointments)
    .where(eq(t.appointments.seriesId, seriesId))
    .orderBy(asc(t.appointments.startAt), asc(t.appointments.seriesIndex));
}
