import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { runMigrations } from './migrate';
import { createTestDatabase, type TestDatabase } from '../test/test-db';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());

async function schemaFingerprint() {
  const result = await testDb.handle.db.execute<{ fingerprint: string }>(sql`
    select md5(string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, column_name)) as fingerprint
    from information_schema.columns where table_schema = 'public'`);
  return result.rows[0]?.fingerprint;
}

describe('migrations', () => {
  it('create every table of the data model with both extensions', async () => {
    const tables = await testDb.handle.db.execute<{ table_name: string }>(sql`
      select table_name from information_schema.tables where table_schema = 'public' order by 1`);
    expect(tables.rows.map((r) => r.table_name)).toEqual([
      'appointment_events',
      'appointments',
      'audit_log',
      'clinic_members',
      'clinics',
      'idempotency_keys',
      'outbox',
      'patients',
      'schedule_overrides',
      'schedules',
      'sessions',
      'users',
    ]);
    const extensions = await testDb.handle.db.execute<{ extname: string }>(sql`
      select extname from pg_extension where extname in ('btree_gist', 'pg_trgm') order by 1`);
    expect(extensions.rows.map((r) => r.extname)).toEqual(['btree_gist', 'pg_trgm']);
  });

  it('change nothing when run a second time', async () => {
    const before = await schemaFingerprint();
    const applied = await testDb.handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    await runMigrations(testDb.handle);
    expect(await schemaFingerprint()).toBe(before);
    const after = await testDb.handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(after.rows).toEqual(applied.rows);
  });
});
