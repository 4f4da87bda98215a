// API throughput and latency: every endpoint at each concurrency, N interleaved runs of the app
// (autocannon in a child process) and of the same SQL replayed straight through the driver, so
// noise on this shared machine hits both alike and the ratio stays meaningful.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { cannon } from '../lib/load';
import { cpuMsOf, cpuSnapshot } from '../lib/proc-cpu';
import type { HttpRequestSpec } from '../lib/load-child';
import { rawLoad, type RawRun, type Rewrite } from '../lib/replay';
import { median, medianOf, ratio, type LatencySummary } from '../lib/stats';
import { newToken, readMixes, type ApiTarget, type Variant } from './api-target';
import { fhirQuestions } from './fhir';

export interface ApiOptions {
  concurrencies: number[];
  runs: number;
  seconds: number;
  endpoints: string[];
}

export type Figures = {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /**
   * CPU per request, in ms: the bench's own process (the app, or the raw replay's driver) and
   * PostgreSQL's processes (0 for PGlite, which runs inside the bench's process).
   */
  cpuMs: number;
  pgCpuMs: number;
};

export interface EndpointResult {
  endpoint: string;
  connections: number;
  app: Figures;
  raw: Figures | null;
  /** Median over runs of app p50 / raw p50. */
  overheadP50: number | null;
  statuses: Record<string, number>;
  rawErrors: number;
  runs: number;
  note?: string;
}

const figures = (latency: LatencySummary, rps: number, cpu: CpuPerRequest): Figures => ({
  rps,
  p50: latency.p50,
  p95: latency.p95,
  p99: latency.p99,
  ...cpu,
});

type CpuPerRequest = Pick<Figures, 'cpuMs' | 'pgCpuMs'>;

/**
 * Runs a load and says how much CPU this process and PostgreSQL's spent per request. The app and
 * the replay share this process: the heap is collected first (`npm run bench` runs node with
 * --expose-gc), so neither run pays for collecting the other's garbage.
 */
async function withCpu<T>(
  load: () => Promise<T>,
  requestsOf: (result: T) => number,
): Promise<[T, CpuPerRequest]> {
  (globalThis as { gc?: () => void }).gc?.();
  const [ownBefore, procBefore] = [process.cpuUsage(), cpuSnapshot()];
  const result = await load();
  const [own, procAfter] = [process.cpuUsage(ownBefore), cpuSnapshot()];
  const requests = Math.max(1, requestsOf(result));
  return [
    result,
    {
      cpuMs: (own.user + own.system) / 1000 / requests,
      pgCpuMs: cpuMsOf('postgres', procBefore, procAfter) / requests,
    },
  ];
}

const addStatuses = (into: Record<string, number>, from: Record<string, number>) => {
  for (const [k, v] of Object.entries(from)) into[k] = (into[k] ?? 0) + v;
};

async function measure(
  target: ApiTarget,
  endpoint: string,
  connections: number,
  options: ApiOptions,
  app: {
    /** A session cookie, or an integration's bearer token. */
    headers: Record<string, string>;
    requests?: HttpRequestSpec[];
    queue?: () => HttpRequestSpec[];
    onUsed?: (n: number) => void;
  },
  raw: (() => { capture: Variant['capture']; rewrite?: Rewrite } | null) | null,
  note?: string,
): Promise<EndpointResult> {
  const job = () => ({
    url: target.url,
    headers: app.headers,
    connections,
    durationSeconds: options.seconds,
    requests: app.requests,
    queue: app.queue?.(),
  });
  const warm = await cannon({ ...job(), durationSeconds: 1 });
  app.onUsed?.(warm.used);
  const appRuns: Figures[] = [];
  const rawRuns: Figures[] = [];
  const ratios: number[] = [];
  const statuses: Record<string, number> = {};
  let rawErrors = 0;
  for (let r = 0; r < options.runs; r++) {
    const [a, appCpu] = await withCpu(
      () => cannon(job()),
      (run) => Object.values(run.statuses).reduce((sum, n) => sum + n, 0),
    );
    app.onUsed?.(a.used);
    addStatuses(statuses, a.statuses);
    appRuns.push(figures(a.latency, a.rps, appCpu));
    if (raw) {
      const [b, rawCpu] = await withCpu(
        (): Promise<RawRun> => rawLoad(target.raw, connections, options.seconds * 1000, raw),
        (run) => run.requests,
      );
      rawErrors += b.errors;
      rawRuns.push(figures(b.latency, b.rps, rawCpu));
      ratios.push(ratio(a.latency.p50, b.latency.p50));
    }
  }
  return {
    endpoint,
    connections,
    app: medianOf(appRuns),
    raw: raw ? medianOf(rawRuns) : null,
    overheadP50: raw ? median(ratios) : null,
    statuses,
    rawErrors,
    runs: options.runs,
    ...(note ? { note } : {}),
  };
}

