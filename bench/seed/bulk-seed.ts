// Bulk seed for the benchmarks: a handful of set-based INSERT … SELECT statements over
// generate_series, so a million appointments never cost a million round trips. Ids are derived
// from md5 of a counter, which lets every later statement (and the benchmark itself) name a
// clinic, agent or patient without looking it up.
import type { SqlRunner } from '../lib/sql';
import { textArray, uid } from '../lib/sql';
import { VISIT_NOTES as NOTES } from '../../src/server/db/seed-plan';
import { CLINIC_TIMEZONES, emailPart, FIRST_NAMES, LAST_NAMES, normalized } from './names';
import { dropSecondaryStructures, restoreSecondaryStructures } from './structures';

export interface SeedPlan {
  clinics: number;
  agentsPerClinic: number;
  patients: number;
  appointments: number;
  /** Days of future bookings; the past span is sized so past weekdays are ~80 % booked. */
  futureDays: number;
}

export const SLOTS_PER_DAY = 20; // 08:00–18:00 in 30-minute steps, the seeded weekly hours
const PAST_OCCUPANCY = 0.8;
const FUTURE_OCCUPANCY = 0.35;

export const clinicId = (i: number) => uid(`'clinic' || ${i}`);

export function pastDaysFor(plan: SeedPlan): number {
  const perAgent = plan.appointments / (plan.clinics * plan.agentsPerClinic);
  const future = ((plan.futureDays * 5) / 7) * SLOTS_PER_DAY * FUTURE_OCCUPANCY;
  return Math.ceil(((perAgent - future) / (SLOTS_PER_DAY * PAST_OCCUPANCY)) * (7 / 5));
}

export interface SeedTimings {
  [step: string]: number;
}

async function timed(timings: SeedTimings, step: string, fn: () => Promise<unknown>) {
  const t0 = performance.now();
  await fn();
  timings[step] = performance.now() - t0;
}

const tzArray = textArray(CLINIC_TIMEZONES);
const weekly = JSON.stringify(
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
);

/** Clinics, agents with schedules, the two bench sign-in accounts. */
function peopleSql(plan: SeedPlan, passwordHash: string): string {
  const agents = plan.clinics * plan.agentsPerClinic;
  const apc = plan.agentsPerClinic;
  return `
    insert into clinics (id, slug, name, timezone)
      select ${uid(`'clinic' || i`)}, 'clinic-' || i, 'Bench Clinic ' || (i + 1),
             (${tzArray})[i % ${CLINIC_TIMEZONES.length} + 1]
      from generate_series(0, ${plan.clinics - 1}) i;
    insert into users (id, email, name, role, timezone)
      select ${uid(`'agent' || i`)}, 'agent' || i || '@bench.carebook.test',
             case when i % ${apc} < ${Math.ceil(apc / 2)} then 'Dr. ' else '' end
               || (${textArray(FIRST_NAMES)})[(i * 7) % ${FIRST_NAMES.length} + 1] || ' '
               || (${textArray(LAST_NAMES)})[(i * 11) % ${LAST_NAMES.length} + 1],
             case when i % ${apc} < ${Math.ceil(apc / 2)} then 'provider' else 'nurse' end,
             (${tzArray})[(i / ${apc}) % ${CLINIC_TIMEZONES.length} + 1]
      from generate_series(0, ${agents - 1}) i;
    insert into clinic_members (user_id, clinic_id)
      select ${uid(`'agent' || i`)}, ${uid(`'clinic' || (i / ${apc})`)}
      from generate_series(0, ${agents - 1}) i;
    insert into schedules (agent_id, timezone, weekly)
      select id, timezone, '${weekly}'::jsonb from users where email like 'agent%';
    insert into users (id, email, name, role, timezone, password_hash) values
      (${uid(`'bench-staff'`)}, 'staff@bench.carebook.test', 'Bench Front Desk', 'staff',
       'America/New_York', '${passwordHash}'),
      (${uid(`'bench-admin'`)}, 'admin@bench.carebook.test', 'Bench Admin', 'admin',
       'America/New_York', '${passwordHash}');
    insert into clinic_members (user_id, clinic_id)
      select ${uid(`'bench-admin'`)}, id from clinics
      union all select ${uid(`'bench-staff'`)}, ${clinicId(0)};
    ${servicesSql(plan)}`;
}

