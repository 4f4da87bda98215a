import { expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestApp } from '../../test/test-app';
import { bookThroughApi } from '../../test/scenario';
import * as t from '../../db/schema';
import { patientMove } from '../../test/visit-link';

// ADR 031: the patient's move limit is decided under the appointment's row
// lock. Here the race the parallel test can only provoke is forced: another connection holds the
// row and writes the patient's second move while a third move has already passed the early
// count; once that commits, the third must be refused, not written over a stale count.

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const START = '2026-11-25T15:00:00.000Z';

const move = (token: string, start: string) => patientMove(env.app, token, start);

it('a move that read the count before another move committed is refused once it commits', async () => {
  const { s, staff } = await env.scenario();
  const appt = await bookThroughApi(staff, s, START);
  expect((await move(appt.token, '2026-11-25T16:00:00.000Z')).statusCode).toBe(200);

  // Connections for the move, opened beforehand.
  const warm = await Promise.all([1, 2, 3].map(() => env.handle.pool!.connect()));
  for (const c of warm) c.release();
  const other = await env.handle.pool!.connect();
  try {
    await other.query('begin');
    await other.query('select id from appointments where id = $1 for update', [appt._id]);
    // The clinic's second allowed move, not yet committed: the early count does not see it.
    await other.query(
      `insert into appointment_events (appointment_id, type, from_value, to_value, by_name)
       values ($1, 'RESCHEDULE', '2026-11-25T16:00:00.000Z', '2026-11-25T17:00:00.000Z', 'Patient')`,
      [appt._id],
    );
    // inject() starts only once its answer is asked for.
    const third = move(appt.token, '2026-11-25T18:00:00.000Z').then((r) => r);
    // Wait until the move is queued behind the row lock (a condition, not a time).
    for (;;) {
      const { rows } = await other.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
      );
      if (rows[0]!.n > 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await other.query('commit');
    const answer = await third;
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().message).toMatch(/already been moved online twice/);
  } finally {
    other.release();
  }
  const [row] = await env.db
    .select({ startAt: t.appointments.startAt })
    .from(t.appointments)
    .where(eq(t.appointments.id, appt._id));
  expect(row!.startAt.toISOString()).toBe('2026-11-25T16:00:00.000Z');
  const moves = await env.db
    .select()
    .from(t.appointmentEvents)
    .where(
      and(
        eq(t.appointmentEvents.appointmentId, appt._id),
        eq(t.appointmentEvents.type, 'RESCHEDULE'),
      ),
    );
  expect(moves).toHaveLength(2);
});
