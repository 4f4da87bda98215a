// One small interface over the two drivers, so the seeder, the EXPLAIN collector and the raw-SQL
// baseline run the same text on PostgreSQL (through `pg`) and on PGlite (through its own client).
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

export interface SqlRunner {
  kind: 'postgres' | 'pglite';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

export const ADMIN_URL =
  process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const BENCH_DB = process.env.BENCH_PG_DB ?? 'carebook_bench';

/** The bench database's URL on the same server as the admin URL. */
export function benchUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
}

export async function pgRunner(
  url: string,
  settings: Record<string, string> = {},
): Promise<SqlRunner> {
  const client = new pg.Client({ connectionString: url, application_name: 'carebook-bench' });
  await client.connect();
  for (const [key, value] of Object.entries(settings)) {
    await client.query(`select set_config($1, $2, false)`, [key, value]);
  }
  return {
    kind: 'postgres',
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query(text, params)).rows as T[];
    },
    async exec(text) {
      await client.query(text);
    },
    close: () => client.end(),
  };
}

export function pgliteRunner(db: PGlite): SqlRunner {
  return {
    kind: 'pglite',
    async query<T>(text: string, params?: unknown[]) {
      return (await db.query<T>(text, params)).rows;
    },
    async exec(text) {
      await db.exec(text);
    },
    // The handle's owner closes PGlite; this runner only borrows it.
    close: async () => {},
  };
}

/**
 * Drops and recreates the bench database. Refuses any name the test suites use, so a typo in
 * BENCH_PG_DB can never wipe another engineer's test run.
 */
export async function recreateBenchDatabase(): Promise<void> {
  if (/^(test|carebook_t_|carebook_tpl_)/.test(BENCH_DB) || BENCH_DB === 'postgres') {
    throw new Error(`Refusing to recreate database ${BENCH_DB}`);
  }
  const admin = await pgRunner(ADMIN_URL);
  try {
    await admin.exec(`drop database if exists "${BENCH_DB}" with (force)`);
    await admin.exec(`create database "${BENCH_DB}"`);
  } finally {
    await admin.close();
  }
}

/** The comment a finished seed leaves on the bench database; a run cut off mid-seed has none. */
const SEEDED_MARK = 'carebook bench: seeded';

/** Whether carebook_bench exists and its seed ran to the end (so --reuse-db may keep it). */
/** The seeded mark names the plan, so a database seeded for another size is never reused. */
const seededMark = (plan: object) => `${SEEDED_MARK} ${JSON.stringify(plan)}`;

export async function benchDatabaseSeeded(plan: object): Promise<boolean> {
  const admin = await pgRunner(ADMIN_URL);
  try {
    const rows = await admin.query(
      `select 1 from pg_database where datname = $1 and shobj_description(oid, 'pg_database') = $2`,
      [BENCH_DB, seededMark(plan)],
    );
    return rows.length > 0;
  } finally {
    await admin.close();
  }
}

export async function markBenchDatabaseSeeded(plan: object): Promise<void> {
  const admin = await pgRunner(ADMIN_URL);
  try {
    await admin.exec(`comment on database "${BENCH_DB}" is ${literal(seededMark(plan))}`);
  } finally {
    await admin.close();
  }
}

/** A SQL string literal; used only for the seeder's own constant word lists. */
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;
export const textArray = (values: readonly string[]) =>
  `array[${values.map(literal).join(',')}]::text[]`;

/**
 * A stable id from a SQL expression: md5 shaped as a version-4 UUID (the API's id validation
 * checks the version and variant digits), so any statement can name a seeded row directly.
 */
export const uid = (expr: string) =>
  `overlay(overlay(md5(${expr}) placing '4' from 13) placing '8' from 17)::uuid`;
