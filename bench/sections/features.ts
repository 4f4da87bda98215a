// Issue 49's new features at full size, each beside its baseline in the same run, on the API
// section's PostgreSQL database (1M appointments; 100k with --quick):
// - an outside calendar (issue 46, ADR 053) of 2,000 events with 50 repeating series, served as
//   an .ics file over local HTTP, connected (its first sync) and synced again after a change,
//   beside the same file's busy times worked out in-process with no HTTP and no database; and a
//   clinic's slots with its providers' outside busy times present and without them, alternating;
// - the FHIR Bulk Data export (issue 47, ADR 060) of every appointment, kick-off to manifest,
//   with the export worker beside the app as main.ts runs it, a SMART Backend Services client,
//   beside the same rows read raw in keyset pages and written as NDJSON lines.
// Booking with a service, buffers and a room, slots with rooms, reports and the patients page's
// search are rows of the API section (api.ts), measured against their raw SQL there.
import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import type pg from 'pg';
import { busyInstancesFromText } from '@domain/outside-busy';
import { createBulkExportWorker } from '../../src/server/modules/fhir';
import { cannon } from '../lib/load';
import { benchPort } from '../lib/spawn';
import { uid } from '../lib/sql';
import { median, type LatencySummary } from '../lib/stats';
import { CLINIC_TIMEZONES } from '../seed/names';
import { readMixes, type ApiTarget } from './api-target';

const DAY_MS = 86_400_000;

export interface FeaturesOptions {
  quick: boolean;
  runs: number;
  seconds: number;
}

export interface SlotsSide {
  rps: number;
  p50: number;
  p95: number;
  statuses: Record<string, number>;
}

export interface OutsideCalendarResult {
  events: number;
  series: number;
  /** Calendars connected at once: one per provider of the first clinic. */
  calendars: number;
  bytes: number;
  /** Busy times one calendar's sync stored (instances in the window, free and cancelled left out). */
  busyTimes: number;
  /** Each connection: the request that stores the calendar and syncs it before answering. */
  firstSyncMs: number[];
  /** "Sync now" after 20 of the file's events changed: the whole file read and stored again. */
  changedSyncMs: number[];
  /** "Sync now" of an unchanged file: one GET answered 304. */
  unchangedSyncMs: number[];
  /** Baseline: the file's busy times worked out in-process (ical.js and our rules) alone. */
  parseMs: number;
  targetMs: number;
  slots: {
    connections: number;
    runs: number;
    note: string;
    without: SlotsSide;
    with: SlotsSide;
    /** Median over runs of p95 with ÷ p95 without. */
    p95Ratio: number;
  };
}

export interface BulkExportResult {
  appointments: number;
  types: string;
  /** Resources the manifest counts, and the lines the files held when read back. */
  exported: number;
  linesRead: number;
  files: number;
  megabytes: number;
  kickOffToCompleteMs: number;
  downloadMs: number;
  polls: number;
  /** Access tokens the client asked for: one more each time the last had expired. */
  tokensAsked: number;
  workerIntervalMs: number;
  /** Baseline: the same rows read in keyset pages of 1,000 and written as NDJSON lines. */
  baselineMs: number;
  baselineRows: number;
  targetMs: number;
}

export interface FeaturesResult {
  database: string;
  appointments: number;
  outsideCalendar: OutsideCalendarResult | { error: string };
  bulkExport: BulkExportResult | { error: string };
}