/** A clinic's seeded physiotherapy service, from its index or a SQL expression of it. */
export const physioServiceId = (clinic: number | string) => uid(`'service-physio' || ${clinic}`);
const roomId = (expr: string) => uid(`'room' || ${expr}`);

/**
 * Issue 42's set-up, as a physiotherapy clinic has it: besides the default video visit (made by
 * the clinics' trigger), a treatment room per provider and a physiotherapy service of 20 or 15
 * minutes with 10 minutes after each to clean the room, needing any room of the category. The
 * seeded appointments of those lengths are that service's, each in its provider's own room (a
 * provider's appointments never overlap, so neither do a room's).
 */
function servicesSql(plan: SeedPlan): string {
  const apc = plan.agentsPerClinic;
  return `
    insert into resources (id, clinic_id, name, kind, category)
      select ${roomId('i')}, ${uid(`'clinic' || (i / ${apc})`)},
             'Treatment room ' || (i % ${apc} + 1), 'room', 'Treatment room'
      from generate_series(0, ${plan.clinics * apc - 1}) i;
    insert into services (id, clinic_id, name, durations, buffer_before_minutes,
                          buffer_after_minutes, kind, bookable_online, resource_category)
      select ${physioServiceId('i')}, ${uid(`'clinic' || i`)},
             'Physiotherapy', '{20,15}', 0, ${PHYSIO_AFTER_MINUTES}, 'in_person', true,
             'Treatment room'
      from generate_series(0, ${plan.clinics - 1}) i;`;
}

/** The physiotherapy service's buffer after: a 20-minute visit and its cleaning fill a cell. */
const PHYSIO_AFTER_MINUTES = 10;

/** Patients with search_text exactly as normalizeSearchText(first, last, email) writes it. */
function patientsSql(plan: SeedPlan): string {
  const perClinic = Math.floor(plan.patients / plan.clinics);
  const first = textArray(FIRST_NAMES);
  const last = textArray(LAST_NAMES);
  const firstNorm = textArray(normalized(FIRST_NAMES));
  const lastNorm = textArray(normalized(LAST_NAMES));
  const firstMail = textArray(FIRST_NAMES.map(emailPart));
  const lastMail = textArray(LAST_NAMES.map(emailPart));
  return `
    insert into patients (id, clinic_id, first_name, last_name, email, dob, phone, source,
                          search_text, created_at)
    select ${uid(`'patient' || i`)}, ${uid(`'clinic' || (i / ${perClinic})`)},
           (${first})[fi], (${last})[li], email,
           date '1932-01-01' + (r * 33000)::int,
           '+1 555 ' || lpad((i % 10000000)::text, 7, '0'),
           case when r < 0.55 then 'front-desk' when r < 0.82 then 'referral' else 'website' end,
           (${firstNorm})[fi] || ' ' || (${lastNorm})[li] || ' ' || email,
           now() - (r * 1500) * interval '1 day'
    from (
      select i, fi, li, r,
             (${firstMail})[fi] || '.' || (${lastMail})[li] || i || '@example.com' as email
      from (
        select i, 1 + floor(random() * ${FIRST_NAMES.length})::int as fi,
               1 + floor(random() * ${LAST_NAMES.length})::int as li, random() as r
        from generate_series(0, ${perClinic * plan.clinics - 1}) i
      ) picked
    ) p;`;
}

/** A part of the agents, so two connections can each load half of the rows. */
export interface AgentRange {
  from: number;
  to: number;
  rows: number;
}

