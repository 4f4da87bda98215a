import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { commitsNotReplicated, isUnreplicatedCommitNotice } from './pg-transaction-fix';
import { openReplicaReads, RoutedPool, type ReplicaReads } from './replica-reads';

// No schema is given to drizzle: the app reads through its query builder, never its relational
// `db.query` API, whose builders drizzle would otherwise make for every table in every
// transaction (a booking is one).
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or an open transaction: repositories take this. */
export type Executor = Database | Transaction;

/** Rows of a raw SQL query; both drivers answer execute() with a `rows` array. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface DbHandle {
  kind: 'pglite' | 'postgres';
  /** True for the database the app runs itself under DATA_DIR (PGlite or its own PostgreSQL). */
  embedded?: boolean;
  db: Database;
  /** Runs one raw SQL text (several statements allowed); used by migrations and test resets. */
  exec(sqlText: string): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The underlying driver object, for LISTEN/NOTIFY and dumps. */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** The connection string, for a dedicated LISTEN connection. */
  url?: string;
  /**
   * Read replicas (DATABASE_READ_URL, ADR 063): the endpoints whose contracts allow it read
   * through them. Absent, every read goes to the primary as before.
   */
  replica?: ReplicaReads;
}

export type OpenDatabaseOptions =
  | {
      url: string;
      poolMax?: number;
      statementTimeoutMs?: number;
      connectTimeoutMs?: number;
      applicationName?: string;
      /** Streaming replicas for the reads that may lag (ADR 063). */
      readUrl?: string;
    }
  | {
      dataDir: string;
      /**
       * A migrated empty database dumped by the build (`pglite-template.tar.gz`): a new data
       * directory starts as a copy of it instead of running initdb and every migration in
       * WebAssembly, four seconds of a first start.
       */
      template?: string;
    }
  | { memory: true; loadDataDir?: Blob };

// PGlite's data types come back as Date for timestamptz like pg's; parse int8 as number in pg so
// both drivers hand services the same shapes (our bigserial ids stay far below 2^53).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  if ('url' in options) return openPostgres(options);
  return openPglite(options);
}

/**
 * A data directory that does not exist yet (no PG_VERSION) is made from the template, when there
 * is one: unpacked beside it under a temporary name and renamed into place once complete, so a
 * start that dies half-way leaves no half-made database behind, only a leftover the next start
 * replaces.
 */
async function createFromTemplate(dataDir: string, template: string) {
  if (existsSync(path.join(dataDir, 'PG_VERSION')) || !existsSync(template)) return;
  const { PGlite, extensions } = await loadPglite();
  const staging = `${dataDir}.new`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const db = await PGlite.create(staging, {
    extensions,
    loadDataDir: new Blob([readFileSync(template)]),
  });
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(staging, dataDir);
}

/**
 * PGlite (a WebAssembly PostgreSQL) and its extensions, loaded only by a server that uses them:
 * a server on PostgreSQL starts without compiling them.
 */
export async function loadPglite() {
  const [{ PGlite }, { btree_gist }, { pg_trgm }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  return { PGlite, extensions: { btree_gist, pg_trgm }, drizzlePglite };
}

async function openPglite(
  options: { dataDir: string; template?: string } | { memory: true; loadDataDir?: Blob },
) {
  const { PGlite, extensions, drizzlePglite } = await loadPglite();
  let client: PGlite;
  if ('dataDir' in options) {
    if (options.template) await createFromTemplate(options.dataDir, options.template);
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create(options.dataDir, { extensions });
  } else {
    client = await PGlite.create({ extensions, loadDataDir: options.loadDataDir });
  }
  const db = drizzlePglite(client) as unknown as Database;
  return {
    kind: 'pglite',
    embedded: 'dataDir' in options,
    db,
    pglite: client,
    ...driverCalls(
      (sqlText) => client.exec(sqlText),
      () => client.close(),
    ),
  } satisfies DbHandle;
}

async function openPostgres(options: {
  url: string;
  poolMax?: number;
  statementTimeoutMs?: number;
  connectTimeoutMs?: number;
  applicationName?: string;
  readUrl?: string;
}) {
  // A plain pg.Pool unless a request that may read a replica is running (replica-reads.ts).
  const pool = new RoutedPool({
    connectionString: options.url,
    max: options.poolMax ?? 10,
    // A query or a connection attempt never hangs forever: the caller gets an error and a 503.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    statement_timeout: options.statementTimeoutMs ?? 10_000,
    idle_in_transaction_session_timeout: 30_000,
    application_name: options.applicationName ?? 'carebook',
  });
  // A client losing its connection (database restart, network cut) must not crash the process.
  // The pool listens to idle clients only; a checked-out client between two queries of a
  // transaction has no listener, and pg would throw its 'error' event as an uncaught exception.
  // The query in flight still fails, and its caller gets a 503.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
    client.on('notice', (notice) => {
      if (isUnreplicatedCommitNotice(notice)) commitsNotReplicated.add(client);
    });
  });
  const db = drizzlePg(pool) as unknown as Database;
  const replica = options.readUrl
    ? openReplicaReads({
        url: options.readUrl,
        primary: pool,
        poolMax: options.poolMax,
        statementTimeoutMs: options.statementTimeoutMs,
      })
    : undefined;
  return {
    kind: 'postgres',
    db,
    pool,
    url: options.url,
    ...(replica ? { replica } : {}),
    ...driverCalls(
      (sqlText) => pool.query(sqlText),
      async () => {
        await replica?.close();
        await pool.end();
      },
    ),
  } satisfies DbHandle;
}

/**
 * The handle's raw calls over a driver: `exec` runs a text, `ping` asks the trivial query (false
 * once closed or failing, never a throw), `close` ends the driver once however often it is called.
 */
function driverCalls(
  run: (sqlText: string) => Promise<unknown>,
  end: () => Promise<void>,
): Pick<DbHandle, 'exec' | 'ping' | 'close'> {
  let closed = false;
  return {
    async exec(sqlText) {
      await run(sqlText);
    },
    async ping() {
      if (closed) return false;
      try {
        await run('select 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await end();
    },
  };
}
