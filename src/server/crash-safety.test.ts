import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as t from './db/schema';
import { clinicScenario, type ClinicScenario } from './test/scenario';
import { TEST_PASSWORD } from './test/auth-helpers';
import {
  httpSignIn,
  slotBooking,
  slotsAhead,
  spawnServer,
  type SpawnedServer,
} from './test/spawn-server';
import { spawnedServerDatabase, type SpawnedServerDatabase } from './test/spawned-database';

// Kills the real server process (SIGKILL) in the middle of a stream of bookings, restarts it,
// and checks that nothing answered 2xx was lost, nothing is half-written, and retrying the
// unanswered requests with their Idempotency-Keys books each exactly once.

let database: SpawnedServerDatabase<ClinicScenario>;
let env: Record<string, string>;
let s: ClinicScenario;

beforeAll(async () => {
  database = await spawnedServerDatabase('crash', (db) => clinicScenario(db.db));
  ({ env, seeded: s } = database);
}, 120_000);
afterAll(() => database?.destroy());

interface Attempt {
  key: string;
  body: unknown;
  status?: number;
  id?: string;
}

describe('a server killed mid-stream', () => {
  it('loses no answered booking, half-writes none, and books each retried key exactly once', async () => {
    let server: SpawnedServer = await spawnServer(env);
    let api = await httpSignIn(server.base, s.staff.email, TEST_PASSWORD);
    const slots = await slotsAhead(api, s.clinic.slug, 3);
    const attempts: Attempt[] = slots
      .slice(0, 60)
      .map((slot) => ({ key: randomUUID(), body: slotBooking(s, slot) }));
    expect(attempts).toHaveLength(60);

    // Four clients book in parallel; the process dies after the twentieth answer.
    let answered = 0;
    let killed: Promise<unknown> | undefined;
    let next = 0;
    const client = async () => {
      while (next < attempts.length) {
        const attempt = attempts[next++]!;
        try {
          const res = await api('/api/appointments', {
            method: 'POST',
            body: attempt.body,
            headers: { 'idempotency-key': attempt.key },
          });
          attempt.status = res.status;
          if (res.status === 201) attempt.id = ((await res.json()) as { _id: string })._id;
        } catch {
          // no answer: the process is gone
        }
        if (++answered === 20) killed = server.kill('SIGKILL');
      }
    };
    await Promise.all([client(), client(), client(), client()]);
    await killed;
    const acknowledged = attempts.filter((a) => a.status === 201);
    expect(acknowledged.length).toBeGreaterThanOrEqual(19);
    expect(attempts.some((a) => a.status === undefined)).toBe(true);
    expect(attempts.every((a) => a.status === undefined || a.status === 201)).toBe(true);

    // Everything acknowledged is there, whole: the appointment, its history, its notification.
    // (The other clinic's appointment comes from a factory, without history; it is left out.)
    await database.withDatabase(async (db) => {
      for (const a of acknowledged) {
        const [row] = await db.db.select().from(t.appointments).where(eq(t.appointments.id, a.id!));
        expect(row, a.key).toBeTruthy();
      }
      const [orphans] = await db.db
        .execute(
          sql`
        select
          (select count(*) from appointments a where a.clinic_id = ${s.clinic.id} and (select count(*) from appointment_events e where e.appointment_id = a.id and e.type = 'BOOKED') <> 1)::int as bad_history,
          (select count(*) from appointments a where a.clinic_id = ${s.clinic.id} and (select count(*) from outbox o where o.appointment_id = a.id and o.kind <> 'appointment.reminder') <> 1)::int as bad_outbox,
          (select count(*) from appointments a where a.clinic_id = ${s.clinic.id} and not exists (select 1 from idempotency_keys k where (k.body->>'_id')::uuid = a.id))::int as no_key
      `,
        )
        .then((r) => (r as unknown as { rows: Array<Record<string, number>> }).rows);
      expect(orphans).toEqual({ bad_history: 0, bad_outbox: 0, no_key: 0 });
    });

    // Restart, retry every request with its key: each key ends as exactly one appointment.
    server = await spawnServer(env);
    api = await httpSignIn(server.base, s.staff.email, TEST_PASSWORD);
    for (const a of attempts) {
      const res = await api('/api/appointments', {
        method: 'POST',
        body: a.body,
        headers: { 'idempotency-key': a.key },
      });
      expect(res.status, a.key).toBe(201);
      const id = ((await res.json()) as { _id: string })._id;
      if (a.id) expect(id).toBe(a.id);
      a.id = id;
    }
    expect(new Set(attempts.map((a) => a.id)).size).toBe(attempts.length);
    await server.kill('SIGTERM');
    await database.withDatabase(async (db) => {
      const [row] = await db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(t.appointments)
        .where(eq(t.appointments.clinicId, s.clinic.id));
      expect(row!.n).toBe(attempts.length);
    });
  }, 180_000);
});
