import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { DEFAULT_TEST_DATABASE_URL } from './db-kind';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateDb: string;
  }
}

/**
 * Builds one migrated database per test run, which every test file copies: PGlite as a dumped
 * data directory, PostgreSQL as a template database. Creating a database per test would cost
 * seconds each.
 */
export default async function setup(project: TestProject) {
  // The project's env reaches its workers, not this main-process hook: read it from the project.
  const kind = project.config.env?.CAREBOOK_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'carebook-tpl-'));
    const handle = await openDatabase({ memory: true });
    await runMigrations(handle);
    const dump = await handle.pglite!.dumpDataDir('gzip');
    await handle.close();
    const file = path.join(dir, 'template.tar.gz');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplatePath', file);
    project.provide('postgresTemplateDb', '');
    return () => rmSync(dir, { recursive: true, force: true });
  }

  const url = process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
  const templateDb = `carebook_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL is not reachable at ${url} (set TEST_DATABASE_URL). Start it with: ` +
        'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
      { cause: err },
    );
  }
  await dropLeftovers(admin);
  await admin.query(`CREATE DATABASE ${templateDb}`);
  const handle = await openDatabase({ url: withDatabase(url, templateDb), poolMax: 1 });
  await runMigrations(handle);
  await handle.close();
  project.provide('pgliteTemplatePath', '');
  project.provide('postgresTemplateDb', templateDb);
  return async () => {
    await dropLeftovers(admin, templateDb);
    await admin.end();
  };
}

/**
 * Removes this run's databases at the end, and at the start those of earlier runs whose process
 * is gone (a crashed run); a run still going on the same server keeps its own.
 */
async function dropLeftovers(admin: pg.Client, ours?: string) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^carebook_(t|tpl)_[0-9]+'",
  );
  for (const { datname } of rows) {
    const pid = Number(/^carebook_(?:t|tpl)_(\d+)/.exec(datname)?.[1]);
    const drop = ours ? pid === process.pid : !isAlive(pid);
    if (drop) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
