import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Config } from '../config';
import type { DbHandle } from './client';

// Any fixed number works; it only has to be the same for every instance of the app. Seeding
// takes it too, so that of instances starting together exactly one migrates, then one seeds.
export const MIGRATION_LOCK_KEY = 727_2026;

/** The committed SQL migrations: beside this module in the source tree, or copied into dist. */
export function migrationsFolder(): string {
  const candidates = ['./migrations', '../../src/server/db/migrations'].map((p) =>
    fileURLToPath(new URL(p, import.meta.url)),
  );
  const found = candidates.find((p) => existsSync(`${p}/meta/_journal.json`));
  if (!found) throw new Error(`No migrations found (looked in ${candidates.join(', ')})`);
  return found;
}

/**
 * Settings a migration reads once, when it runs: migration 0037 gives each clinic's default
 * service the server's buffers (SLOT_BUFFER_*), as bookings had them before services (ADR 044).
 */
export interface MigrationSettings {
  slotBufferBeforeMinutes: number;
  slotBufferAfterMinutes: number;
}

/** The settings of a migration from the server's configuration. */
export function migrationSettingsOf(
  config: Pick<Config, 'SLOT_BUFFER_BEFORE_MINUTES' | 'SLOT_BUFFER_AFTER_MINUTES'>,
): MigrationSettings {
  return {
    slotBufferBeforeMinutes: config.SLOT_BUFFER_BEFORE_MINUTES,
    slotBufferAfterMinutes: config.SLOT_BUFFER_AFTER_MINUTES,
  };
}

function settingStatements(settings: MigrationSettings | undefined): [string, string[]] | null {
  if (!settings) return null;
  return [
    `select set_config('carebook.slot_buffer_before_minutes', $1, false),
            set_config('carebook.slot_buffer_after_minutes', $2, false)`,
    [String(settings.slotBufferBeforeMinutes), String(settings.slotBufferAfterMinutes)],
  ];
}

/**
 * Brings the database to the latest schema. Safe to run on every start: applied migrations are
 * recorded, and on PostgreSQL an advisory lock keeps two instances starting together from racing.
 * A test of a data migration passes a folder holding only the migrations before it.
 */
export async function runMigrations(
  handle: DbHandle,
  folder: string = migrationsFolder(),
  settings?: MigrationSettings,
): Promise<void> {
  const setSettings = settingStatements(settings);
  if (handle.kind === 'pglite' && handle.pglite) {
    const [{ migrate: migratePglite }, { drizzle: drizzlePglite }] = await Promise.all([
      import('drizzle-orm/pglite/migrator'),
      import('drizzle-orm/pglite'),
    ]);
    if (setSettings) await handle.pglite.query(...setSettings);
    await migratePglite(drizzlePglite(handle.pglite), { migrationsFolder: folder });
    return;
  }
  if (!handle.pool) throw new Error('PostgreSQL handle without a pool');
  const client = await handle.pool.connect();
  let failure: Error | undefined;
  try {
    // A migration that fills a table from a large one (patient_search_words from 200,000
    // patients) may run longer than the requests' statement timeout, and another instance may
    // wait that long for the lock: neither must be cut off.
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    if (setSettings) await client.query(...setSettings);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
    await client.query('reset statement_timeout');
  } catch (err) {
    failure = err as Error;
    throw err;
  } finally {
    // A connection left in doubt (still locked, or without its timeout) is closed, not reused.
    client.release(failure);
  }
}