export function agentRanges(plan: SeedPlan, parts: number): AgentRange[] {
  const agents = plan.clinics * plan.agentsPerClinic;
  const ranges: AgentRange[] = [];
  for (let p = 0; p < parts; p++) {
    const from = Math.floor((agents * p) / parts);
    const to = Math.floor((agents * (p + 1)) / parts);
    ranges.push({ from, to, rows: Math.round((plan.appointments * to) / agents) });
  }
  // Row quotas as differences of rounded cumulative shares: the parts add up exactly.
  return ranges.map((r, p) => ({ ...r, rows: r.rows - (p > 0 ? ranges[p - 1]!.rows : 0) }));
}

/**
 * Appointments on each agent's 30-minute grid, one per grid cell at most, so no two overlap and
 * the exclusion constraint holds by construction. Past weekdays are ~80 % booked, the coming
 * weeks ~35 %, leaving free slots for the create and race benchmarks. Rows go in in booking
 * order, as a live table fills up (and the GiST build is four times faster than on random order).
 */
export function appointmentsSql(plan: SeedPlan, range: AgentRange): string {
  const apc = plan.agentsPerClinic;
  const perClinic = Math.floor(plan.patients / plan.clinics);
  return `
    insert into appointments (id, clinic_id, patient_id, staff_id, start_at, end_at, duration,
                              status, token, token_revoked_at, notes, source, type, created_at,
                              updated_at, service_id, resource_id, buffer_after_minutes)
    select ${uid(`'appointment' || cell`)}, shaped.clinic_id,
           ${uid(`'patient' || (clinic_idx * ${perClinic} + floor(r_patient * ${perClinic})::int)`)},
           agent_id, start_at, start_at + duration * interval '1 minute', duration, status,
           md5('token' || cell),
           case when status = 'CANCELLED' then least(shaped.created_at + interval '1 day', now()) end,
           case when r_notes < 0.3 then (${textArray(NOTES)})[1 + floor(r_notes * 10 / 3 * ${NOTES.length})::int] end,
           'carebook', 'custom', shaped.created_at, shaped.created_at,
           case when duration < 30 then ${physioServiceId('clinic_idx')}
                else video.id end,
           case when duration < 30 then ${roomId('agent_idx')} end,
           case when duration < 30 then ${PHYSIO_AFTER_MINUTES} else 0 end
    from (
      select c.*,
             case when start_at + duration * interval '1 minute' > now() then
                    case when r_status < 0.5 then 'BOOKED' when r_status < 0.65 then 'SCHEDULED'
                         when r_status < 0.9 then 'CONFIRMED' else 'CANCELLED' end
                  when start_at > now() - interval '30 days' and r_status < 0.15 then 'CONFIRMED'
                  when r_status < 0.75 then 'COMPLETED' when r_status < 0.85 then 'CANCELLED'
                  when r_status < 0.95 then 'NO_SHOW' else 'DISQUALIFIED' end as status,
             least(start_at - (1 + floor(r_lead * 14)) * interval '1 day',
                   now() - interval '1 hour') as created_at
      from (
        select cand.*, random() as r_status, random() as r_patient, random() as r_lead,
               random() as r_notes,
               case when r_dur < 0.8 then 30 when r_dur < 0.9 then 20 else 15 end as duration
        from (
          select i / ${apc} as clinic_idx, i as agent_idx,
                 ${uid(`'clinic' || (i / ${apc})`)} as clinic_id,
                 ${uid(`'agent' || i`)} as agent_id, random() as r_dur,
                 (i::bigint * 10000000 + (d::date - current_date + 50000) * ${SLOTS_PER_DAY} + k) as cell,
                 ((d::date + time '08:00') + k * interval '30 minutes')
                   at time zone (${tzArray})[(i / ${apc}) % ${CLINIC_TIMEZONES.length} + 1] as start_at
          from generate_series(${range.from}, ${range.to - 1}) i,
               generate_series(current_date - ${pastDaysFor(plan)}, current_date + ${plan.futureDays},
                               interval '1 day') d,
               generate_series(0, ${SLOTS_PER_DAY - 1}) k
          where extract(isodow from d) < 6
        ) cand
        order by random() * case when start_at < now() then ${1 / PAST_OCCUPANCY}
                                 else ${1 / FUTURE_OCCUPANCY} end
        limit ${range.rows}
      ) c
    ) shaped
    -- The rest are the clinic's default service's, as a booking without a service is.
    join services video on video.clinic_id = shaped.clinic_id and video.is_default
    order by shaped.created_at;`;
}

