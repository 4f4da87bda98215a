import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { literalCount } from '../../db/literal-count';
import { prepared } from '../../db/prepared';
import * as t from '../../db/schema';
import { selectAppointmentRows, type AppointmentRow } from './appointments.repository';

const ph = sql.placeholder;

/**
 * A search of appointments by what other systems ask for (the FHIR API): any of the ids, agents,
 * patients and statuses given, a start in [from, before), in start order, after a position.
 */
export interface AppointmentSearch {
  clinicIds: readonly string[];
  ids?: readonly string[];
  staffIds?: readonly string[];
  patientIds?: readonly string[];
  /** Stored statuses (upper case). */
  statuses?: readonly string[];
  /**
   * Where (FHIR's `location`): at one of these clinics, or in one of these rooms. Either list may
   * be empty; an appointment matches when it is at one of the clinics or in one of the rooms.
   */
  locations?: { clinicIds: readonly string[]; resourceIds: readonly string[] };
  /**
   * What (FHIR's `service-type`): booked as one of these services. An appointment booked before
   * services (no service id) is its clinic's default service's.
   */
  serviceIds?: readonly string[];
  from?: Date;
  before?: Date;
  order: 'asc' | 'desc';
  /** The last appointment of the previous page: this page starts after it, in `order`. */
  after?: { startAt: Date; id: string };
  limit: number;
}

/** Which filters a search has: each shape is one prepared statement, its values placeholders. */
function shapeOf(search: AppointmentSearch): string {
  const flags: Array<[unknown, string]> = [
    [search.clinicIds.length > 1, 'm'],
    [search.ids, 'i'],
    [search.staffIds, 's'],
    [search.patientIds, 'p'],
    [search.statuses, 'x'],
    [search.locations, 'l'],
    [search.serviceIds, 'v'],
    [search.from, 'f'],
    [search.before, 'b'],
    [search.after, 'a'],
  ];
  return flags.map(([value, flag]) => (value ? flag : '')).join('');
}

/**
 * The page's appointments with everything their views need, in one statement. An agent's day
 * reads the (staff_id, start_at) index; the start order with the id after it makes the cursor
 * exact even when two appointments start together.
 */
export async function searchAppointments(
  db: Executor,
  search: AppointmentSearch,
): Promise<AppointmentRow[]> {
  if (search.clinicIds.length === 0) return [];
  const a = t.appointments;
  const name = `appointment_search_${shapeOf(search)}_${search.order}_${search.limit}`;
  const query = prepared(db, name, (statement) => {
    const conditions: SQL[] = [
      search.clinicIds.length === 1
        ? sql`${a.clinicId} = ${ph('clinicId')}::uuid`
        : sql`${a.clinicId} = any(${ph('clinicIds')}::uuid[])`,
    ];
    if (search.ids) conditions.push(sql`${a.id} = any(${ph('ids')}::uuid[])`);
    if (search.staffIds) conditions.push(sql`${a.staffId} = any(${ph('staffIds')}::uuid[])`);
    if (search.patientIds) {
      conditions.push(sql`${a.patientId} = any(${ph('patientIds')}::uuid[])`);
    }
    if (search.statuses) conditions.push(sql`${a.status} = any(${ph('statuses')}::text[])`);
    if (search.locations) {
      conditions.push(
        sql`(${a.clinicId} = any(${ph('locationClinicIds')}::uuid[])
             or ${a.resourceId} = any(${ph('locationResourceIds')}::uuid[]))`,
      );
    }
    if (search.serviceIds) {
      const s = t.services;
      conditions.push(
        sql`(${a.serviceId} = any(${ph('serviceIds')}::uuid[])
             or (${a.serviceId} is null and exists (
               select 1 from ${s} where ${s.clinicId} = ${a.clinicId} and ${s.isDefault}
                 and ${s.id} = any(${ph('serviceIds')}::uuid[]))))`,
      );
    }
    if (search.from) conditions.push(sql`${a.startAt} >= ${ph('from')}::timestamptz`);
    if (search.before) conditions.push(sql`${a.startAt} < ${ph('before')}::timestamptz`);
    if (search.after) {
      const position = sql`(${ph('afterStart')}::timestamptz, ${ph('afterId')}::uuid)`;
      conditions.push(
        search.order === 'asc'
          ? sql`(${a.startAt}, ${a.id}) > ${position}`
          : sql`(${a.startAt}, ${a.id}) < ${position}`,
      );
    }
    const direction = search.order === 'asc' ? asc : desc;
    return selectAppointmentRows(db)
      .where(and(...conditions))
      .orderBy(direction(a.startAt), direction(a.id))
      .limit(literalCount(search.limit))
      .prepare(search.clinicIds.length === 1 ? statement : '');
  });
  return query.execute({
    clinicId: search.clinicIds[0],
    clinicIds: [...search.clinicIds],
    ids: search.ids && [...search.ids],
    staffIds: search.staffIds && [...search.staffIds],
    patientIds: search.patientIds && [...search.patientIds],
    statuses: search.statuses && [...search.statuses],
    locationClinicIds: search.locations && [...search.locations.clinicIds],
    locationResourceIds: search.locations && [...search.locations.resourceIds],
    serviceIds: search.serviceIds && [...search.serviceIds],
    from: search.from?.toISOString(),
    before: search.before?.toISOString(),
    afterStart: search.after?.startAt.toISOString(),
    afterId: search.after?.id,
  });
}