/** A small deterministic generator: the same calendar every run. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const two = (n: number) => String(n).padStart(2, '0');
/** A wall-clock date-time of iCalendar (YYYYMMDDTHHMMSS) for a UTC day and local minutes. */
function wall(dayMs: number, minutes: number): string {
  const d = new Date(dayMs);
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}T${two(Math.floor(minutes / 60))}${two(minutes % 60)}00`;
}
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

/**
 * A hospital rota as Google or Outlook serve it: single events over the last year and the next
 * six months on weekdays, 08:00–17:30 in the clinic's zone (TZID, no VTIMEZONE: the zone's tz
 * database name), a few free or cancelled ones, and weekly series (some with an EXDATE, some
 * with a COUNT, the rest open-ended). `version` changes 20 events' times.
 */
export function rotaCalendar(
  events: number,
  series: number,
  zone: string,
  seed: number,
  version = 0,
): string {
  const rnd = random(seed);
  const today = Date.UTC(
    new Date().getUTCFullYear(),
    new Date().getUTCMonth(),
    new Date().getUTCDate(),
  );
  const weekdays: number[] = [];
  for (let d = -365; d <= 180; d++) {
    const day = today + d * DAY_MS;
    if (new Date(day).getUTCDay() % 6 !== 0) weekdays.push(day);
  }
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Carebook//bench rota//EN'];
  const event = (body: string[]) =>
    lines.push('BEGIN:VEVENT', 'DTSTAMP:20261101T000000Z', ...body, 'END:VEVENT');
  for (let i = 0; i < events - series; i++) {
    const day = weekdays[Math.floor(rnd() * weekdays.length)]!;
    const moved = i < 20 ? version * 30 : 0;
    const start = 8 * 60 + Math.floor(rnd() * 19) * 30 + moved;
    const length = [30, 45, 60][Math.floor(rnd() * 3)]!;
    const r = rnd();
    event([
      `UID:rota-${seed}-${i}@hospital.example`,
      `DTSTART;TZID=${zone}:${wall(day, start % (24 * 60))}`,
      `DTEND;TZID=${zone}:${wall(day, (start % (24 * 60)) + length)}`,
      `SUMMARY:Ward round ${i}`,
      ...(r < 0.05 ? ['TRANSP:TRANSPARENT'] : r < 0.07 ? ['STATUS:CANCELLED'] : []),
    ]);
  }
  for (let i = 0; i < series; i++) {
    const first = weekdays[Math.floor(rnd() * (weekdays.length / 2))]!;
    const start = 8 * 60 + Math.floor(rnd() * 18) * 30;
    const rule =
      i % 3 === 0
        ? `RRULE:FREQ=WEEKLY;COUNT=${20 + Math.floor(rnd() * 40)}`
        : `RRULE:FREQ=WEEKLY;BYDAY=${WEEKDAYS[new Date(first).getUTCDay()]}`;
    event([
      `UID:series-${seed}-${i}@hospital.example`,
      `DTSTART;TZID=${zone}:${wall(first, start)}`,
      `DTEND;TZID=${zone}:${wall(first, start + 60)}`,
      rule,
      ...(i % 4 === 0 ? [`EXDATE;TZID=${zone}:${wall(first + 14 * DAY_MS, start)}`] : []),
      `SUMMARY:Clinic meeting ${i}`,
    ]);
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

/** .ics files over local HTTP with an ETag, answering 304 to a matching If-None-Match. */
async function icsServer() {
  const files = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const body = files.get(req.url ?? '');
    if (body === undefined) return res.writeHead(404).end('not found');
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(benchPort(), '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    files,
    url: (file: string) => `http://127.0.0.1:${port}${file}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function call(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; ms: number; json: () => unknown; text: string; headers: Headers }> {
  const t0 = performance.now();
  const res = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    ms: performance.now() - t0,
    json: () => JSON.parse(text),
    text,
    headers: res.headers,
  };
}

function expectStatus(what: string, res: { status: number; text: string }, wanted: number) {
  if (res.status !== wanted) throw new Error(`${what} answered ${res.status}: ${res.text}`);
}

const side = (
  runs: Array<{ latency: LatencySummary; rps: number }>,
  statuses: Record<string, number>,
): SlotsSide => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.latency.p50)),
  p95: median(runs.map((r) => r.latency.p95)),
  statuses,
});

