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

const SUMMED = [
  'booked',
  'attended',
  'noShow',
  'cancelled',
  'lateCancelled',
  'leadMinutes',
  'bookedMinutes',
  'newPatients',
  'confirmedAfterReminder',
] as const;

/**
 * A roll-up's figures, times `sign` (1, or -1 for days taken away), under `RollupSum`'s names, as
 * float8: summed exactly (far below 2^53) and without the numeric type PostgreSQL sums bigints in,
 * which took half the time of a network's year by week.
 */
function figuresOf(r: typeof d | typeof p, sign: 1 | -1): SQL {
  return sql.join(
    SUMMED.map(
      (name) => sql`(${sql.raw(String(sign))} * ${r[name]})::float8 as ${sql.identifier(name)}`,
    ),
    sql`, `,
  );
}

// Grouped by the columns' own types (uuid, date) and made text only for the few summed lines: at
// 10M appointments a network's year is tens of thousands of roll-up rows, which hash in memory
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

/**
 * The roll-ups summed per week or month and per line for the clinics from `from` to `to`
 * (`rollupReads`): weeks or months from the roll-up kept per period, whole or less the days of
 * them outside the period, and the days of a cut one from the roll-up kept per day. A year of a
 * network is then tens of thousands of rows, not the quarter of a million of its days. Lines that
 * sum to nothing are left out.
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
  const { wholeStarts, addDays, subtractDays } = rollupReads(input, input.by);
  const parts: SQL[] = [];
  if (wholeStarts) {
    parts.push(sql`select ${p.start} as bucket, ${groupColumn(p, input.group)} as key, ${figuresOf(p, 1)}
      from ${p}
      where ${p.clinicId} = any(${clinics}) and ${p.granularity} = ${input.by}
        and ${p.start} between ${wholeStarts.from}::date and ${wholeStarts.to}::date`);
  }
  for (const [days, sign] of [
    [addDays, 1],
    [subtractDays, -1],
  ] as const) {
    if (days.length === 0) continue;
    const within = sql.join(
      days.map((c) => sql`${d.day} between ${c.from}::date and ${c.to}::date`),
      sql` or `,
    );
    parts.push(sql`select report_period_start(${input.by}, ${d.day}) as bucket,
        ${groupColumn(d, input.group)} as key, ${figuresOf(d, sign)}
      from ${d}
      where ${d.clinicId} = any(${clinics}) and (${within})`);
  }
  const total = (name: string) => sql`sum(${sql.identifier(name)})`;
  return queryRows<RollupSum>(
    db,
    sql`select bucket::text as bucket, key::text as key,
          ${sql.join(
            SUMMED.map((name) => sql`${total(name)} as ${sql.identifier(name)}`),
            sql`, `,
          )}
        from (${sql.join(parts, sql` union all `)}) parts
        group by bucket, key
        having ${sql.join(
          SUMMED.map((name) => sql`${total(name)} <> 0`),
          sql` or `,
        )}`,
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
