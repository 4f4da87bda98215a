import type { SeriesView } from '@contracts/series';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { notFound } from '../../errors';
import * as repo from './appointments.repository';
import * as seriesRepo from './series.repository';
import { personName } from '@domain/person-name';

/** A series with its appointments in order; 404 for another clinic's, as for appointments. */
export async function getSeries(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<SeriesView> {
  const view = await seriesView(deps.db.db, id, ctx.user.clinicIds);
  if (!view) throw notFound('Series not found');
  return view;
}

/** The series an appointment belongs to, or null for a single appointment. */
export async function getSeriesOfAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  appointmentId: string,
): Promise<{ series: SeriesView | null }> {
  const row = await repo.findAppointment(deps.db.db, appointmentId, [...ctx.user.clinicIds]);
  if (!row) throw notFound('Appointment not found');
  const { seriesId } = row.appointment;
  if (!seriesId) return { series: null };
  return { series: (await seriesView(deps.db.db, seriesId, ctx.user.clinicIds)) ?? null };
}

async function seriesView(
  db: Executor,
  id: string,
  clinicIds: Iterable<string>,
): Promise<SeriesView | undefined> {
  const found = await seriesRepo.findSeries(db, id, [...clinicIds]);
  if (!found) return undefined;
  const members = await seriesRepo.seriesAppointments(db, id);
  const { series, patient } = found;
  return {
    id: series.id,
    rrule: series.rrule,
    dtstart: series.dtstart.toISOString(),
    timezone: series.timezone,
    patient: { id: patient.id, name: personName(patient) },
    appointments: members.map((m, i) => ({
      _id: m.id,
      position: i + 1,
      date: m.startAt.toISOString(),
      duration: m.duration,
      status: m.status,
    })),
  };
}
