import { afterAll, beforeAll, expect, it } from 'vitest';
import { clinicScenario } from '../../test/scenario';
import { createTestDatabase, type TestDatabase } from '../../test/test-db';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());

// A booking no longer takes the agent's booking lock before its insert (ADR 027): it relies on
// the insert's own trigger (migration 0022) to take it before the row meets the exclusion
// constraint, so that two bookings of one time queue instead of deadlocking. Seen from another
// connection, an uncommitted insert holds that lock, and only that agent’s.
it('an appointment inserted for an agent holds that agent’s booking lock until it commits', async () => {
  const s = await clinicScenario(testDb.handle.db);
  const pool = testDb.handle.pool!;
  const writer = await pool.connect();
  const other = await pool.connect();
  const tryLock = async (agentId: string) => {
    const { rows } = await other.query<{ got: boolean }>(
      'select pg_try_advisory_xact_lock(hashtextextended($1, 727)) as got',
      [agentId],
    );
    return rows[0]!.got;
  };
  try {
    await writer.query('begin');
    await writer.query(
      `insert into appointments (clinic_id, patient_id, staff_id, start_at, end_at, duration, token)
       values ($1, $2, $3, '2030-01-07T15:00:00Z', '2030-01-07T15:30:00Z', 30, 'queue-test-token-000000000000000')`,
      [s.clinic.id, s.patient.id, s.provider.id],
    );
    await other.query('begin');
    expect(await tryLock(s.provider.id)).toBe(false);
    expect(await tryLock(s.nurse.id)).toBe(true);
    await other.query('rollback');
    await writer.query('commit');
    await other.query('begin');
    expect(await tryLock(s.provider.id)).toBe(true);
    await other.query('rollback');
  } finally {
    writer.release();
    other.release();
  }
});
