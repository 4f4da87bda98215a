import { sql, type SQL } from 'drizzle-orm';
import type { ReportGranularity } from '@domain/report-periods';
import type { ReportGroup } from '@contracts/reports';
import { queryRows, type Executor } from '../../db/client';
import * as t from '../../db/schema';

/** The nil uuid the roll-up keeps for rows booked before services: the clinic's default service. */
export const DEFAULT_SERVICE_KEY = '00000000-0000-0000-0000-000000000000';

/** One line of the roll-up summed over a week or month. */
export interface RollupSum {
  bucket: string;
  key: string;
  booked: number;
  attended: number;
  noShow: number;
  cancelled: number;
  lateCancelled: number;
  leadMinutes: number;
  bookedMinutes: number;
  newPatients: number;
  confirmedAfterReminder: number;
}

const d = t.appointmentReportDays;

// Grouped by the columns' own types (uuid, date) and made text only for the few summed lines: at
// 10M appointments a network's year is a quarter of a million roll-up rows, which hash in memory
// as uuids and dates but were sorted on disk as text (400 ms against 160 ms alone).
const groupColumn: Record<ReportGroup, SQL> = {
  clinic: sql`${d.clinicId}`,
  provider: sql`${d.staffId}`,
  service: sql`${d.serviceId}`,
  source: sql`${d.channel}`,
};

const bucketOf: Record<ReportGranularity, SQL> = {
  // Days of the clinic's own calendar (ADR 052): a week from its Sunday, a month from its first.
  week: sql`(${d.day} - extract(dow from ${d.day})::int)`,
  month: sql`date_trunc('month', ${d.day})::date`,
};

/**
 * The roll-up's days of the clinics from `from` to `to`, summed per week or month and per line.
 * Reads the primary key's range (clinic, day) of each clinic: a year of a network is a few
 * hundred thousand small rows at most.
 */
export async function sumRollup(
  db: Executor,
  input: {
    clinicIds: readonly string[];
    from: string;
    to: string;
    by: ReportGranularity;
    group: ReportGroup;
  },
): Promise<RollupSum[]> {
  if (input.clinicIds.length === 0) return [];
  const bucket = bucketOf[input.by];
  const key = groupColumn[input.group];
  return queryRows<RollupSum>(
    db,
    sql`select bucket::text as bucket, key::text as key, "booked", "attended", "noShow",
          "cancelled", "lateCancelled", "leadMinutes", "bookedMinutes", "newPatients",
          "confirmedAfterReminder"
        from (select ${bucket} as bucket, ${key} as key,
          sum(${d.booked})::float8 as "booked",
          sum(${d.attended})::float8 as "attended",
          sum(${d.noShow})::float8 as "noShow",
          sum(${d.cancelled})::float8 as "cancelled",
          sum(${d.lateCancelled})::float8 as "lateCancelled",
          sum(${d.leadMinutes})::float8 as "leadMinutes",
          sum(${d.bookedMinutes})::float8 as "bookedMinutes",
          sum(${d.newPatients})::float8 as "newPatients",
          sum(${d.confirmedAfterReminder})::float8 as "confirmedAfterReminder"
        from ${d}
        where ${d.clinicId} = any(${sql.param([...input.clinicIds])}::uuid[])
          and ${d.day} between ${input.from}::date and ${input.to}::date
        group by 1, 2) sums`,
  );
}

/** Who may read each clinic's reports besides admins. */
export async function reportViewerRoles(
  db: Executor,
  clinicIds: readonly string[],
): Promise<Map<string, string[]>> {
  if (clinicIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; roles: string[] }>(
    db,
    sql`select id::text, report_viewer_roles as roles from ${t.clinics}
        where id = any(${sql.param([...clinicIds])}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, r.roles]));
}

/** The names the lines show: the clinics' agents and services (the default one for the nil key). */
export async function lineNames(
  db: Executor,
  group: ReportGroup,
  clinicIds: readonly string[],
  keys: readonly string[],
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  if (group === 'provider') {
    const rows = await queryRows<{ id: string; name: string }>(
      db,
      sql`select id::text, name from ${t.users} where id = any(${sql.param([...keys])}::uuid[])`,
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }
  if (group === 'service') {
    const rows = await queryRows<{ id: string; name: string; isDefault: boolean }>(
      db,
      sql`select id::text, name, is_default as "isDefault" from ${t.services}
          where clinic_id = any(${sql.param([...clinicIds])}::uuid[])
            and (id = any(${sql.param([...keys])}::uuid[]) or is_default)`,
    );
    const names = new Map(rows.map((r) => [r.id, r.name]));
    const fallback = rows.find((r) => r.isDefault)?.name ?? 'Default service';
    names.set(DEFAULT_SERVICE_KEY, fallback);
    return names;
  }
  return new Map();
}

/** The agents of the clinics, whose hours make the available minutes. */
export async function clinicAgents(
  db: Executor,
  clinicIds: readonly string[],
): Promise<
  Array<{ clinicId: string; id: string; name: string; email: string; timezone: string | null }>
> {
  if (clinicIds.length === 0) return [];
  return queryRows(
    db,
    sql`select m.clinic_id::text as "clinicId", u.id::text, u.name, u.email, u.timezone
        from ${t.clinicMembers} m join ${t.users} u on u.id = m.user_id
        where m.clinic_id = any(${sql.param([...clinicIds])}::uuid[])
          and u.role in ('provider', 'nurse') and u.active`,
  );
}
