import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { openDatabase, queryRows } from './client';
import { migrationsFolder, runMigrations } from './migrate';
import * as t from './schema';

// The build's template of the embedded database (scripts/pglite-template.ts), made here by the
// same script, and what a first start does with it.
let dir: string;
let template: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'carebook-template-'));
  template = path.join(dir, 'template.tar.gz');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/pglite-template.ts', template, migrationsFolder()],
    { stdio: 'pipe' },
  );
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const appliedMigrations = async (handle: Awaited<ReturnType<typeof openDatabase>>) =>
  (
    await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    )
  )[0]!.n;

describe('a new embedded database made from the build’s template', () => {
  it('starts migrated, so the start-up migration finds nothing to do, and keeps what it writes', async () => {
    const dataDir = path.join(dir, 'first', 'pglite');
    const db = await openDatabase({ dataDir, template });
    const migrations = await appliedMigrations(db);
    expect(migrations).toBeGreaterThan(15);
    await runMigrations(db);
    expect(await appliedMigrations(db)).toBe(migrations);
    await db.db.insert(t.clinics).values({ slug: 'north', name: 'North', timezone: 'UTC' });
    await db.close();
    expect(existsSync(`${dataDir}.new`)).toBe(false);

    // A second start opens the same database: the template never overwrites one that exists.
    const again = await openDatabase({ dataDir, template });
    expect((await again.db.select({ n: count() }).from(t.clinics))[0]!.n).toBe(1);
    await again.close();
  });

  it('replaces what a start that died while unpacking left behind', async () => {
    const dataDir = path.join(dir, 'interrupted', 'pglite');
    mkdirSync(`${dataDir}.new`, { recursive: true });
    writeFileSync(path.join(`${dataDir}.new`, 'half-written'), 'x');
    mkdirSync(dataDir, { recursive: true }); // created, but no PG_VERSION: not a database yet
    const db = await openDatabase({ dataDir, template });
    expect(await appliedMigrations(db)).toBeGreaterThan(15);
    await db.close();
    expect(existsSync(`${dataDir}.new`)).toBe(false);
  });

  it('without a template (running from source) is made by initdb and the migrations as before', async () => {
    const dataDir = path.join(dir, 'plain', 'pglite');
    const db = await openDatabase({ dataDir, template: path.join(dir, 'no-such-file.tar.gz') });
    await runMigrations(db);
    expect(await appliedMigrations(db)).toBeGreaterThan(15);
    await db.close();
  });
});