/** History rows like the demo's: BOOKED for all, then the event that set a later status. */
export function eventsSql(range: AgentRange): string {
  return `
    insert into appointment_events (appointment_id, type, at, reason, by_name)
    select a.id, e.type, e.at, e.reason, 'Bench Front Desk'
    from appointments a
    cross join lateral (values
      (1, 'BOOKED', a.created_at, null::text),
      (2, a.status,
       case when a.status in ('COMPLETED', 'NO_SHOW', 'DISQUALIFIED') then a.end_at
            else least(a.created_at + interval '2 hours', now()) end,
       case when a.status = 'CANCELLED' then 'Patient requested a different day' end)
    ) e(n, type, at, reason)
    where a.staff_id in (select ${uid(`'agent' || i`)}
                         from generate_series(${range.from}, ${range.to - 1}) i)
      and (e.n = 1 or a.status <> 'BOOKED')
    order by e.at;`;
}

/**
 * Seeds an empty, migrated database. `helpers` are extra connections for the index rebuild
 * (PostgreSQL builds one index per connection at a time; PGlite has only the one).
 */
export async function bulkSeed(
  db: SqlRunner,
  helpers: SqlRunner[],
  plan: SeedPlan,
  passwordHash: string,
): Promise<SeedTimings> {
  const timings: SeedTimings = {};
  const tables = ['appointments', 'appointment_events', 'patients', 'patient_search_words'];
  const connections = [db, ...helpers];
  await timed(timings, 'people', () => db.exec(peopleSql(plan, passwordHash)));
  const dropped = await dropSecondaryStructures(db, tables);
  // The monthly counts and the patients' search words are built once after the load instead of
  // a trigger call per row; the clinics' data versions need no moving on a new database.
  await db.exec('alter table appointments disable trigger user');
  await db.exec('alter table appointment_events disable trigger user');
  await db.exec('alter table patients disable trigger user');
  const ranges = agentRanges(plan, connections.length);
  // Each connection loads its share of agents; patients go on the first one meanwhile.
  await timed(timings, 'rows', () =>
    Promise.all(
      connections.map(async (conn, i) => {
        if (i === 0) {
          await timed(timings, 'patients', () => conn.exec(patientsSql(plan)));
          await timed(timings, 'searchWords', () =>
            conn.exec(
              'select patient_search_words_rebuild(); alter table patients enable trigger user',
            ),
          );
        }
        await timed(timings, `appointments#${i}`, () =>
          conn.exec(appointmentsSql(plan, ranges[i]!)),
        );
        await timed(timings, `events#${i}`, () => conn.exec(eventsSql(ranges[i]!)));
      }),
    ),
  );
  await timed(timings, 'monthCounts', () =>
    db.exec(
      `select appointment_month_counts_rebuild(); alter table appointments enable trigger user;
       alter table appointment_events enable trigger user`,
    ),
  );
  // The reports' roll-ups (ADR 052), counted once from the rows as loaded (days, then weeks and
  // months from them): their stored facts keep the columns' defaults (booked at the front desk,
  // returning patients).
  await timed(timings, 'reportDays', () => db.exec('select appointment_report_days_rebuild()'));
  await timed(timings, 'indexes', async () => {
    const took = await restoreSecondaryStructures(connections, dropped);
    for (const [name, ms] of Object.entries(took)) timings[`index ${name}`] = ms;
  });
  const analyse = [
    ...tables,
    'appointment_month_counts',
    'appointment_report_days',
    'appointment_report_periods',
    'users',
    'clinics',
    'clinic_members',
    'schedules',
    'services',
    'resources',
  ];
  await timed(timings, 'vacuumAnalyze', () =>
    Promise.all(
      connections.map(async (conn, i) => {
        for (const table of analyse.filter((_, j) => j % connections.length === i)) {
          await conn.exec(`vacuum (analyze) ${table}`);
        }
      }),
    ),
  );
  return timings;
}
