import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DbHandle } from './client';
import { migrationsFolder, runMigrations } from './migrate';
import * as t from './schema';
import { testDbKind } from '../test/db-kind';
import { createUser } from '../test/factories';
import { withScratchDatabase } from '../test/scratch-database';
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
      'api_tokens',
      'appointment_events',
      'appointment_month_counts',
      'appointment_series',
      'appointments',
      'audit_log',
      'calendar_feeds',
      'clinic_data_versions',
      'clinic_members',
      'clinics',
      'idempotency_keys',
      'login_failures',
      'online_booking_holds',
      'outbox',
      'patient_search_words',
      'patients',
      'rate_limit_counters',
      'schedule_overrides',
      'schedules',
      'sessions',
      'sign_in_sources',
      'users',
      'visit_participants',
      'waitlist_entries',
      'waitlist_events',
      'waitlist_offers',
      'waitlist_openings',
      'webhook_deliveries',
      'webhook_endpoints',
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

/**
 * A new database of this run's kind migrated up to and including `last`, handed to `use` with a
 * way to run the migrations after it: for tests of what a migration does to rows already there.
 */
async function migratedUpTo(
  last: string,
  use: (handle: DbHandle, migrateRest: () => Promise<void>) => Promise<void>,
) {
  const folder = mkdtempSync(path.join(tmpdir(), 'carebook-migrations-'));
  try {
    cpSync(migrationsFolder(), folder, { recursive: true });
    const journalPath = path.join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: Array<{ tag: string }>;
    };
    const upTo = journal.entries.findIndex((e) => e.tag === last);
    expect(upTo, `no migration ${last}`).toBeGreaterThanOrEqual(0);
    journal.entries = journal.entries.slice(0, upTo + 1);
    writeFileSync(journalPath, JSON.stringify(journal));
    const run = async (handle: DbHandle) => {
      try {
        await runMigrations(handle, folder);
        await use(handle, () => runMigrations(handle));
      } finally {
        await handle.close();
      }
    };
    if (testDbKind() === 'pglite') await run(await openDatabase({ memory: true }));
    else await withScratchDatabase('migrate_data', async (url) => run(await openDatabase({ url })));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('migrations of stored rows', () => {
  it('0015 gives each stored Idempotency-Key to its user, so a retry still gets its answer', async () => {
    await migratedUpTo('0014_visit_participants', async (handle, migrateRest) => {
      const user = await createUser(handle.db);
      await handle.db.execute(sql`
        insert into idempotency_keys (key, user_id, request_hash, status_code, body)
        values ('booking-7f3a', ${user.id}, 'hash-1', 201, '{"_id":"a1"}')`);
      await migrateRest();
      expect(await handle.db.select().from(t.idempotencyKeys)).toEqual([
        expect.objectContaining({
          owner: `user:${user.id}`,
          key: 'booking-7f3a',
          requestHash: 'hash-1',
          statusCode: 201,
          body: { _id: 'a1' },
        }),
      ]);
    });
  }, 60_000);
});
