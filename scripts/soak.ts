// npm run soak [-- --minutes 10 --clients 100 --embedded]
// A long mixed load against a real server process: reads, searches, slot look-ups and bookings.
// Reports throughput, latency percentiles and memory growth, and fails on any 5xx or any two
// active appointments of one agent that overlap.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/server/db/client';
import { freePort, httpSignIn } from '../src/server/test/spawn-server';
import { createOwnedDatabase } from '../src/server/test/scratch-database';

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

interface SoakDatabase {
  env: Record<string, string>;
  /** Removes what this run made, and only that. */
  remove(): Promise<void>;
}

async function prepareDatabase(): Promise<SoakDatabase> {
  if (values.embedded) {
    const dir = mkdtempSync(path.join(tmpdir(), 'carebook-soak-'));
    return {
      env: { DATA_DIR: dir },
      remove: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  // A new database under a name of this run's own: the server may be anyone's, and a fixed name
  // (it was carebook_soak, dropped and recreated) could be a database someone else keeps.
  const owned = await createOwnedDatabase(adminUrl, 'carebook_soak');
  const where = new URL(adminUrl).host;
  console.log(`soak: created database ${owned.name} on ${where} for this run`);
  return {
    env: { DATABASE_URL: owned.url },
    async remove() {
      await owned.drop();
      console.log(`soak: dropped database ${owned.name} on ${where} (created by this run)`);
    },
  };
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

async function soak(dbEnv: Record<string, string>) {
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
  const exited = new Promise((resolve) => server.on('exit', resolve));
  let fiveXX: number;
  // Whatever happens below, the server stops before its database is removed.
  try {
    fiveXX = await load(port, server.pid!);
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  }
  const handle = dbEnv.DATABASE_URL
    ? await openDatabase({ url: dbEnv.DATABASE_URL })
    : await openDatabase({ dataDir: path.join(dbEnv.DATA_DIR!, 'pglite') });
  try {
    const [row] = await queryRows<{ n: number }>(
      handle.db,
      sql`
      select count(*)::int as n from appointments a join appointments b
        on a.staff_id = b.staff_id and a.id < b.id
       and a.status <> 'CANCELLED' and b.status <> 'CANCELLED'
       and tstzrange(a.start_at, a.end_at, '[)') && tstzrange(b.start_at, b.end_at, '[)')`,
    );
    return { fiveXX, overlaps: row!.n };
  } finally {
    await handle.close();
  }
}

let interrupted = false;

/** The mixed load; reports and returns the number of 5xx or failed requests. */
async function load(port: number, pid: number) {
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const api = await httpSignIn(base, 'staff@carebook.test', 'waiting-room-demo');
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
  const rss: number[] = [rssMb(pid)];
  const rssTimer = setInterval(() => rss.push(rssMb(pid)), 5_000);
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
    while (Date.now() < deadline && !interrupted) {
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
  return fiveXX;
}

async function main() {
  const database = await prepareDatabase();
  // Ctrl-C ends the load early; the database this run made is still removed.
  process.once('SIGINT', () => (interrupted = true));
  try {
    const { fiveXX, overlaps } = await soak(database.env);
    console.log(`5xx or failed: ${fiveXX}; overlapping active appointments: ${overlaps}`);
    if (fiveXX > 0 || overlaps > 0) process.exitCode = 1;
  } finally {
    await database.remove();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