export async function benchOutsideCalendar(
  target: ApiTarget,
  options: FeaturesOptions,
  log: (s: string) => void,
): Promise<OutsideCalendarResult> {
  const pool = target.seeded.handle.pool as pg.Pool;
  const events = options.quick ? 200 : 2000;
  const series = options.quick ? 5 : 50;
  const zone = CLINIC_TIMEZONES[0]!;
  const agents = (
    await pool.query<{ id: string }>(
      `select u.id::text from clinic_members m join users u on u.id = m.user_id
       where m.clinic_id = ${uid(`'clinic0'`)} and u.email like 'agent%' order by u.email`,
    )
  ).rows.map((r) => r.id);
  const server = await icsServer();
  const admin = { cookie: target.adminCookie };
  const firstSyncMs: number[] = [];
  const changedSyncMs: number[] = [];
  const unchangedSyncMs: number[] = [];
  let busyTimes = 0;
  let connected: Array<{ agent: string; id: string }> = [];
  const text = rotaCalendar(events, series, zone, 1);
  agents.forEach((agent, i) =>
    server.files.set(`/rota/${agent}.ics`, rotaCalendar(events, series, zone, i + 1)),
  );

  const connectAll = async () => {
    for (const agent of agents) {
      const res = await call(
        `${target.url}/api/admin/agents/${agent}/outside-calendars`,
        'POST',
        admin,
        {
          kind: 'ical-url',
          name: 'Hospital rota',
          url: server.url(`/rota/${agent}.ics`),
        },
      );
      expectStatus('connecting an outside calendar', res, 201);
      const view = res.json() as { id: string; lastError: string | null };
      if (view.lastError)
        throw new Error(`the outside calendar's first sync failed: ${view.lastError}`);
      firstSyncMs.push(res.ms);
      connected.push({ agent, id: view.id });
    }
    busyTimes = Number(
      (
        await pool.query<{ n: number }>(
          'select count(*)::int as n from outside_busy_times where calendar_id = $1',
          [connected[0]!.id],
        )
      ).rows[0]!.n,
    );
  };
  const disconnectAll = async () => {
    for (const { agent, id } of connected) {
      const res = await call(
        `${target.url}/api/admin/agents/${agent}/outside-calendars/${id}`,
        'DELETE',
        admin,
      );
      expectStatus('disconnecting an outside calendar', res, 200);
    }
    connected = [];
  };
  const sync = async (c: { agent: string; id: string }) => {
    const res = await call(
      `${target.url}/api/admin/agents/${c.agent}/outside-calendars/${c.id}/sync`,
      'POST',
      admin,
    );
    expectStatus('syncing an outside calendar', res, 200);
    const view = res.json() as { lastError: string | null };
    if (view.lastError) throw new Error(`the outside calendar's sync failed: ${view.lastError}`);
    return res.ms;
  };

  // A day's slots of the clinic, a different day or length each request (no answer reused),
  // as the API section's slots-days row; runs alternate which side goes first.
  const specs = (await readMixes(target))['slots-days']!;
  const load = (seconds: number) =>
    cannon({
      url: target.url,
      headers: { cookie: target.staffCookie },
      connections: 20,
      durationSeconds: seconds,
      queue: specs,
    });
  const runs: Record<'with' | 'without', Array<{ latency: LatencySummary; rps: number }>> = {
    with: [],
    without: [],
  };
  const statuses: Record<'with' | 'without', Record<string, number>> = { with: {}, without: {} };
  const ratios: number[] = [];
  try {
    await load(1);
    for (let r = 0; r < options.runs; r++) {
      const order = r % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const);
      const p95: Record<string, number> = {};
      for (const which of order) {
        if (which === 'with' && connected.length === 0) {
          log(
            `outside calendars: connecting ${agents.length} of ${events.toLocaleString('en-US')} events`,
          );
          await connectAll();
        }
        if (which === 'without' && connected.length > 0) await disconnectAll();
        log(`outside calendars: slots ${which} outside busy times, run ${r + 1}`);
        const run = await load(options.seconds);
        runs[which].push(run);
        p95[which] = run.latency.p95;
        for (const [k, v] of Object.entries(run.statuses)) {
          statuses[which][k] = (statuses[which][k] ?? 0) + v;
        }
      }
      ratios.push(p95.with! / p95.without!);
    }
    if (connected.length === 0) await connectAll();
    // Sync now: once after 20 events moved (a full read), once unchanged (304), per run.
    for (let r = 0; r < options.runs; r++) {
      const c = connected[r % connected.length]!;
      server.files.set(
        `/rota/${c.agent}.ics`,
        rotaCalendar(events, series, zone, agents.indexOf(c.agent) + 1, r + 1),
      );
      changedSyncMs.push(await sync(c));
      unchangedSyncMs.push(await sync(c));
    }
  } finally {
    await disconnectAll().catch(() => undefined);
    await server.close();
  }
  const window = {
    from: new Date(Date.now() - DAY_MS),
    to: new Date(Date.now() + 180 * DAY_MS),
    zone,
  };
  const parses: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    busyInstancesFromText(text, window);
    parses.push(performance.now() - t0);
  }
  return {
    events,
    series,
    calendars: agents.length,
    bytes: Buffer.byteLength(text),
    busyTimes,
    firstSyncMs,
    changedSyncMs,
    unchangedSyncMs,
    parseMs: median(parses),
    targetMs: 5000,
    slots: {
      connections: 20,
      runs: options.runs,
      note: "the first clinic's day for all its providers, a different day or length each request (no answer reused); with: each provider has the rota connected",
      without: side(runs.without, statuses.without),
      with: side(runs.with, statuses.with),
      p95Ratio: median(ratios),
    },
  };
}