/** Cycles through the captured variants, as autocannon cycles through the requests. */
function cycle(variants: Variant[]) {
  let i = 0;
  return () => ({ capture: variants[i++ % variants.length]!.capture });
}

/** One endpoint at each concurrency, each beside the replay of its captured variants. */
async function measureEach(
  target: ApiTarget,
  endpoint: string,
  concurrencies: number[],
  options: ApiOptions,
  app: Parameters<typeof measure>[4],
  variants: Variant[],
  log: (s: string) => void,
  note?: string,
): Promise<EndpointResult[]> {
  const results: EndpointResult[] = [];
  for (const c of concurrencies) {
    log(`${target.label} ${endpoint} c=${c}`);
    results.push(await measure(target, endpoint, c, options, app, cycle(variants), note));
  }
  return results;
}

export async function benchApi(target: ApiTarget, options: ApiOptions, log: (s: string) => void) {
  const results: EndpointResult[] = [];
  const mixes = await readMixes(target);
  const captured: Record<string, Variant[]> = {};
  for (const endpoint of Object.keys(mixes).filter((e) => options.endpoints.includes(e))) {
    captured[endpoint] = await target.variants(mixes[endpoint]!, { cookie: target.staffCookie });
    results.push(
      ...(await measureEach(
        target,
        endpoint,
        options.concurrencies,
        options,
        { headers: { cookie: target.staffCookie }, requests: mixes[endpoint] },
        captured[endpoint]!,
        log,
      )),
    );
  }
  // The same list and counts for an admin of every clinic: the whole table in scope.
  for (const endpoint of ['list', 'counts'].filter((e) => options.endpoints.includes(e))) {
    const specs = mixes[endpoint]!;
    const variants = await target.variants(specs, { cookie: target.adminCookie });
    log(`${target.label} ${endpoint} (admin) c=20`);
    results.push(
      await measure(
        target,
        `${endpoint}-all-clinics`,
        20,
        options,
        { headers: { cookie: target.adminCookie }, requests: specs },
        cycle(variants),
        'admin of every clinic',
      ),
    );
  }
  // Issue 45: a year's report of every clinic (the network), as their admin, a different split
  // and period kind each request; read from the roll-up the database keeps (ADR 052).
  if (options.endpoints.includes('reports')) {
    const specs = reportSpecs();
    const variants = await target.variants(specs, { cookie: target.adminCookie });
    for (const c of options.concurrencies) {
      log(`${target.label} reports (admin) c=${c}`);
      results.push(
        await measure(
          target,
          'reports',
          c,
          options,
          // As a browser asks: a network's year is megabytes of JSON, sent compressed.
          {
            headers: { cookie: target.adminCookie, 'accept-encoding': 'br, gzip' },
            requests: specs,
          },
          cycle(variants),
          "a year's report of every clinic, as their admin",
        ),
      );
    }
  }
  // Each read when nothing can be reused, through one queue for every connection (each
  // autocannon connection would otherwise walk the same list in step with the others, asking
  // for what they all just asked for): the list and counts of a different day each request
  // (pages and counts are reused while their clinic's data stands, ADR 004 and 008, and 'list'
  // asks for the same first page every time), search and slots of a different keyword or day.
  for (const [endpoint, mix, note] of [
    ['list', 'list-days', 'a different day each request: no page reused'],
    ['counts', 'counts-days', 'a different day each request: no counts reused'],
    ['search', 'search-keywords', 'a different keyword each request: no answer reused'],
    ['slots', 'slots-days', 'a different day or length each request: no input reused'],
    [
      'slots',
      'slots-rooms',
      'a service that needs any of 5 rooms (the seeded physiotherapy, a fifth of the bookings in one), a different day each request',
    ],
    ['patients', 'patients-find', 'a different name start or birth date each request'],
  ] as const) {
    if (!options.endpoints.includes(endpoint)) continue;
    const specs = mixes[mix]!;
    const variants = await target.variants(specs, { cookie: target.staffCookie });
    log(`${target.label} ${mix} c=20`);
    results.push(
      await measure(
        target,
        mix,
        20,
        options,
        { headers: { cookie: target.staffCookie }, queue: () => specs },
        cycle(variants),
        note,
      ),
    );
  }
  if (options.endpoints.includes('create')) {
    // Before the other bookings: a capture records every statement the app runs meanwhile, and
    // bookings still in flight from a load run would be replayed as part of this one.
    results.push(...(await benchCreateWithRoom(target, options, log)));
    results.push(...(await benchCreate(target, options, log)));
  }
  return { results, captured };
}

