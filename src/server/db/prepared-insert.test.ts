// A prepared insert must store exactly what drizzle's own insert stores: each value encoded by its
// column (JSON arrays as JSON, not as PostgreSQL arrays), a left-out column taking its default,
// and the statement kept for the shape still right when the values change.
import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useScenario, useTestApp } from '../test/test-app';
import { createAppointment } from '../test/factories';
import { queryRows } from './client';
import { insertPrepared } from './prepared-insert';
import * as t from './schema';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' });
const { s } = useScenario(env);
let appointmentId: string;

beforeEach(async () => {
  const row = await createAppointment(env.db, {
    clinicId: s.clinic.id,
    patientId: s.patient.id,
    staffId: s.provider.id,
  });
  appointmentId = row.id;
});

const outboxRow = (n: number) => ({
  kind: `test.kind.${n}`,
  appointmentId,
  recipients: [{ email: `p${n}@example.com`, name: `Patient ${n}`, role: 'patient' }],
  payload: { n, start: '2026-12-01T10:00:00.000Z' },
  dueAt: new Date(Date.UTC(2026, 11, n)),
  nextAttemptAt: new Date(Date.UTC(2026, 11, n)),
});

async function storedOutbox(kind: string) {
  const [row] = await queryRows<{
    recipients: string;
    payload: string;
    due: string;
    status: string;
    attempts: number;
  }>(
    env.db,
    sql`select jsonb_typeof(recipients) as recipients, payload::text as payload,
               to_char(due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as due, status, attempts
        from outbox where kind = ${kind}`,
  );
  return row;
}

describe('a prepared insert', () => {
  it('stores JSON, times and defaults as drizzle does, again and again with new values', async () => {
    for (const n of [1, 2, 3]) {
      await insertPrepared(env.db, t.outbox, [outboxRow(n)]);
      expect(await storedOutbox(`test.kind.${n}`)).toEqual({
        recipients: 'array',
        payload: `{"n": ${n}, "start": "2026-12-01T10:00:00.000Z"}`,
        due: `2026-12-0${n}T00:00`,
        status: 'pending', // the column's default
        attempts: 0,
      });
    }
  });

  it('returns what it is asked to return, and writes several rows at once', async () => {
    const rows = await insertPrepared(
      env.db,
      t.appointmentEvents,
      [
        { appointmentId, type: 'NOTE', at: env.now(), byName: 'A' },
        { appointmentId, type: 'NOTE', at: env.now(), byName: 'B' },
      ],
      { id: t.appointmentEvents.id, byName: t.appointmentEvents.byName },
    );
    expect(rows.map((r) => r.byName)).toEqual(['A', 'B']);
    expect(rows.every((r) => typeof r.id === 'number')).toBe(true);
  });

  it('gives a column one row leaves out its default, not null', async () => {
    await insertPrepared(env.db, t.appointmentEvents, [
      { appointmentId, type: 'NOTE', byName: 'no time given' },
      { appointmentId, type: 'NOTE', at: new Date('2020-01-01T00:00:00Z'), byName: 'old' },
    ]);
    const rows = await env.db
      .select({ byName: t.appointmentEvents.byName, at: t.appointmentEvents.at })
      .from(t.appointmentEvents)
      .where(eq(t.appointmentEvents.type, 'NOTE'));
    const at = Object.fromEntries(rows.map((r) => [r.byName, r.at.getUTCFullYear()]));
    expect(at['old']).toBe(2020);
    expect(at['no time given']).toBeGreaterThanOrEqual(2026); // defaultNow(), not null
  });

  it('sends a null as SQL NULL, in JSON and time columns alike, as drizzle does', async () => {
    const entry = {
      at: env.now(),
      userId: null,
      ip: null,
      action: 'create',
      entityType: 'appointment',
      entityId: appointmentId,
      patientId: null,
      details: null,
    };
    await insertPrepared(env.db, t.auditLog, [entry]);
    await insertPrepared(env.db, t.auditLog, [{ ...entry, details: { why: 'a reason' } }]);
    await insertPrepared(env.db, t.outbox, [{ ...outboxRow(5), dueAt: null, sentAt: null }]);
    const rows = await queryRows<{ details: unknown; isNull: boolean }>(
      env.db,
      sql`select details, details is null as "isNull" from audit_log
          where entity_id = ${appointmentId} and action = 'create' order by id`,
    );
    expect(rows).toEqual([
      { details: null, isNull: true },
      { details: { why: 'a reason' }, isNull: false },
    ]);
    const [outbox] = await queryRows<{ due: boolean }>(
      env.db,
      sql`select due_at is null as due from outbox where kind = 'test.kind.5'`,
    );
    expect(outbox!.due).toBe(true);
  });

  it('takes a value written as SQL as SQL', async () => {
    await insertPrepared(env.db, t.appointmentEvents, [
      {
        appointmentId,
        type: 'NOTE',
        at: sql`timestamptz '2021-06-01T00:00:00Z'` as unknown as Date,
        byName: 'sql',
      },
    ]);
    const [row] = await env.db
      .select({ at: t.appointmentEvents.at })
      .from(t.appointmentEvents)
      .where(eq(t.appointmentEvents.byName, 'sql'));
    expect(row!.at.toISOString()).toBe('2021-06-01T00:00:00.000Z');
  });

  it('writes a batch larger than it prepares for, in one statement all the same', async () => {
    await insertPrepared(
      env.db,
      t.outbox,
      Array.from({ length: 9 }, (_, i) => outboxRow(i + 1)),
    );
    const [count] = await queryRows<{ n: number }>(
      env.db,
      sql`select count(*)::int as n from outbox where kind like 'test.kind.%'`,
    );
    expect(count!.n).toBe(9);
    expect((await storedOutbox('test.kind.9'))!.recipients).toBe('array');
  });
});
