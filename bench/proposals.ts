// Proposed fixes for missed targets, tried on the bench database only (never on src/): an index
// is created, the endpoint re-measured and the index dropped; a query change is shown as the
// plan of the rewritten statement with the very parameters the app sent.
export interface Proposal {
  id: string;
  title: string;
  /** Which read mix the request comes from, and who sends it. */
  endpoint: 'slots' | 'counts' | 'list';
  as: 'staff' | 'admin';
  /** Picks the captured statement to EXPLAIN before and after. */
  match: (text: string) => boolean;
  apply: string[];
  revert: string[];
  /** For a query change: the statement as it would be sent after the change. */
  rewrite?: (text: string) => string;
  /** Re-run the endpoint at 20 clients after `apply` (only meaningful for schema-only fixes). */
  remeasure: boolean;
}

const ROLLUP = 'bench_proposed_appointment_month_counts';

export const PROPOSALS: Proposal[] = [
  {
    id: 'bookings-lower-bound',
    title: 'Bound the bookings query from below (slots and every create)',
    endpoint: 'slots',
    as: 'staff',
    match: (t) => /from "appointments" where/.test(t) && /"end_at" >/.test(t),
    apply: [],
    revert: [],
    // An appointment lasts at most 1,440 minutes (appointments_duration_check), so one that ends
    // after `from` starts after `from - 1 day`: the same rows, but a bounded index range.
    rewrite: (t) =>
      t.replace(
        /("appointments"\."end_at" > (\$\d+))/,
        `$1 and "appointments"."start_at" > $2::timestamptz - interval '1 day'`,
      ),
    remeasure: false,
  },
  {
    id: 'list-start-index',
    title: 'Index on (start_at DESC, id) for lists spanning several clinics',
    endpoint: 'list',
    as: 'admin',
    match: (t) => /from "appointments" inner join/.test(t) && /limit/.test(t),
    apply: [
      'create index bench_proposed_appointments_start_id_idx on appointments (start_at desc, id)',
    ],
    revert: ['drop index if exists bench_proposed_appointments_start_id_idx'],
    remeasure: true,
  },
  {
    id: 'counts-month-rollup',
    title: 'Counts from a per-month rollup plus the current month',
    endpoint: 'counts',
    as: 'staff',
    match: (t) => t.includes('count(*) filter'),
    apply: [
      `create table ${ROLLUP} as
         select clinic_id, staff_id, status, date_trunc('month', start_at, 'UTC') as month, count(*)::int as n
         from appointments group by 1, 2, 3, 4`,
      `create index on ${ROLLUP} (clinic_id, month)`,
      `analyze ${ROLLUP}`,
    ],
    revert: [`drop table if exists ${ROLLUP}`],
    // Same parameters as the app's statement ($1 now, $2–$5 marked, $7–$9 open, $10–$12 the
    // three statuses, then the clinic ids): closed months come from the rollup, the current
    // month and the future (a few thousand rows per clinic) from the table itself.
    rewrite: (t) => {
      const clinics = /"appointments"\."clinic_id" in \(([^)]*)\)/.exec(t)?.[1] ?? '$13';
      return `with cut as (select date_trunc('month', $1::timestamptz, 'UTC') as m),
        closed as (select status, sum(n)::int as n from ${ROLLUP}, cut
                   where clinic_id in (${clinics}) and month < cut.m group by status),
        recent as (select status, start_at from appointments, cut
                   where clinic_id in (${clinics}) and start_at >= cut.m)
      select (select coalesce(sum(n), 0) from closed) + (select count(*) from recent) as all,
             (select count(*) from recent where start_at > $1 and status not in ($2, $3, $4, $5)) as upcoming,
             (select coalesce(sum(n), 0) from closed where status in ($7, $8, $9))
               + (select count(*) from recent where start_at <= $6 and status in ($7, $8, $9)) as pending,
             (select coalesce(sum(n), 0) from closed where status = $10)
               + (select count(*) from recent where status = $10) as completed,
             (select coalesce(sum(n), 0) from closed where status = $11)
               + (select count(*) from recent where status = $11) as cancelled,
             (select coalesce(sum(n), 0) from closed where status = $12)
               + (select count(*) from recent where status = $12) as no_show`;
    },
    remeasure: false,
  },
];