/**
 * The FHIR searches an integration asks all day, each beside its raw SQL like the JSON reads
 * (issue 27 counts them among the reads), at up to 20 clients: one practitioner's day of
 * appointments (a different day each request, of 400) and one schedule's week of free slots
 * (eight weeks in turn), with an integration token of the first clinic.
 */
export async function benchFhirReads(
  target: ApiTarget,
  options: ApiOptions,
  log: (s: string) => void,
): Promise<EndpointResult[]> {
  const wanted = ['fhir-appointments', 'fhir-slots'].filter((e) => options.endpoints.includes(e));
  if (wanted.length === 0) return [];
  const questions = await fhirQuestions(target);
  const mixes: Record<string, { specs: HttpRequestSpec[]; note: string }> = {
    'fhir-appointments': {
      specs: questions.appointments.fhir,
      note: "Appointment?practitioner&date: one practitioner's day, a different day each request",
    },
    'fhir-slots': {
      specs: questions.slots.fhir,
      note: "Slot?schedule&start: one schedule's week, eight weeks in turn",
    },
  };
  const results: EndpointResult[] = [];
  for (const endpoint of wanted) {
    const { specs, note } = mixes[endpoint]!;
    const variants = await target.variants(specs, questions.auth);
    // One queue for every connection, in the captured variants' order, so the connections do
    // not ask for the same day in step.
    results.push(
      ...(await measureEach(
        target,
        endpoint,
        options.concurrencies.filter((n) => n <= 20),
        options,
        { headers: questions.auth, queue: () => specs },
        variants,
        log,
        note,
      )),
    );
  }
  return results;
}

/**
 * Bookings of free slots, each beside its raw replay: one booking per agent is captured, and
 * each replay books another free slot of that agent by the captured SQL with its times shifted.
 * `take` removes the slots the app used (or the replay took) from the queue.
 */
async function bookingReplay(target: ApiTarget, slots: HttpRequestSpec[]) {
  const agentOf = (spec: HttpRequestSpec) =>
    (JSON.parse(spec.body!) as { staff: { id: string } }).staff.id;
  const startOf = (spec: HttpRequestSpec) =>
    Date.parse((JSON.parse(spec.body!) as { date: string }).date);
  // One captured booking per agent; each replay books another free slot of that agent.
  const byAgent = new Map<string, { variant: Variant; token: string; id: string; start: number }>();
  for (const agent of new Set(slots.map(agentOf))) {
    const index = slots.findIndex((s) => agentOf(s) === agent);
    const [spec] = slots.splice(index, 1);
    const [variant] = await target.variants([spec!], { cookie: target.adminCookie });
    const { token, _id: id } = JSON.parse(variant!.body) as { token: string; _id: string };
    byAgent.set(agent, { variant: variant!, token, id, start: startOf(spec!) });
  }
  const booked: HttpRequestSpec[] = [];
  const take = (n: number) => {
    const taken = slots.splice(0, n);
    booked.push(...taken);
    return taken;
  };
  const raw = () => {
    const [spec] = take(1);
    if (!spec) return null;
    const base = byAgent.get(agentOf(spec))!;
    const rewrite: Rewrite = {
      // The app makes the appointment's id (ADR 027): each replay gets its own, as each request.
      replace: new Map([
        [base.token, newToken()],
        [base.id, randomUUID()],
      ]),
      around: base.start,
      shiftMs: startOf(spec) - base.start,
    };
    return { capture: base.variant.capture, rewrite };
  };
  return { booked, take, raw };
}

