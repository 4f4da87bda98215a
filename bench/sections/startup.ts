// Start-up time and memory of the production entry point, each in its own process: a fresh
// embedded database (initdb in WebAssembly), an existing one, and PostgreSQL. The baseline is a
// bare Node HTTP server started the same way: the cost of a process that does nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
  }>;
  underLoad: {
    endpoint: string;
    connections: number;
    seconds: number;
    peakRssMb: number;
    rps: number;
  } | null;
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
  const cases: StartupResult['cases'] = [];
  const measure = async (
    name: string,
    runArgs: string[],
    env: (run: number) => Record<string, string>,
  ) => {
    const readyMs: number[] = [];
    let memory = { rssMb: NaN, peakRssMb: NaN };
    for (let run = 0; run < runs; run++) {
      log(`startup ${name} #${run + 1}`);
      const started = await startAndWait(runArgs, env(run));
      readyMs.push(started.readyMs);
      // Idle: a second after the first 200, once start-up garbage has had a chance to go.
      await new Promise((r) => setTimeout(r, 1000));
      memory = memoryOf(started.child.pid!);
      await started.stop();
    }
    cases.push({
      name,
      readyMs,
      medianMs: median(readyMs),
      idleRssMb: memory.rssMb,
      idlePeakRssMb: memory.peakRssMb,
    });
  };
  try {
    await measure('bare Node http server (baseline)', BARE, () => ({}));
    // Each fresh run gets a new folder; the existing-database runs reuse the first one.
    await measure('embedded, fresh database', args, (run) => ({
      SEED_DEMO: 'never',
      DATA_DIR: path.join(dataRoot, `fresh-${run}`),
    }));
    await measure('embedded, existing database', args, () => ({
      SEED_DEMO: 'never',
      DATA_DIR: path.join(dataRoot, 'fresh-0'),
    }));
    // `npm start` a second time with nothing changed: it checks the build and serves it. The first
    // call builds (or finds the build current) and is not counted.
    execFileSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
      cwd: ROOT,
      stdio: 'ignore',
    });
    await measure('npm start, nothing changed (no rebuild)', ['scripts/start.mjs'], () => ({
      SEED_DEMO: 'never',
      DATA_DIR: path.join(dataRoot, 'fresh-0'),
    }));
    // What a new user's first `npm start` does once built: a new database and the demo clinics.
    await measure('embedded, first start with demo data', args, (run) => ({
      SEED_DEMO: 'auto',
      DATA_DIR: path.join(dataRoot, `demo-${run}`),
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
