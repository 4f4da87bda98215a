import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { loadPglite } from './client';
import {
  CLUSTER_DIR,
  CLUSTER_SECRET,
  hasCluster,
  ownCluster,
  stopLeftoverServer,
} from './embedded-postgres';

const run = promisify(execFile);
const LOCK_FILE = 'carebook.pid';

/** The embedded database belongs to one process; the server leaves its pid beside the data. */
export function writeLock(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, LOCK_FILE), String(process.pid));
}

export function removeLock(dataDir: string) {
  rmSync(path.join(dataDir, LOCK_FILE), { force: true });
}

/** Refuses to touch an embedded database a running server holds: two writers would corrupt it. */
export function assertNotInUse(dataDir: string) {
  const file = path.join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8'));
  try {
    if (pid && pid !== process.pid) {
      process.kill(pid, 0);
      throw new Error(`Carebook (pid ${pid}) is using ${dataDir}. Stop it first, then try again.`);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/**
 * Embedded: the whole database as one gzipped archive, taken with no server running. The app's
 * own PostgreSQL cluster is archived as its files (with the password beside it): stopped cleanly,
 * they are a consistent copy, and the bundled binaries have no pg_dump.
 */
export async function backupEmbedded(root: string, outFile: string) {
  const dataDir = path.join(root, 'pglite');
  assertNotInUse(root);
  if (hasCluster(root)) {
    await stopLeftoverServer(root);
    await run('tar', ['-czf', path.resolve(outFile), '-C', root, CLUSTER_DIR, CLUSTER_SECRET]);
    return;
  }
  if (!existsSync(dataDir)) throw new Error(`No embedded database at ${dataDir}.`);
  const { PGlite, extensions } = await loadPglite();
  const db = await PGlite.create(dataDir, { extensions });
  try {
    const dump = await db.dumpDataDir('gzip');
    writeFileSync(outFile, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await db.close();
  }
}

/** Embedded: a backup archive becomes the data directory; refuses to overwrite unless forced. */
export async function restoreEmbedded(
  root: string,
  inFile: string,
  options: { force?: boolean } = {},
) {
  assertNotInUse(root);
  const entries = (await run('tar', ['-tzf', path.resolve(inFile)])).stdout.split('\n');
  const dataDir = path.join(
    root,
    entries.includes(`${CLUSTER_DIR}/PG_VERSION`) ? CLUSTER_DIR : 'pglite',
  );
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    if (!options.force) throw new Error(`${dataDir} is not empty; pass --force to replace it.`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (dataDir.endsWith(CLUSTER_DIR)) {
    await stopLeftoverServer(root);
    await run('tar', ['-xzf', path.resolve(inFile), '-C', root]);
    await ownCluster(root);
    return;
  }
  mkdirSync(dataDir, { recursive: true });
  const archive = new Blob([readFileSync(inFile)]);
  const { PGlite, extensions } = await loadPglite();
  const db = await PGlite.create(dataDir, { extensions, loadDataDir: archive });
  await db.query('select 1');
  await db.close();
}

/** PostgreSQL: pg_dump's custom format, which pg_restore reads selectively and in parallel. */
export async function backupPostgres(url: string, outFile: string) {
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${outFile}`,
    `--dbname=${url}`,
  ]);
}

/** PostgreSQL: restores into the database at url, replacing what the backup contains. */
export async function restorePostgres(url: string, inFile: string) {
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    `--dbname=${url}`,
    inFile,
  ]);
}
