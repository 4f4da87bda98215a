// `npm run bench`: every figure of issue 9 in one run, written to bench/results/<name>.{md,json}.
//   --quick            small data, one 1 s run each at 20 clients: a smoke test in ~3 minutes
//   --only a,b         sections: seed, api, fhir, features, race, slots, reminders, texts,
//                      patients-import, startup, web, lighthouse
//                      (seed runs when needed)
//   --db pg,embedded,pglite   which databases the API section covers (embedded = the app-managed
//                      PostgreSQL server, the embedded default; pglite = the WebAssembly one)
//   --runs N --seconds S   runs per figure and seconds per run
//   --reuse-db         keep an existing carebook_bench (development only; default recreates it)
//   --endpoints a,b    API endpoints measured (default list,counts,one,search,slots,patients,reports,create,
//                      fhir-appointments,fhir-slots; the FHIR searches on PostgreSQL only)
//   --render           only re-render <out>.md (default latest) from its JSON, measuring nothing
//                      (the carried figures, failover and reports at 10M, read again from their files)
//   --race-rounds N    rounds per race size (default 100; 30 for 500 at once, see below)
//   --scale            only the growth figures: six endpoints at 100k and 1M appointments, into
//                      bench/results/scale.*; --scale-sizes 100000,1000000,10000000 adds 10M
//                      (about 15 minutes more of seeding)
// Only a full run (no --quick, --only or --endpoints) writes latest.*; others write partial.* beside it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import {
  seedEmbeddedPostgres,
  seedPglite,
  seedPostgres,
  type SeededDatabase,
} from './lib/databases';
import { stopLoadChild } from './lib/load';
import type { SeedPlan } from './seed/bulk-seed';
import { benchApi, benchBare, benchFhirReads } from './sections/api';
import { benchFhir } from './sections/fhir';
import { benchFeatures } from './sections/features';
import { readCarriedFigures } from './report/carried';
import { startApiTarget } from './sections/api-target';
import { collectPlans, tryFixes } from './sections/explain';
import { benchRace } from './sections/race';
import { benchScale } from './sections/scale';
import { benchReminders } from './sections/reminders';
import { benchTexts } from './sections/texts';
import { benchPatientsImport } from './sections/patients-import';
import { benchSlotEngine } from './sections/slot-engine';
import { benchStartup } from './sections/startup';
import { benchWeb } from './sections/web';
import { benchLighthouse } from './sections/lighthouse';
import { renderReport } from './report/render';
import { ROOT } from './lib/spawn';

const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    db: { type: 'string', default: 'pg,embedded,pglite' },
    runs: { type: 'string' },
    seconds: { type: 'string' },
    'reuse-db': { type: 'boolean', default: false },
    'race-rounds': { type: 'string' },
    render: { type: 'boolean', default: false },
    out: { type: 'string' },
    scale: { type: 'boolean', default: false },
    'scale-sizes': { type: 'string' },
    endpoints: { type: 'string' },
  },
});

const quick = flags.quick!;
const ALL = [
  'seed',
  'api',
  'fhir',
  'features',
  'race',
  'slots',
  'reminders',
  'texts',
  'patients-import',
  'startup',
  'web',
  'lighthouse',
];
const only = flags.only ? flags.only.split(',').map((s) => s.trim()) : ALL;
const dbs = flags.db!.split(',').map((s) => s.trim());
const want = (s: string) => only.includes(s);
const runs = Number(flags.runs ?? (quick ? 1 : 3));
const seconds = Number(flags.seconds ?? (quick ? 1 : 2));
const scaleSizes = flags['scale-sizes']
  ? flags['scale-sizes'].split(',').map((n) => Number(n.trim()))
  : flags.scale
    ? [100_000, 1_000_000]
    : null;
let outName =
  flags.out ??
  (scaleSizes ? 'scale' : !quick && !flags.only && !flags.endpoints ? 'latest' : 'partial');

