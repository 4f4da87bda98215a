// `npx tsx bench/profile.ts <endpoint or /path> [clients] [seconds]`: one endpoint under load against
// the existing carebook_bench database (run `npm run bench -- --only api --db pg` once first),
// with a V8 CPU profile of the app written to bench/results/<endpoint>.cpuprofile and the
// functions that took the most self time printed. For finding where a request's time goes: it
// also prints the app's own CPU per request and, when the server loads pg_stat_statements (with
// pg_stat_statements.track_planning on for planning times), each statement's time per request.
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { seedPostgres } from './lib/databases';
import { cannon, stopLoadChild } from './lib/load';
import { readMixes, startApiTarget } from './sections/api-target';
import { fhirQuestions } from './sections/fhir';
import { reportSpecs } from './sections/api';
import { scalePlan } from './sections/scale';
import { ROOT } from './lib/spawn';
import { cpuSnapshot, describeCpu } from './lib/proc-cpu';

/** The report is this command's output, written to stdout like any CLI's. */
const print = (text: string) => process.stdout.write(`${text}\n`);

const [endpoint = 'list', clientsArg = '20', secondsArg = '5'] = process.argv.slice(2);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

async function main() {
  // BENCH_PROFILE_SCALE=10000000 (with BENCH_PG_DB naming that database) profiles the growth
  // section's database of that size instead, reused as seeded (its plan must match the mark).
  const scale = Number(process.env.BENCH_PROFILE_SCALE ?? 0);
  const db = await seedPostgres(
    scale
      ? scalePlan(scale)
      : {
          clinics: 10,
          agentsPerClinic: 5,
          patients: 200_000,
          appointments: 1_000_000,
          futureDays: 120,
        },
    true,
  );
  const target = await startApiTarget('PostgreSQL', db);
  const mixes = await readMixes(target);
  // A path ("/api/health") is measured as it is, signed in as the front-desk user.
  // "create" books distinct free slots (one each, in turn), as the admin, like the bench does;
  // "create-service-room" the same with the service that needs a room and has buffers;
  // "reports" a year of every clinic as their admin, each split and period kind in turn.
  // "fhir-appointments" and "fhir-slots" are the FHIR searches, with an integration token.
  const fhir = endpoint.startsWith('fhir-') ? await fhirQuestions(target) : null;
  const requests = endpoint.startsWith('/')
    ? [{ method: 'GET' as const, path: endpoint }]
    : endpoint === 'create'
      ? target.freeSlots.slice(0, 20_000)
      : endpoint === 'create-service-room'
        ? target.roomSlots.slice(0, 20_000)
        : endpoint === 'reports'
          ? reportSpecs()
          : fhir
            ? fhir[endpoint === 'fhir-slots' ? 'slots' : 'appointments'].fhir
            : mixes[endpoint];
  if (!requests) throw new Error(`unknown endpoint ${endpoint}: ${Object.keys(mixes).join(', ')}`);
  const job = {
    url: target.url,
    headers: fhir
      ? fhir.auth
      : {
          cookie:
            endpoint.startsWith('create') || endpoint === 'reports'
              ? target.adminCookie
              : target.staffCookie,
          // Reports as a browser asks for them (sections/api.ts): compressed.
          ...(endpoint === 'reports' ? { 'accept-encoding': 'br, gzip' } : {}),
        },
    connections: Number(clientsArg),
    // Bookings through one queue for every connection: each free time is asked for once. The
    // mixes of a different day each request go through one queue too, as the bench sends them.
    ...(endpoint.startsWith('create') || endpoint.endsWith('-days') || fhir
      ? { queue: requests }
      : { requests }),
  };
  await cannon({ ...job, durationSeconds: 1 });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const statements = await statementStats(db.handle.url);
  const usageBefore = process.resourceUsage();
  const cpuBefore = cpuSnapshot();
  const result = await cannon({ ...job, durationSeconds: Number(secondsArg) });
  const cpuAfter = cpuSnapshot();
  const usageAfter = process.resourceUsage();
  const { profile } = await session.post('Profiler.stop');
  const file = path.join(ROOT, 'bench/results', `${endpoint.replace(/\W+/g, '_')}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  print(
    `${endpoint} c=${clientsArg}: ${result.rps.toFixed(0)} req/s, p50 ${result.latency.p50.toFixed(1)} ms, p95 ${result.latency.p95.toFixed(1)} ms, statuses ${JSON.stringify(result.statuses)}`,
  );
  // The app and the load generator are both "node"; PostgreSQL's backends are "postgres".
  print(`CPU during the run: ${describeCpu(cpuBefore, cpuAfter, Number(secondsArg))}`);
  const answered = Object.values(result.statuses).reduce((sum, n) => sum + n, 0);
  const perRequest = (micros: number) => `${(micros / answered).toFixed(0)} µs`;
  print(
    `the app's CPU per request (profiler on): user ${perRequest(usageAfter.userCPUTime - usageBefore.userCPUTime)}, system ${perRequest(usageAfter.systemCPUTime - usageBefore.systemCPUTime)}`,
  );
  // On a machine where PostgreSQL shares the app's cores, a statement sent wakes a backend that
  // can take the app's core at once: the profiler then samples the app in the send (writev)
  // while it waits for the core back. Involuntary switches count those waits.
  const switches = usageAfter.involuntaryContextSwitches - usageBefore.involuntaryContextSwitches;
  print(
    `the app's process was switched out for another ${(switches / answered).toFixed(2)} times per request (involuntary context switches)`,
  );
  if (statements) print(await statements.report(answered));
  const nodes = profile.nodes as ProfileNode[];
  const total = nodes.reduce((s, n) => s + n.hitCount, 0);
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const n of nodes) {
    const file = n.callFrame.url.replace(/^.*node_modules\//, '').replace(ROOT, '') || '(native)';
    const key = `${n.callFrame.functionName || '(anonymous)'} ${file}:${n.callFrame.lineNumber}`;
    byFn.set(key, (byFn.get(key) ?? 0) + n.hitCount);
    const pkg = file.startsWith('/')
      ? file
      : file
          .split('/')
          .slice(0, file.startsWith('@') ? 2 : 1)
          .join('/');
    byFile.set(pkg, (byFile.get(pkg) ?? 0) + n.hitCount);
  }
  const top = (m: Map<string, number>, k: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, hits]) => `${((100 * hits) / total).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  print(`\nself time by package/file:\n${top(byFile, 25)}`);
  print(`\nself time by function:\n${top(byFn, 40)}`);
  await target.close();
  await db.handle.close();
}

/**
 * pg_stat_statements for this run's database, reset now; null when the server does not load it.
 * Times measured inside PostgreSQL include waiting for a core, so under load they run high.
 */
async function statementStats(url: string | undefined) {
  if (!url) return null;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_stat_statements');
    await client.query('select pg_stat_statements_reset()');
  } catch {
    await client.end();
    return null;
  }
  return {
    async report(requests: number) {
      const { rows } = await client.query<{ calls: string; exec: number; plan: number; q: string }>(
        `select calls, total_exec_time as exec, total_plan_time as plan,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as q
           from pg_stat_statements
          where dbid = (select oid from pg_database where datname = current_database())
            and query not like '%pg_stat_statements%'
          order by total_exec_time + total_plan_time desc limit 8`,
      );
      await client.end();
      const ms = (v: number) => `${((1000 * v) / requests).toFixed(0).padStart(5)} µs`;
      const lines = rows.map(
        (r) =>
          `${(Number(r.calls) / requests).toFixed(2).padStart(6)} calls ${ms(r.exec)} run ${ms(r.plan)} plan  ${r.q}`,
      );
      return `\nstatements per request (pg_stat_statements):\n${lines.join('\n')}`;
    },
  };
}

main()
  .catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => {
    stopLoadChild();
    process.exit();
  });
