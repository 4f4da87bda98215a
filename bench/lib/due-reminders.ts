// What the reminder benchmarks (e-mails and texts) share: appointments seeded in one statement,
// and the worker driven by hand until everything due has gone.
import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../src/server/db/client';

/**
 * The CTEs `numbered` and `a`, after `c` (the clinic), `u` (its provider) and `p` (its patients):
 * one appointment for each patient, every 30 minutes from tomorrow, so that no two overlap.
 */
export function halfHourlyAppointments(now: Date, tokenPrefix: string) {
  return sql`numbered as (
        select id, row_number() over () as n from p
      ), a as (
        insert into appointments (clinic_id, patient_id, staff_id, start_at, end_at, duration, token)
        select c.id, numbered.id, u.id,
          ${now}::timestamptz + interval '1 day' + (numbered.n * interval '30 minutes'),
          ${now}::timestamptz + interval '1 day' + (numbered.n * interval '30 minutes') + interval '30 minutes',
          30, ${tokenPrefix}::text || numbered.n
        from c, u, numbered
        returning id, clinic_id, patient_id, start_at
      )`;
}

/**
 * The outbox values (payload, status, due_at, offset_minutes, next_attempt_at) of the reminder a
 * day before appointment `a`, due a minute ago.
 */
export function dayAheadReminderOfA(now: Date) {
  return sql`jsonb_build_object('appointmentId', a.id, 'offsetMinutes', 1440,
          'start', to_char(a.start_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        'pending', ${now}::timestamptz - interval '1 minute', 1440, ${now}::timestamptz - interval '1 minute'`;
}

/** Runs the worker's passes until `count` have been sent or a pass sends nothing; answers how many. */
export async function sendAll(worker: { runOnce(): Promise<number> }, count: number) {
  let sent = 0;
  while (sent < count) {
    const n = await worker.runOnce();
    if (n === 0) break;
    sent += n;
  }
  return sent;
}

/** How many outbox rows (of a channel, when said) stand in each status, as a log line's words. */
export async function outboxStatuses(db: Executor, channel?: 'sms') {
  const rows = await queryRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from outbox ${channel ? sql`where channel = ${channel}` : sql``} group by status order by status`,
  );
  return rows.map((r) => `${r.n} ${r.status}`).join(', ');
}
