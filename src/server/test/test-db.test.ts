import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import * as t from '../db/schema';
import { createAppointment } from './factories';
import { clinicScenario } from './scenario';
import { createTestDatabase, type TestDatabase } from './test-db';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());

// Every test file's beforeEach relies on this: a reset leaves no row of any table behind, and the
// serial ids start again at 1, as TRUNCATE … RESTART IDENTITY did.
it('empties every table and starts the serial ids again', async () => {
  const db = testDb.handle.db;
  const s = await clinicScenario(db);
  await createAppointment(db, {
    clinicId: s.clinic.id,
    patientId: s.patient.id,
    staffId: s.provider.id,
  });
  await db
    .insert(t.auditLog)
    .values({ action: 'read', entityType: 'patient', entityId: s.patient.id });

  await testDb.reset();

  const tables = await queryRows<{ name: string }>(
    db,
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  expect(tables.length).toBeGreaterThan(20);
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql.raw(`select count(*)::int as n from ${name}`),
    );
    expect({ table: name, rows: row!.n }).toEqual({ table: name, rows: 0 });
  }
  const [audit] = await db
    .insert(t.auditLog)
    .values({ action: 'read', entityType: 'patient', entityId: s.patient.id })
    .returning({ id: t.auditLog.id });
  expect(audit!.id).toBe(1);
});
