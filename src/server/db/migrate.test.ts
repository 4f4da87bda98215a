import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './client';
import { runMigrations } from './migrate';
import { createTestDatabase, type TestDatabase } from '../test/test-db';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.destroy());

async function schemaFingerprint() {
  const result = await queryRows<{ fingerprint: string }>(
    testDb.handle.db,
    sql`
    select md5(string_agg(table_name || '.' || column_name || ':' || data_type, ',' order by table_name, column_name)) as fingerprint
    from information_schema.columns where table_schema = 'public'`,
  );
  return result[0]?.fingerprint;
}

describe('migrations', () => {
  it('create every table of the data model with both extensions', async () => {
    const tables = await queryRows<{ table_name: string }>(
      testDb.handle.db,
      sql`
      select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.map((r) => r.table_name)).toEqual([
      'appointment_events',
      'appointment_month_counts',
      'appointments',
      'audit_log',
      'clinic_data_versions',
      'clinic_members',
      'clinics',
      'idempotency_keys',
      'login_failures',
      'outbox',
      'patient_search_words',
      'patients',
      'schedule_overrides',
      'schedules',
      'sessions',
      'users',
      'visit_participants',
    ]);
    const extensions = await queryRows<{ extname: string }>(
      testDb.handle.db,
      sql`
      select extname from pg_extension where extname in ('btree_gist', 'pg_trgm') order by 1`,
    );
    expect(extensions.map((r) => r.extname)).toEqual(['btree_gist', 'pg_trgm']);
  });

  it('change nothing when run a second time', async () => {
    const before = await schemaFingerprint();
    const applied = await queryRows<{ n: number }>(
      testDb.handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    await runMigrations(testDb.handle);
    expect(await schemaFingerprint()).toBe(before);
    const after = await queryRows<{ n: number }>(
      testDb.handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(after).toEqual(applied);
  });
});
