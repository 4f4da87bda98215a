import { sql, type SQL } from 'drizzle-orm';
import { rollupReads, type ReportGranularity } from '@domain/report-periods';
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
const p = t.appointmentReportPeriods;

/** The sums of a roll-up's rows, under the names `RollupSum` gives them. */
function sumsOf(r: typeof d | typeof p): SQL {
  return sql`sum(${r.booked})::float8 as "booked",
    sum(${r.attended})::float8 as "attended",
    sum(${r.noShow})::float8 as "noShow",
    sum(${r.cancelled})::float8 as "cancelled",
    sum(${r.lateCancelled})::float8 as "lateCancelled",
    sum(${r.leadMinutes})::float8 as "leadMinutes",
    sum(${r.bookedMinutes})::float8 as "bookedMinutes",
    sum(${r.newPatients})::float8 as "newPatients",
    sum(${r.confirmedAfterReminder})::float8 as "confirmedAfterReminder"`;
}

// Grouped by the columns' own types (uuid, date) and made text only for the few summed lines: at
// 10M appointments a network's year is a quarter of a million day rows, which hash in memory
// as uuids and dates but were sorted on disk as text (400 ms against 160 ms alone).
function groupColumn(r: typeof d | typeof p, group: ReportGroup): SQL {
  switch (group) {
    case 'clinic':
      return sql`${r.clinicId}`;
    case 'provider':
      return sql`${r.staffId}`;
    case 'service':
      return sql`${r.serviceId}`;
    case 'source':
      return sql`${r.channel}`;
  }
}

/** The week (from its Sunday) or month (from its first) a roll-up day is in. */
const bucketOfDay: Record<ReportGranularity, SQL> = {
  week: sql`report_period_start('week', ${d.day})`,
  month: sql`report_period_start('month', ${d.day})`,
};

/**
 * The roll-ups summed per week or month and per line for the clinics from `from` to `to`: whole
 * weeks or months from the roll-up kept per period, the days of a bucket the period cuts from the
 * one kept per day (`rollupReads`). A year of a network is then tens of thousands of rows, not
 * the quarter of a million of its days.
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
  const clinics = sql`${sql.param([...input.clinicIds])}::uuid[]`;
  const { wholeStarts, cutDays } = rollupReads(input, input.by);
  const parts: SQL[] = [];
  if (wholeStarts) {
    const key = groupColumn(p, input.group);
    parts.push(sql`select ${p.start} as bucket, ${key} as key, ${sumsOf(p)}
      from ${p}
      where ${p.clinicId} = any(${clinics}) and ${p.granularity} = ${input.by}
        and ${p.start} between ${wholeStarts.from}::date and ${wholeStarts.to}::date
      group by 1, 2`);
  }
  if (cutDays.length) {
    const key = groupColumn(d, input.group);
    const days = sql.join(
      cutDays.map((c) => sql`${d.day} between ${c.from}::date and ${c.to}::date`),
      sql` or `,
    );
    parts.push(sql`select ${bucketOfDay[input.by]} as bucket, ${key} as key, ${sumsOf(d)}
      from ${d}
      where ${d.clinicId} = any(${clinics}) and (${days})
      group by 1, 2`);
  }
  return queryRows<RollupSum>(
    db,
    sql`select bucket::text as bucket, key::text as key, "booked", "attended", "noShow",
          "cancelled", "lateCancelled", "leadMinutes", "bookedMinutes", "newPatients",
          "confirmedAfterReminder"
        from (${sql.join(parts, sql` union all `)}) sums`,
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
