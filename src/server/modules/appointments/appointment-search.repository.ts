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
  /** Starts outside each of these ranges `[lo, hi)` (FHIR's `ne`). */
  startExcluded?: readonly DateRange[];
  /** Last changed (updated_at) in [updatedFrom, updatedBefore), outside updatedExcluded. */
  updatedFrom?: Date;
  updatedBefore?: Date;
  updatedExcluded?: readonly DateRange[];
  /**
   * Who or where (FHIR's `actor`), each entry one repetition that must hold: the patient, agent,
   * clinic or room/equipment is one of those it lists.
   */
  actors?: ReadonlyArray<{
    patientIds: readonly string[];
    staffIds: readonly string[];
    clinicIds: readonly string[];
    resourceIds: readonly string[];
  }>;
  order: 'asc' | 'desc';
  /** The last appointment of the previous page: this page starts after it, in `order`. */
  after?: { startAt: Date; id: string };
  limit: number;
}

export interface DateRange {
  lo: Date;
  hi: Date;
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
    [search.updatedFrom, 'u'],
    [search.updatedBefore, 'w'],
  ];
  const counts = [
    `n${search.startExcluded?.length ?? 0}`,
    `e${search.updatedExcluded?.length ?? 0}`,
    `r${search.actors?.length ?? 0}`,
  ];
  return flags.map(([value, flag]) => (value ? flag : '')).join('') + counts.join('');
}

type Value = (name: string) => SQL;

/** The search's conditions, each value written by `value` (a placeholder, or the value itself). */
function conditionsOf(search: AppointmentSearch, value: Value): SQL[] {
  const a = t.appointments;
  const conditions: SQL[] = [
    search.clinicIds.length === 1
      ? sql`${a.clinicId} = ${value('clinicId')}::uuid`
      : sql`${a.clinicId} = any(${value('clinicIds')}::uuid[])`,
  ];
  if (search.ids) conditions.push(sql`${a.id} = any(${value('ids')}::uuid[])`);
  if (search.staffIds) conditions.push(sql`${a.staffId} = any(${value('staffIds')}::uuid[])`);
  if (search.patientIds) {
    conditions.push(sql`${a.patientId} = any(${value('patientIds')}::uuid[])`);
  }
  if (search.statuses) conditions.push(sql`${a.status} = any(${value('statuses')}::text[])`);
  if (search.locations) {
    conditions.push(
      sql`(${a.clinicId} = any(${value('locationClinicIds')}::uuid[])
           or ${a.resourceId} = any(${value('locationResourceIds')}::uuid[]))`,
    );
  }
  if (search.serviceIds) {
    const s = t.services;
    conditions.push(
      sql`(${a.serviceId} = any(${value('serviceIds')}::uuid[])
           or (${a.serviceId} is null and exists (
             select 1 from ${s} where ${s.clinicId} = ${a.clinicId} and ${s.isDefault}
               and ${s.id} = any(${value('serviceIds')}::uuid[]))))`,
    );
  }
  if (search.from) conditions.push(sql`${a.startAt} >= ${value('from')}::timestamptz`);
  if (search.before) conditions.push(sql`${a.startAt} < ${value('before')}::timestamptz`);
  (search.startExcluded ?? []).forEach((_, i) => {
    conditions.push(
      sql`not (${a.startAt} >= ${value(`startNotLo${i}`)}::timestamptz and ${a.startAt} < ${value(`startNotHi${i}`)}::timestamptz)`,
    );
  });
  if (search.updatedFrom) {
    conditions.push(sql`${a.updatedAt} >= ${value('updatedFrom')}::timestamptz`);
  }
  if (search.updatedBefore) {
    conditions.push(sql`${a.updatedAt} < ${value('updatedBefore')}::timestamptz`);
  }
  (search.updatedExcluded ?? []).forEach((_, i) => {
    conditions.push(
      sql`not (${a.updatedAt} >= ${value(`updatedNotLo${i}`)}::timestamptz and ${a.updatedAt} < ${value(`updatedNotHi${i}`)}::timestamptz)`,
    );
  });
  (search.actors ?? []).forEach((_, i) => {
    conditions.push(
      sql`(${a.patientId} = any(${value(`actorPatients${i}`)}::uuid[])
           or ${a.staffId} = any(${value(`actorStaff${i}`)}::uuid[])
           or ${a.clinicId} = any(${value(`actorClinics${i}`)}::uuid[])
           or ${a.resourceId} = any(${value(`actorResources${i}`)}::uuid[]))`,
    );
  });
  if (search.after) {
    const position = sql`(${value('afterStart')}::timestamptz, ${value('afterId')}::uuid)`;
    conditions.push(
      search.order === 'asc'
        ? sql`(${a.startAt}, ${a.id}) > ${position}`
        : sql`(${a.startAt}, ${a.id}) < ${position}`,
    );
  }
  return conditions;
}

/** The values of a search's conditions, by the names conditionsOf gives them. */
function valuesOf(search: AppointmentSearch): Record<string, unknown> {
  const values: Record<string, unknown> = {
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
    updatedFrom: search.updatedFrom?.toISOString(),
    updatedBefore: search.updatedBefore?.toISOString(),
    afterStart: search.after?.startAt.toISOString(),
    afterId: search.after?.id,
  };
  (search.startExcluded ?? []).forEach(({ lo, hi }, i) => {
    values[`startNotLo${i}`] = lo.toISOString();
    values[`startNotHi${i}`] = hi.toISOString();
  });
  (search.updatedExcluded ?? []).forEach(({ lo, hi }, i) => {
    values[`updatedNotLo${i}`] = lo.toISOString();
    values[`updatedNotHi${i}`] = hi.toISOString();
  });
  (search.actors ?? []).forEach((actor, i) => {
    values[`actorPatients${i}`] = [...actor.patientIds];
    values[`actorStaff${i}`] = [...actor.staffIds];
    values[`actorClinics${i}`] = [...actor.clinicIds];
    values[`actorResources${i}`] = [...actor.resourceIds];
  });
  return values;
}

/** How many appointments a search matches in all (FHIR's Bundle.total), the position aside. */
export async function countAppointments(db: Executor, search: AppointmentSearch): Promise<number> {
  if (search.clinicIds.length === 0) return 0;
  const values = valuesOf(search);
  const conditions = conditionsOf(
    { ...search, after: undefined },
    (name) => sql`${sql.param(values[name])}`,
  );
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.appointments)
    .where(and(...conditions));
  return Number(row?.n ?? 0);
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
    const direction = search.order === 'asc' ? asc : desc;
    return selectAppointmentRows(db)
      .where(and(...conditionsOf(search, (n) => sql`${ph(n)}`)))
      .orderBy(direction(a.startAt), direction(a.id))
      .limit(literalCount(search.limit))
      .prepare(search.clinicIds.length === 1 ? statement : '');
  });
  return query.execute(valuesOf(search));
}