/**
 * A SMART Backend Services client (ADR 059) of every clinic, registered as an EHR's bulk client
 * is; `token()` asks the token endpoint for a fresh access token, as such a client does when
 * its last one expires (they live minutes; an export at 1M outlives one).
 */
async function smartClient(
  target: ApiTarget,
  scopes: string[],
): Promise<{ token(): Promise<string> }> {
  const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
  const kid = 'bench-bulk';
  const admin = { cookie: target.adminCookie };
  const clinics = (await call(`${target.url}/api/clinics`, 'GET', admin)).json() as Array<{
    id: string;
  }>;
  const reg = await call(`${target.url}/api/admin/smart-clients`, 'POST', admin, {
    name: `Bench bulk client ${randomUUID().slice(0, 8)}`,
    clinicIds: clinics.map((c) => c.id),
    scopes,
    jwks: { keys: [{ ...(await exportJWK(publicKey)), kid }] },
  });
  expectStatus('registering a SMART client', reg, 201);
  const clientId = (reg.json() as { clientId: string }).clientId;
  return { token: () => accessToken(target, clientId, kid, privateKey, scopes) };
}

async function accessToken(
  target: ApiTarget,
  clientId: string,
  kid: string,
  privateKey: CryptoKey,
  scopes: string[],
): Promise<string> {
  const assertion = await new SignJWT({})
    .setProtectedHeader({ alg: 'ES384', kid })
    .setIssuer(clientId)
    .setSubject(clientId)
    .setAudience(`${target.config.PUBLIC_URL}/oauth/token`)
    .setExpirationTime(Math.floor(Date.now() / 1000) + 120)
    .setJti(randomUUID())
    .sign(privateKey);
  const res = await fetch(`${target.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
      scope: scopes.join(' '),
    }).toString(),
  });
  const text = await res.text();
  expectStatus('the SMART token request', { status: res.status, text }, 200);
  return (JSON.parse(text) as { access_token: string }).access_token;
}

/** Every appointment's row read in keyset pages of 1,000 and made an NDJSON line: the floor. */
async function rawExport(pool: pg.Pool): Promise<{ ms: number; rows: number }> {
  const t0 = performance.now();
  let rows = 0;
  let after: unknown[] = [];
  let lines: string[] = [];
  for (;;) {
    const page = await pool.query<Record<string, unknown>>(
      `select * from appointments
       ${after.length ? 'where (start_at, id) > ($1::timestamptz, $2::uuid)' : ''}
       order by start_at, id limit 1000`,
      after,
    );
    for (const row of page.rows) lines.push(JSON.stringify(row));
    rows += page.rows.length;
    if (lines.length >= 10_000) lines = [];
    if (page.rows.length < 1000) break;
    const last = page.rows.at(-1)!;
    after = [last.start_at, last.id];
  }
  return { ms: performance.now() - t0, rows };
}

export async function benchBulkExport(
  target: ApiTarget,
  log: (s: string) => void,
): Promise<BulkExportResult> {
  const pool = target.seeded.handle.pool as pg.Pool;
  const appointments = Number(
    (await pool.query<{ n: number }>('select count(*)::int as n from appointments')).rows[0]!.n,
  );
  const client = await smartClient(target, ['system/Appointment.rs']);
  const auth = { authorization: `Bearer ${await client.token()}` };
  let tokensAsked = 1;
  /** A FHIR call with the current token, and once more with a new one if it has expired. */
  const fhirCall = async (url: string, method: string, headers: Record<string, string>) => {
    const res = await call(url, method, { ...headers, ...auth });
    if (res.status !== 401) return res;
    auth.authorization = `Bearer ${await client.token()}`;
    tokensAsked++;
    return call(url, method, { ...headers, ...auth });
  };
  const local = (url: string) => url.replace(target.config.PUBLIC_URL, target.url);
  // The worker as main.ts starts it (its default interval), beside the app in this process.
  const workerIntervalMs = 2_000;
  const worker = createBulkExportWorker(
    { config: target.config, db: target.seeded.handle, now: () => new Date(), version: 'bench' },
    {
      logger: {
        warn: (obj, msg) =>
          log(`bulk export worker: ${msg}: ${String((obj as { err?: unknown }).err ?? '')}`),
      },
      intervalMs: workerIntervalMs,
    },
  );
  let status: string | null = null;
  try {
    log(`bulk export: ${appointments.toLocaleString('en-US')} appointments, kick-off`);
    const t0 = performance.now();
    const kick = await fhirCall(`${target.url}/fhir/R4/$export?_type=Appointment`, 'GET', {
      accept: 'application/fhir+json',
      prefer: 'respond-async',
    });
    expectStatus('the $export kick-off', kick, 202);
    status = local(kick.headers.get('content-location')!);
    // Polled twice a second (a client would wait Retry-After; this measures the server's time).
    let polls = 0;
    type Manifest = { output: Array<{ type: string; url: string; count: number }> };
    let manifest: Manifest | null = null as Manifest | null;
    let lastProgress = '';
    while (!manifest) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const res = await fhirCall(status, 'GET', { accept: 'application/fhir+json' });
      polls++;
      if (res.status === 200) manifest = res.json() as Manifest;
      else if (res.status !== 202)
        throw new Error(`$export-status answered ${res.status}: ${res.text}`);
      const progress = res.headers.get('x-progress') ?? '';
      if (progress && progress !== lastProgress && polls % 20 === 0)
        log(`bulk export: ${progress}`);
      lastProgress = progress;
    }
    const kickOffToCompleteMs = performance.now() - t0;
    log(`bulk export: complete in ${(kickOffToCompleteMs / 1000).toFixed(1)} s, reading the files`);
    const t1 = performance.now();
    let linesRead = 0;
    let bytes = 0;
    for (const file of manifest!.output) {
      const res = await fhirCall(local(file.url), 'GET', { accept: 'application/fhir+ndjson' });
      const body = res.text;
      if (res.status !== 200) throw new Error(`an export file answered ${res.status}: ${body}`);
      bytes += Buffer.byteLength(body);
      for (let at = body.indexOf('\n'); at >= 0; at = body.indexOf('\n', at + 1)) linesRead++;
    }
    const downloadMs = performance.now() - t1;
    log('bulk export: the same rows raw, in keyset pages');
    const baseline = await rawExport(pool);
    return {
      appointments,
      types: 'Appointment',
      exported: manifest!.output.reduce((n, f) => n + f.count, 0),
      linesRead,
      files: manifest!.output.length,
      megabytes: bytes / 2 ** 20,
      kickOffToCompleteMs,
      downloadMs,
      polls,
      tokensAsked,
      workerIntervalMs,
      baselineMs: baseline.ms,
      baselineRows: baseline.rows,
      targetMs: 120_000,
    };
  } finally {
    await worker.stop();
    // The export's files (a gigabyte of NDJSON at 1M) leave the bench database.
    if (status) await fhirCall(status, 'DELETE', {}).catch(() => undefined);
  }
}

/**
 * The section: both features, one after the other, on the API section's target. A part that
 * fails is reported with its error and the other part's figures are kept.
 */
export async function benchFeatures(
  target: ApiTarget,
  options: FeaturesOptions,
  log: (s: string) => void,
): Promise<FeaturesResult> {
  const attempt = async <T>(
    what: string,
    run: () => Promise<T>,
  ): Promise<T | { error: string }> => {
    try {
      return await run();
    } catch (err) {
      log(`${what} failed: ${String(err)}`);
      return { error: String(err) };
    }
  };
  return {
    database: target.label,
    appointments: target.seeded.counts.appointments ?? 0,
    outsideCalendar: await attempt('outside calendars', () =>
      benchOutsideCalendar(target, options, log),
    ),
    bulkExport: await attempt('bulk export', () => benchBulkExport(target, log)),
  };
}
