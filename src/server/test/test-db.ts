import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DbHandle } from '../db/client';
import { DEFAULT_TEST_DATABASE_URL, testDbKind } from './db-kind';
import { withDatabase } from './global-setup';

const TABLES = [
  'api_tokens',
  'waitlist_events',
  'waitlist_offers',
  'waitlist_openings',
  'waitlist_entries',
  'login_failures',
  'idempotency_keys',
  'sessions',
  'audit_log',
  'visit_participants',
  'outbox',
  'appointment_events',
  'appointment_month_counts',
  'appointments',
  'appointment_series',
  'patient_search_words',
  'patients',
  'schedule_overrides',
  'schedules',
  'clinic_members',
  'users',
  'clinics',
];

export interface TestDatabase {
  handle: DbHandle;
  /** Empties every table, keeping the schema: call between tests that must not see each other. */
  reset(): Promise<void>;
  /** Closes the handle and, on PostgreSQL, drops the copied database. */
  destroy(): Promise<void>;
}

/** A migrated database of this run's kind, copied from the run's template in well under a second. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const reset = (handle: DbHandle) => () =>
    handle.exec(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`);
  if (testDbKind() === 'pglite') {
    const blob = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
    const handle = await openDatabase({ memory: true, loadDataDir: blob });
    return { handle, reset: reset(handle), destroy: () => handle.close() };
  }
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const name = `carebook_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateDb')}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ url: withDatabase(url, name), poolMax: 10 });
  return {
    handle,
    reset: reset(handle),
    async destroy() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
