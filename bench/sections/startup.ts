// Start-up time and memory of the production entry point, each in its own process: a fresh
// embedded database and an existing one, for each embedded engine (the app-managed PostgreSQL
// server, the default, and PGlite, initdb in WebAssembly), and PostgreSQL. The baseline is a
// bare Node HTTP server started the same way: the cost of a process that does nothing.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_PASSWORD } from '../lib/databases';
import { cannon } from '../lib/load';
import { benchUrl } from '../lib/sql';
import { median } from '../lib/stats';
import { memoryOf, ROOT, serverCommand, startAndWait } from '../lib/spawn';

export interface StartupResult {
  command: string;
  runs: number;
  cases: Array<{
    name: string;
    readyMs: number[];
    medianMs: number;
    idleRssMb: number;
    idlePeakRssMb: number;
    /** The app-managed PostgreSQL server's processes (proportional set size, shared pages split). */
    databasePssMb?: number;
  }>;
  underLoad: {
    endpoint: string;
    connections: number;
    seconds: number;
    peakRssMb: number;
    rps: number;
  } | null;
}

/** Memory of a running cluster's postmaster and its children, from /proc (Linux). */
function clusterPssMb(dataDir: string): number | undefined {
  try {
    const postmaster = Number(
      readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    const pids = [postmaster];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster)
          pids.push(Number(entry));
      } catch {
        // gone meanwhile
      }
    }
    let kb = 0;
    for (const pid of pids) {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    }
    return kb / 1024;
  } catch {
    return undefined;
  }
}

const BARE = [
  '-e',
  "require('node:http').createServer((q, s) => s.end('{}')).listen(process.env.PORT, process.env.HOST)",
];

export async function benchStartup(
  runs: number,
  postgresLabel: string | null,
  log: (s: string) => void,
): Promise<StartupResult> {
  const { args, label } = await serverCommand();
  const dataRoot = mkdtempSync(path.join(os.tmpdir(), 'carebook-bench-start-'));
  // Run as root, the embedded PostgreSQL server runs as `postgres`, which must pass through.
  chmodSync(dataRoot, 0o711);
  const cases: StartupResult['cases'] = [];
  const measure = async (
    name: string,
    runArgs: string[],
    env: (run: number) => Record<string, string>,
  ) => {
    const readyMs: number[] = [];
    let memory = { rssMb: NaN, peakRssMb: NaN };
    let databasePssMb: number | undefined;
    for (let run = 0; run < runs; run++) {
      log(`startup ${name} #${run + 1}`);
      const runEnv = env(run);
      const started = await startAndWait(runArgs, runEnv);
      readyMs.push(started.readyMs);
      // Idle: a second after the first 200, once start-up garbage has had a chance to go.
      await new Promise((r) => setTimeout(r, 1000));
      memory = memoryOf(started.child.pid!);
      if (runEnv.DATA_DIR) databasePssMb = clusterPssMb(runEnv.DATA_DIR);
      await started.stop();
    }
    cases.push({
      name,
      readyMs,
      medianMs: median(readyMs),
      idleRssMb: memory.rssMb,
      idlePeakRssMb: memory.peakRssMb,
      ...(databasePssMb === undefined ? {} : { databasePssMb }),
    });
  };
  try {
    await measure('bare Node http server (baseline)', BARE, () => ({}));
    // Each engine: fresh runs get a new folder each; the existing-database runs reuse the first.
    for (const [engine, setting] of [
      ['embedded PostgreSQL', 'postgres'],
      ['PGlite', 'pglite'],
    ] as const) {
      const dir = (name: string) => path.join(dataRoot, `${setting}-${name}`);
      const base = { EMBEDDED_DATABASE: setting };
      await measure(`${engine}, fresh database`, args, (run) => ({
        ...base,
        SEED_DEMO: 'never',
        DATA_DIR: dir(`fresh-${run}`),
      }));
      await measure(`${engine}, existing database`, args, () => ({
        ...base,
        SEED_DEMO: 'never',
        DATA_DIR: dir('fresh-0'),
      }));
      // What a new user's first `npm start` does once built: a new database and the demo clinics.
      await measure(`${engine}, first start with demo data`, args, (run) => ({
        ...base,
        SEED_DEMO: 'auto',
        DATA_DIR: dir(`demo-${run}`),
      }));
    }
    // `npm start` a second time with nothing changed: it checks the build and serves it. The first
    // call builds (or finds the build current) and is not counted.
    execFileSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    await measure('npm start, nothing changed (no rebuild)', ['scripts/start.mjs'], () => ({
      SEED_DEMO: 'never',
      DATA_DIR: path.join(dataRoot, 'postgres-fresh-0'),
    }));
    let underLoad: StartupResult['underLoad'] = null;
    if (postgresLabel) {
      await measure(`PostgreSQL (${postgresLabel})`, args, () => ({
        SEED_DEMO: 'never',
        DATABASE_URL: benchUrl(),
      }));
      log('startup PostgreSQL under load');
      const started = await startAndWait(args, { SEED_DEMO: 'never', DATABASE_URL: benchUrl() });
      try {
        const login = await fetch(`${started.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'staff@bench.carebook.test', password: BENCH_PASSWORD }),
        });
        const cookie = login.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const seconds = 5;
        const result = await cannon({
          url: started.url,
          headers: { cookie },
          connections: 20,
          durationSeconds: seconds,
          requests: [{ method: 'GET', path: '/api/appointments/paginated' }],
        });
        underLoad = {
          endpoint: 'GET /api/appointments/paginated',
          connections: 20,
          seconds,
          peakRssMb: memoryOf(started.child.pid!).peakRssMb,
          rps: result.rps,
        };
      } finally {
        await started.stop();
      }
    }
    return { command: label, runs, cases, underLoad };
  } finally {
    rmSync(dataRoot, { recursive: true, force: true });
  }
}
