import { inArray } from 'drizzle-orm';
import {
  COUNT_BUCKETS,
  normalizeStatus,
  statusLabel,
  type CountBucket,
} from '@domain/appointment-status';
import { localDateKeyOf, partsOf, zoneFormat } from '@domain/zoned-time';
import type { Appointment, ExportAppointmentsQuery } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import { csvFile } from '../../core/csv-file';
import type { RequestContext } from '../../core/request-context';
import { viewerTimezone } from '../../core/viewer-timezone';
import type { Executor } from '../../db/client';
import * as t from '../../db/schema';
import { badRequest } from '../../errors';
import { auditReads } from '../audit';
import * as list from './appointment-list.repository';
import { scopeFrom } from './appointment-queries';

/** Appointments read per statement while the file is written, as the client takes them. */
export const APPOINTMENT_EXPORT_BATCH = 1000;
/** The most lines one file holds: past it, a narrower period is asked for. */
export const APPOINTMENT_EXPORT_MAX = 100_000;

export const APPOINTMENT_CSV_COLUMNS = [
  'Date',
  'Start',
  'End',
  'Time zone',
  'Minutes',
  'Status',
  'Patient',
  'Patient e-mail',
  'Patient phone',
  'Provider',
  'Service',
  'Room or equipment',
  'Clinic',
  'Notes',
  'Booked through',
  'Appointment id',
] as const;

const times = new Map<string, Intl.DateTimeFormat>();

/** "09:05": a 24-hour wall time, which spreadsheets sort and read in every locale. */
function wallTime(at: Date, timeZone: string): string {
  const parts = partsOf(
    zoneFormat(times, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    at,
  );
  return `${parts.hour}:${parts.minute}`;
}

/** What each service and room of the clinics is called, to name them on each line. */
async function namesOf(db: Executor, clinicIds: readonly string[]) {
  if (clinicIds.length === 0) return new Map<string, string>();
  const [services, resources] = await Promise.all([
    db
      .select({ id: t.services.id, name: t.services.name })
      .from(t.services)
      .where(inArray(t.services.clinicId, [...clinicIds])),
    db
      .select({ id: t.resources.id, name: t.resources.name })
      .from(t.resources)
      .where(inArray(t.resources.clinicId, [...clinicIds])),
  ]);
  return new Map([...services, ...resources].map((r) => [r.id, r.name]));
}

/**
 * The appointments the list shows with the same filters and tab, in its order, as CSV: the same
 * scope (the caller's clinics), each batch audited as an export of its appointments before it is
 * written. The first batch is read before anything is sent, so a failure there is an error
 * answer, not a broken file.
 */
export async function exportAppointmentsCsv(
  deps: AppDeps,
  ctx: RequestContext,
  query: ExportAppointmentsQuery,
) {
  const scope = scopeFrom(ctx.user, query);
  const now = deps.now();
  const timeZone = viewerTimezone(ctx.user, query.timezone);
  const status = query.status?.toLowerCase();
  const statusFilter: { bucket?: string; stored?: string } =
    status && status !== 'all'
      ? (COUNT_BUCKETS as readonly string[]).includes(status)
        ? { bucket: status }
        : { stored: normalizeStatus(status) }
      : {};
  // The tab's count (a stored status is counted within all) says before anything is sent
  // whether the file would be cut short.
  const counts = await list.countBuckets(deps.db.db, scope, now);
  const total = counts[(statusFilter.bucket ?? 'all') as CountBucket];
  if (total > APPOINTMENT_EXPORT_MAX && !statusFilter.stored) {
    throw badRequest(
      `The list holds ${total.toLocaleString('en-US')} appointments; a file takes at most ${APPOINTMENT_EXPORT_MAX.toLocaleString('en-US')}. Choose a shorter period.`,
    );
  }
  const names = await namesOf(deps.db.db, scope.clinicIds);
  const clinics = new Map(ctx.user.clinics.map((c) => [c.slug, c.name]));
  const read = async (offset: number) => {
    const rows = await list.listPage(deps.db.db, scope, statusFilter, now, {
      limit: APPOINTMENT_EXPORT_BATCH,
      offset,
    });
    await auditReads(deps, ctx, 'appointment', rows, { action: 'export' });
    return rows.map((r) => JSON.parse(r.json) as Appointment);
  };
  const toLine = (a: Appointment): string[] => {
    const start = new Date(a.date);
    const end = new Date(start.getTime() + a.duration * 60_000);
    return [
      localDateKeyOf(start, timeZone),
      wallTime(start, timeZone),
      wallTime(end, timeZone),
      timeZone,
      String(a.duration),
      statusLabel(a.metadata.status),
      a.patient.name,
      a.patient.email ?? '',
      a.patient.phone ?? '',
      a.staff.name,
      (a.serviceId && names.get(a.serviceId)) ?? '',
      (a.resourceId && names.get(a.resourceId)) ?? '',
      clinics.get(a.patient.clinic) ?? a.patient.clinic,
      a.metadata.notes ?? '',
      a.metadata.source,
      a._id,
    ];
  };
  const first = await read(0);
  async function* lines() {
    let written = 0;
    for (let batch = first; ;) {
      for (const appointment of batch) {
        if (written === APPOINTMENT_EXPORT_MAX) return;
        written += 1;
        yield toLine(appointment);
      }
      if (batch.length < APPOINTMENT_EXPORT_BATCH) return;
      batch = await read(written);
    }
  }
  return {
    filename: `appointments-${localDateKeyOf(now, timeZone)}.csv`,
    body: csvFile(APPOINTMENT_CSV_COLUMNS, lines()),
  };
}