const PG_PLAN: SeedPlan = quick
  ? { clinics: 10, agentsPerClinic: 5, patients: 20_000, appointments: 100_000, futureDays: 120 }
  : {
      clinics: 10,
      agentsPerClinic: 5,
      patients: 200_000,
      appointments: 1_000_000,
      futureDays: 120,
    };
const PGLITE_PLAN: SeedPlan = quick
  ? { clinics: 2, agentsPerClinic: 5, patients: 2_000, appointments: 10_000, futureDays: 120 }
  : { clinics: 2, agentsPerClinic: 5, patients: 10_000, appointments: 50_000, futureDays: 120 };

const started = Date.now();
const log = (s: string) =>
  console.log(`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)}s] ${s}`);
const gitCommit = () => {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
  } catch {
    return 'unknown';
  }
};

const results: Record<string, unknown> = {
  meta: {
    startedAt: new Date(started).toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    loadAverageAtStart: os.loadavg(),
    flags: { quick, only, dbs, runs, seconds, reuseDb: flags['reuse-db'] },
    loadGenerator:
      'autocannon in a child process (the app keeps the parent process and its event loop)',
  },
};
const apiOptions = {
  concurrencies: quick ? [20] : [1, 20, 100],
  runs,
  seconds,
  endpoints: flags.endpoints
    ? flags.endpoints.split(',').map((s) => s.trim())
    : [
        'list',
        'counts',
        'one',
        'search',
        'slots',
        'patients',
        'reports',
        'create',
        'fhir-appointments',
        'fhir-slots',
      ],
};

async function withPostgres(fn: (db: SeededDatabase) => Promise<void>) {
  log(`seeding PostgreSQL: ${PG_PLAN.appointments.toLocaleString('en-US')} appointments`);
  const db = await seedPostgres(PG_PLAN, flags['reuse-db']!);
  results.seedPostgres = {
    plan: PG_PLAN,
    seedMs: db.seedMs,
    timings: db.timings,
    counts: db.counts,
  };
  log(`seeded in ${((db.seedMs ?? 0) / 1000).toFixed(1)} s`);
  try {
    await fn(db);
  } finally {
    await db.handle.close();
  }
}

