import type { Appointment } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import { notFound } from '../../errors';
import { auditReads } from '../audit';
import { toAppointmentView } from './appointment-view';
import * as search from './appointment-search.repository';
import * as repo from './appointments.repository';

// Appointments for other modules that speak another format (the FHIR API): the JSON API's view
// with what that format adds (the clinic's id, the row's version and times), read and audited
// exactly as the JSON API reads them.

export interface AppointmentRecord {
  view: Appointment;
  clinicId: string;
  startAt: Date;
  endAt: Date;
  /** Moves on with every change: an ETag, and the check that nobody changed it meanwhile. */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

export type AppointmentSearch = Omit<search.AppointmentSearch, 'clinicIds'>;

function toRecord(row: repo.AppointmentRow): AppointmentRecord {
  const a = row.appointment;
  return {
    view: toAppointmentView(row),
    clinicId: a.clinicId,
    startAt: a.startAt,
    endAt: a.endAt,
    version: a.version,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

/** Appointments a user is shown, each read written to the audit log. */
export function auditAppointmentReads(
  deps: AppDeps,
  ctx: RequestContext,
  rows: repo.AppointmentRow[],
): Promise<void> {
  return auditReads(
    deps,
    ctx,
    'appointment',
    rows.map((r) => ({ id: r.appointment.id, patientId: r.patient.id })),
  );
}

/**
 * One appointment of the caller's clinics; another clinic's is not found, like one that does not
 * exist. `audit: false` only for the answer to a change, which the change's own audit row covers.
 */
export async function readAppointmentRecord(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  options: { audit: boolean } = { audit: true },
): Promise<AppointmentRecord> {
  const row = await repo.findAppointment(deps.db.db, id, [...ctx.user.clinicIds]);
  if (!row) throw notFound('Appointment not found');
  if (options.audit) await auditAppointmentReads(deps, ctx, [row]);
  return toRecord(row);
}

/**
 * A page of the caller's clinics' appointments (`limit` of them), and whether more follow; each
 * one shown is audited as a read.
 */
export async function searchAppointmentRecords(
  deps: AppDeps,
  ctx: RequestContext,
  criteria: AppointmentSearch,
): Promise<{ records: AppointmentRecord[]; more: boolean }> {
  const rows = await search.searchAppointments(deps.db.db, {
    ...criteria,
    clinicIds: [...ctx.user.clinicIds],
    limit: criteria.limit + 1,
  });
  const shown = rows.slice(0, criteria.limit);
  await auditAppointmentReads(deps, ctx, shown);
  return { records: shown.map(toRecord), more: rows.length > criteria.limit };
}

/** How many of the caller's clinics' appointments a search matches (nothing is shown: no audit). */
export function countAppointmentRecords(
  deps: AppDeps,
  ctx: RequestContext,
  criteria: Omit<AppointmentSearch, 'after' | 'limit' | 'order'>,
): Promise<number> {
  return search.countAppointments(deps.db.db, {
    ...criteria,
    clinicIds: [...ctx.user.clinicIds],
    order: 'asc',
    limit: 0,
  });
}
