// npm run soak [-- --minutes 10 --clients 100 --embedded]
// A long mixed load against a real server process: reads, searches, slot look-ups and bookings.
// Reports throughput, latency percentiles and memory growth, and fails on any 5xx or any two
// active appointments of one agent that overlap.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client';
import { freePort, httpSignIn } from '../src/server/test/spawn-server';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    clients: { type: 'string', default: '100' },
    embedded: { type: 'boolean', default: false },
  },
});
const minutes = Number(values.minutes);
const clients = Number(values.clients);
const adminUrl = process.env.SOAK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = 'carebook_soak';

async function prepareDatabase(): Promise<Record<string, string>> {
  if (values.embedded) return { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'carebook-soak-')) };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return { DATABASE_URL: url.toString() };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

async function main() {
  const dbEnv = await prepareDatabase();
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ...dbEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'always',
      LOG_LEVEL: 'error',
      WEB_DIR: '/nonexistent',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      DB_POOL_MAX: '20',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const api = await httpSignIn(base, 'staff@carebook.test', 'carebook-demo');
  const today = new Date().toISOString().slice(0, 10);
  const later = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const slots = (
    (await (await api(`/api/clinics/riverside/slots?from=${today}&to=${later}`)).json()) as {
      slots: Array<{ startTime: string; agentId: string }>;
    }
  ).slots;
  const patients = (await (
    await api('/api/clinics/patient?clinic=riverside&keyword=a')
  ).json()) as Array<{ _id: string }>;

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const rss: number[] = [rssMb(server.pid!)];
  const rssTimer = setInterval(() => rss.push(rssMb(server.pid!)), 5_000);
  const deadline = Date.now() + minutes * 60_000;
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const operations: Array<[number, () => Promise<Response>]> = [
    [60, () => api(`/api/appointments/paginated?page=${1 + Math.floor(Math.random() * 5)}`)],
    [15, () => api('/api/appointments/counts')],
    [
      10,
      () =>
        api(
          `/api/clinics/patient?clinic=riverside&keyword=${pick(['an', 'mar', 'jo', 'smith', 'lee'])}`,
        ),
    ],
    [10, () => api(`/api/clinics/riverside/slots?from=${today}&to=${today}`)],
    [
      5,
      () => {
        const slot = pick(slots);
        return api('/api/appointments', {
          method: 'POST',
          body: {
            date: slot.startTime,
            staff: { id: slot.agentId },
            patient: { id: pick(patients)._id, clinic: 'riverside' },
          },
        });
      },
    ],
  ];
  const total = operations.reduce((sum, [w]) => sum + w, 0);
  const choose = () => {
    let r = Math.random() * total;
    for (const [w, op] of operations) if ((r -= w) < 0) return op;
    return operations[0]![1];
  };
  const worker = async () => {
    while (Date.now() < deadline) {
      const started = performance.now();
      // -1 stands for no answer at all (a reset connection), counted with the 5xx.
      const status = await choose()()
        .then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        })
        .catch(() => -1);
      latencies.push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  console.log(
    `soak: ${clients} clients for ${minutes} min on ${values.embedded ? 'PGlite' : 'PostgreSQL'}…`,
  );
  await Promise.all(Array.from({ length: clients }, worker));
  clearInterval(rssTimer);

  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  const handle = dbEnv.DATABASE_URL
    ? await openDatabase({ url: dbEnv.DATABASE_URL })
    : await openDatabase({ dataDir: path.join(dbEnv.DATA_DIR!, 'pglite') });
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`
    select count(*)::int as n from appointments a join appointments b
      on a.staff_id = b.staff_id and a.id < b.id
     and a.status <> 'CANCELLED' and b.status <> 'CANCELLED'
     and tstzrange(a.start_at, a.end_at, '[)') && tstzrange(b.start_at, b.end_at, '[)')`,
  );
  const overlaps = row!.n;
  await handle.close();
  if (dbEnv.DATA_DIR) rmSync(dbEnv.DATA_DIR, { recursive: true, force: true });

  const sorted = [...latencies].sort((a, b) => a - b);
  const fiveXX = [...statuses].filter(([s]) => s >= 500 || s < 0).reduce((n, [, c]) => n + c, 0);
  console.log(
    `requests: ${latencies.length} (${(latencies.length / (minutes * 60)).toFixed(0)}/s)`,
  );
  console.log(
    `latency ms: p50 ${percentile(sorted, 50).toFixed(1)}, p95 ${percentile(sorted, 95).toFixed(1)}, p99 ${percentile(sorted, 99).toFixed(1)}`,
  );
  console.log(`statuses: ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log(
    `server RSS MB: start ${rss[0]!.toFixed(0)}, peak ${Math.max(...rss).toFixed(0)}, end ${rss.at(-1)!.toFixed(0)}`,
  );
  console.log(`5xx or failed: ${fiveXX}; overlapping active appointments: ${overlaps}`);
  if (fiveXX > 0 || overlaps > 0) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
