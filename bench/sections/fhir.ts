// The FHIR API beside the JSON API, for the two questions an integration asks all day: one
// practitioner's appointments of a day, and one schedule's free slots of a week. Each figure is
// the median of N runs, FHIR (with an integration token) and JSON (with the staff session)
// alternating, at the same concurrency, over the same days and weeks in the same order.
import { cannon } from '../lib/load';
import type { HttpRequestSpec } from '../lib/load-child';
import { median, medianOf, ratio } from '../lib/stats';
import type { ApiTarget } from './api-target';
import type { Figures as ApiFigures } from './api';

type Figures = Pick<ApiFigures, 'rps' | 'p50' | 'p95' | 'p99'>;

export interface FhirBenchOptions {
  connections: number;
  runs: number;
  seconds: number;
}

export interface FhirSide {
  figures: Figures;
  statuses: Record<string, number>;
}

export interface FhirResult {
  question: string;
  connections: number;
  runs: number;
  fhir: FhirSide;
  json: FhirSide;
  /** Median over runs of FHIR p50 / JSON p50. */
  p50Ratio: number;
  note: string;
}

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function fetchJson(url: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(url, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** An integration token for the first clinic, made through the admins' API like any other. */
async function integration(target: ApiTarget) {
  const cookie = { cookie: target.adminCookie };
  const clinics = (await fetchJson(`${target.url}/api/clinics`, cookie)) as unknown as Array<{
    id: string;
    slug: string;
  }>;
  const clinic = clinics.find((c) => c.slug === 'clinic-0')!;
  const { token } = (await fetchJson(`${target.url}/api/admin/api-tokens`, cookie, {
    name: 'Bench EHR',
    clinicIds: [clinic.id],
    scopes: ['read'],
  })) as { token: string };
  const agents = (await fetchJson(
    `${target.url}/api/clinics/clinic-0/nurses`,
    cookie,
  )) as unknown as Array<{ _id: string }>;
  const agentId = agents[0]!._id;
  const auth = { authorization: `Bearer ${token}` };
  const schedules = (await fetchJson(
    `${target.url}/fhir/R4/Schedule?actor=Practitioner/${agentId}`,
    auth,
  )) as { entry: Array<{ resource: { id: string } }> };
  return { auth, agentId, scheduleId: schedules.entry[0]!.resource.id };
}

async function compare(
  target: ApiTarget,
  options: FhirBenchOptions,
  fhir: { headers: Record<string, string>; requests: HttpRequestSpec[] },
  json: { headers: Record<string, string>; requests: HttpRequestSpec[] },
) {
  const job = (side: typeof fhir, seconds: number) => ({
    url: target.url,
    headers: side.headers,
    connections: options.connections,
    durationSeconds: seconds,
    // One queue for every connection, so the connections do not ask for the same day in step
    // (and the JSON side cannot reuse what another connection just read).
    queue: side.requests,
  });
  await cannon(job(fhir, 1));
  await cannon(job(json, 1));
  const runs = { fhir: [] as Figures[], json: [] as Figures[] };
  const statuses = { fhir: {} as Record<string, number>, json: {} as Record<string, number> };
  const ratios: number[] = [];
  for (let r = 0; r < options.runs; r++) {
    const results = {
      fhir: await cannon(job(fhir, options.seconds)),
      json: await cannon(job(json, options.seconds)),
    };
    for (const side of ['fhir', 'json'] as const) {
      const { latency, rps } = results[side];
      runs[side].push({ rps, p50: latency.p50, p95: latency.p95, p99: latency.p99 });
      for (const [k, v] of Object.entries(results[side].statuses)) {
        statuses[side][k] = (statuses[side][k] ?? 0) + v;
      }
    }
    ratios.push(ratio(results.fhir.latency.p50, results.json.latency.p50));
  }
  return {
    fhir: { figures: medianOf(runs.fhir), statuses: statuses.fhir },
    json: { figures: medianOf(runs.json), statuses: statuses.json },
    p50Ratio: median(ratios),
  };
}

/**
 * The two questions, each as FHIR requests (with an integration token of the first clinic) and as
 * the JSON API's requests for the same answer (with the front desk's session).
 */
export async function fhirQuestions(target: ApiTarget) {
  const { auth, agentId, scheduleId } = await integration(target);
  const get = (path: string): HttpRequestSpec => ({ method: 'GET', path });
  // 400 UTC days around today, in turn: more than the JSON list keeps pages of (ADR 008), so
  // neither side answers from memory.
  const today = Date.parse(`${utcDay(Date.now())}T00:00:00Z`);
  const days = Array.from({ length: 400 }, (_, i) => utcDay(today + (i - 200) * DAY_MS));
  // The coming eight weeks, Monday to Monday (UTC), one at a time.
  const monday = today + ((8 - new Date(today).getUTCDay()) % 7) * DAY_MS;
  const weeks = Array.from({ length: 8 }, (_, i) => monday + i * 7 * DAY_MS);
  return {
    auth,
    appointments: {
      fhir: days.map((d) =>
        get(`/fhir/R4/Appointment?practitioner=Practitioner/${agentId}&date=${d}&_count=100`),
      ),
      json: days.map((d) =>
        get(
          `/api/appointments/paginated?staffId=${agentId}&dateFrom=${d}&dateTo=${d}&timezone=UTC&limit=100`,
        ),
      ),
    },
    slots: {
      fhir: weeks.map((w) =>
        get(
          `/fhir/R4/Slot?schedule=Schedule/${scheduleId}&status=free&start=ge${utcDay(w)}&start=lt${utcDay(w + 7 * DAY_MS)}&_count=200`,
        ),
      ),
      json: weeks.map((w) =>
        get(
          `/api/clinics/clinic-0/slots?from=${utcDay(w)}&to=${utcDay(w + 6 * DAY_MS)}&agentId=${agentId}&duration=30&timezone=UTC`,
        ),
      ),
    },
  };
}

export async function benchFhir(
  target: ApiTarget,
  options: FhirBenchOptions,
  log: (s: string) => void,
): Promise<FhirResult[]> {
  const questions = await fhirQuestions(target);
  const session = { cookie: target.staffCookie };
  const results: FhirResult[] = [];
  // The same FHIR search and JSON request for the same answer, timed side by side.
  const ask = async (
    heading: string,
    question: string,
    requests: { fhir: HttpRequestSpec[]; json: HttpRequestSpec[] },
    note: string,
  ) => {
    log(`${target.label} ${heading} c=${options.connections}`);
    results.push({
      question,
      connections: options.connections,
      runs: options.runs,
      ...(await compare(
        target,
        options,
        { headers: questions.auth, requests: requests.fhir },
        { headers: session, requests: requests.json },
      )),
      note,
    });
  };

  await ask(
    "FHIR Appointment search (one practitioner's day)",
    "one practitioner's day of appointments",
    questions.appointments,
    'FHIR: Appointment?practitioner&date=<day>; JSON: the paginated list filtered by the agent and the day (it also counts the tabs). A different day each request.',
  );
  await ask(
    'FHIR Slot search (one schedule, one week)',
    "one schedule's week of free slots",
    questions.slots,
    'FHIR: Slot?schedule&start=ge<Monday>&start=lt<next Monday>&_count=200 (one page holds the week); JSON: /api/clinics/{slug}/slots for the agent and the week. A different week each request, of eight.',
  );
  return results;
}
