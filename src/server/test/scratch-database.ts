import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_TEST_DATABASE_URL } from './db-kind';
import { withDatabase } from './global-setup';

/**
 * A new, empty PostgreSQL database for a test that must create one itself (a restore, a first
 * migration), given to `use` by its URL and dropped afterwards, whatever happens.
 */
export async function withScratchDatabase<T>(
  suffix: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const name = `carebook_t_${process.ppid}_${suffix}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    return await use(withDatabase(url, name));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/**
 * A database made for one run of a tool (the soak test) on whatever server it is pointed at:
 * a new name each time, created without `if exists` games, so it can never be someone else's,
 * and `drop` removes only that one.
 */
export async function createOwnedDatabase(adminUrl: string, prefix: string) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(adminUrl, `create database ${name}`);
  return {
    name,
    url: withDatabase(adminUrl, name),
    drop: () => onServer(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/**
 * Runs one statement that must not run inside a database's own connections (create or drop a
 * database) on a connection of its own to the server at `adminUrl`, closed whatever happens.
 */
export async function onServer(adminUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