/**
 * Booking a service with buffers and its room (issue 42: ≥ 0.8× its own SQL replayed raw at 20
 * clients): the pool read, the savepoint and the room's exclusion constraint on every booking.
 */
export async function benchCreateWithRoom(
  target: ApiTarget,
  options: ApiOptions,
  log: (s: string) => void,
) {
  const slots = target.roomSlots;
  if (slots.length === 0) return [];
  const { take, raw } = await bookingReplay(target, slots);
  log(`${target.label} create-service-room c=20`);
  let pending: HttpRequestSpec[] = [];
  const app = {
    headers: { cookie: target.adminCookie },
    queue: () => (pending = slots.slice(0, 6000)),
    onUsed: (n: number) => take(Math.min(n, pending.length)),
  };
  return [
    await measure(
      target,
      'create-service-room',
      20,
      options,
      app,
      raw,
      `a service with 5 + 10 minutes' buffers and a room; ${slots.length} free times left`,
    ),
  ];
}

async function benchCreate(target: ApiTarget, options: ApiOptions, log: (s: string) => void) {
  const slots = target.freeSlots;
  const { booked, take, raw } = await bookingReplay(target, slots);
  const QUEUE = 6000;
  const results = [];
  for (const c of options.concurrencies) {
    log(`${target.label} create c=${c}`);
    let pending: HttpRequestSpec[] = [];
    const app = {
      headers: { cookie: target.adminCookie },
      queue: () => (pending = slots.slice(0, QUEUE)),
      onUsed: (n: number) => take(Math.min(n, pending.length)),
    };
    results.push(
      await measure(target, 'create', c, options, app, raw, `${slots.length} free slots left`),
    );
  }
  // A realistic mix: one booking in ten asks for a time someone has just taken (409).
  log(`${target.label} create-with-conflicts c=20`);
  let pending: HttpRequestSpec[] = [];
  const mixed = {
    headers: { cookie: target.adminCookie },
    queue: () => {
      const fresh = slots.slice(0, QUEUE);
      pending = fresh.flatMap((spec, i) =>
        i % 9 === 8 ? [spec, booked[i % booked.length]!] : [spec],
      );
      return pending;
    },
    onUsed: (n: number) => take(Math.ceil((Math.min(n, pending.length) * 9) / 10)),
  };
  results.push(
    await measure(
      target,
      'create-10%-conflicts',
      20,
      options,
      mixed,
      null,
      'every tenth request re-books a taken slot',
    ),
  );
  return results;
}

/** The framework's ceiling: a bare Fastify route returning a constant, same load generator. */
export async function benchBare(options: ApiOptions, log: (s: string) => void) {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const results: Array<{ connections: number; app: Figures; runs: number }> = [];
  for (const c of options.concurrencies) {
    log(`bare fastify c=${c}`);
    await cannon({
      url,
      headers: {},
      connections: c,
      durationSeconds: 1,
      requests: [{ method: 'GET', path: '/' }],
    });
    const runs: Figures[] = [];
    for (let r = 0; r < options.runs; r++) {
      const [a, cpu] = await withCpu(
        () =>
          cannon({
            url,
            headers: {},
            connections: c,
            durationSeconds: options.seconds,
            requests: [{ method: 'GET', path: '/' }],
          }),
        (run) => Object.values(run.statuses).reduce((sum, n) => sum + n, 0),
      );
      runs.push(figures(a.latency, a.rps, cpu));
    }
    results.push({ connections: c, app: medianOf(runs), runs: options.runs });
  }
  await app.close();
  return results;
}

/** The last twelve months up to today, split each way the page offers, by month and by week. */
export function reportSpecs(): HttpRequestSpec[] {
  const today = new Date();
  const to = today.toISOString().slice(0, 10);
  const from = new Date(
    Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate() + 1),
  )
    .toISOString()
    .slice(0, 10);
  return ['clinic', 'provider', 'service', 'source'].flatMap((group) =>
    ['month', 'week'].map((by) => ({
      method: 'GET' as const,
      path: `/api/reports?from=${from}&to=${to}&by=${by}&group=${group}`,
    })),
  );
}