async function main() {
  if (scaleSizes) {
    results.scale = await benchScale(scaleSizes, { runs, seconds, reuse: flags['reuse-db']! }, log);
    return writeResults();
  }
  if (want('slots')) {
    log('slot engine');
    results.slotEngine = benchSlotEngine(quick ? 300 : 2000);
  }
  if (want('reminders')) results.reminders = await benchReminders(quick ? 1000 : 10_000, log);
  // Issue 44: due text reminders through a real Kannel (ADR 050).
  if (want('texts')) results.texts = await benchTexts(quick ? 1000 : 10_000, log);
  if (want('patients-import')) {
    // Issue 41: 100,000 patients from one CSV file on the embedded databases (ADR 043).
    const engines = (['embedded', 'pglite'] as const).filter((e) => dbs.includes(e));
    results.patientsImport = await benchPatientsImport(quick ? 10_000 : 100_000, engines, log);
  }
  const pgNeeded =
    want('seed') ||
    (want('api') && dbs.includes('pg')) ||
    want('fhir') ||
    want('features') ||
    want('race') ||
    want('startup');
  if (pgNeeded) {
    await withPostgres(async (db) => {
      if ((want('api') && dbs.includes('pg')) || want('fhir') || want('features') || want('race')) {
        const target = await startApiTarget('PostgreSQL', db);
        try {
          if (want('api') && dbs.includes('pg')) {
            const { results: api, captured } = await benchApi(target, apiOptions, log);
            results.apiPostgres = [...api, ...(await benchFhirReads(target, apiOptions, log))];
            log('EXPLAIN plans');
            results.plans = await collectPlans(target, captured);
            results.fixes = await tryFixes(target, apiOptions, log);
          }
          if (want('fhir')) {
            // FHIR and JSON on the 1M-appointment database, before the race books its slots.
            results.fhir = {
              database: 'PostgreSQL',
              results: await benchFhir(target, { connections: 20, runs, seconds }, log),
            };
          }
          // Issue 49: the outside calendar and the bulk export at full size (features.ts).
          if (want('features'))
            results.features = await benchFeatures(target, { quick, runs, seconds }, log);
          if (want('race')) {
            // 500 at once takes 5–10 s a round on two cores: 100 such rounds alone would blow the
            // 20-minute budget, so the full run does 30 of them unless --race-rounds says more.
            const rounds = Number(flags['race-rounds'] ?? (quick ? 2 : 100));
            const plan: Array<[number, number]> = [
              [2, rounds],
              [50, rounds],
              [500, flags['race-rounds'] ? rounds : Math.min(rounds, 30)],
            ];
            results.race = { database: 'PostgreSQL', results: await benchRace(target, plan, log) };
          }
        } finally {
          await target.close();
        }
      }
    });
    const label = `${PG_PLAN.appointments.toLocaleString('en-US')} appointments`;
    if (want('startup')) results.startup = await benchStartup(quick ? 1 : 3, label, log);
  } else if (want('startup')) {
    results.startup = await benchStartup(quick ? 1 : 3, null, log);
  }
  // The two embedded engines on the same data: the app-managed server (the default) and PGlite.
  for (const [key, label, seed, seedKey, apiKey] of [
    ['embedded', 'embedded PostgreSQL', seedEmbeddedPostgres, 'seedEmbedded', 'apiEmbedded'],
    ['pglite', 'PGlite', seedPglite, 'seedPglite', 'apiPglite'],
  ] as const) {
    if (!want('api') || !dbs.includes(key)) continue;
    log(`seeding ${label}: ${PGLITE_PLAN.appointments.toLocaleString('en-US')} appointments`);
    const db = await seed(PGLITE_PLAN);
    results[seedKey] = {
      plan: PGLITE_PLAN,
      seedMs: db.seedMs,
      timings: db.timings,
      counts: db.counts,
    };
    const target = await startApiTarget(label, db);
    try {
      results[apiKey] = (await benchApi(target, apiOptions, log)).results;
    } finally {
      await target.close();
      await db.handle.close();
    }
  }
  if (want('api')) results.bare = await benchBare(apiOptions, log);
  if (want('web')) results.web = await benchWeb(quick ? 1 : 3, log);
  results.carried = readCarriedFigures();
  // Issue 49: Lighthouse scores of four pages and the cold staff page (ADR 064).
  if (want('lighthouse'))
    results.lighthouse = await benchLighthouse(quick ? 1 : 3, quick ? 2 : 5, log);
  await writeResults();
}

async function writeResults() {
  const meta = results.meta as Record<string, unknown>;
  meta.loadAverageAtEnd = os.loadavg();
  meta.durationSeconds = Math.round((Date.now() - started) / 1000);
  const dir = path.join(ROOT, 'bench/results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${outName}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(dir, `${outName}.md`), await renderReport(results));
  log(`wrote bench/results/${outName}.md and .json in ${meta.durationSeconds} s`);
}

async function renderOnly() {
  const name = flags.out ?? 'latest';
  const dir = path.join(ROOT, 'bench/results');
  const json = JSON.parse(readFileSync(path.join(dir, `${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
  // The carried figures (failover, reports at 10M) are read again from their own files: a run
  // of those commands after the full run shows in its report without measuring the rest again.
  json.carried = readCarriedFigures();
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
  writeFileSync(path.join(dir, `${name}.md`), await renderReport(json));
  log(`re-rendered bench/results/${name}.md (carried figures read again)`);
}

(flags.render ? renderOnly() : main())
  .catch(async (err: unknown) => {
    console.error(err);
    process.exitCode = 1;
    // What was measured before a section failed (Chromium missing for the web section, say) is
    // kept in partial.*, never in latest.*: twenty minutes of figures are not thrown away.
    if (flags.render) return;
    (results.meta as Record<string, unknown>).failedWith = String(err);
    outName = outName === 'latest' ? 'partial' : outName;
    await writeResults().catch((writeError: unknown) => console.error(writeError));
  })
  .finally(() => {
    stopLoadChild();
    // An aborted section can leave a server or pool open; the run is over either way.
    process.exit();
  });
