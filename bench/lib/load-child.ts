// The load generator, in a child process: the app under test keeps the parent's event loop to
// itself (the machine has two cores; sharing one JS thread would measure the generator too).
// The parent sends one job at a time over IPC and gets a summary back.
import http from 'node:http';
import autocannon from 'autocannon';
import { summarize, throughput, type Throughput } from './stats';

export interface HttpRequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export type LoadJob =
  | {
      type: 'cannon';
      url: string;
      headers: Record<string, string>;
      connections: number;
      durationSeconds: number;
      /** Cycled through in order by every connection. */
      requests?: HttpRequestSpec[];
      /** Each taken once, in order, across all connections (bookings of distinct free slots). */
      queue?: HttpRequestSpec[];
    }
  | {
      type: 'race';
      url: string;
      headers: Record<string, string>;
      rounds: HttpRequestSpec[];
      size: number;
    };

export interface CannonResult extends Throughput {
  statuses: Record<string, number>;
  errors: number;
  elapsedMs: number;
  /** Queue entries handed out; more than the queue's length means some were sent twice. */
  used: number;
}

export interface RaceRound {
  statuses: Record<string, number>;
  errorBodies: string[];
  latencies: number[];
  spreadMs: number;
}

async function cannon(job: Extract<LoadJob, { type: 'cannon' }>): Promise<CannonResult> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const queue = job.queue;
  // An empty queue (the free times ran out) sends nothing: autocannon would otherwise send its
  // default request, to "/", and count the web app's answer as the endpoint's.
  if (queue && queue.length === 0)
    return {
      latency: summarize([]),
      requests: 0,
      rps: 0,
      statuses: {},
      errors: 0,
      elapsedMs: 0,
      used: 0,
    };
  const requests = queue
    ? [
        {
          setupRequest: (req: Record<string, unknown>) => ({
            ...req,
            ...queue[next++ % queue.length],
          }),
        },
      ]
    : job.requests!;
  const t0 = performance.now();
  let instance: autocannon.Instance | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: job.url,
        connections: job.connections,
        headers: { 'content-type': 'application/json', ...job.headers },
        duration: job.durationSeconds,
        requests: requests as autocannon.Request[],
        timeout: 30,
      },
      (err: unknown, res: autocannon.Result) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, status: number, _bytes: number, time: number) => {
      latencies.push(time);
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
  const elapsedMs = performance.now() - t0;
  return {
    ...throughput(latencies, elapsedMs),
    statuses,
    errors: result.errors + result.timeouts,
    elapsedMs,
    used: next,
  };
}

function send(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  spec: HttpRequestSpec,
) {
  return new Promise<{ status: number; ms: number; started: number; body?: string }>((resolve) => {
    const started = performance.now();
    const req = http.request(
      new URL(spec.path, url),
      { method: spec.method, agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        // Bodies are kept only for server errors: the report quotes what went wrong.
        let body = '';
        res.on('data', (d: Buffer) => {
          if ((res.statusCode ?? 0) >= 500 && body.length < 300) body += d.toString();
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            started,
            ...(body ? { body } : {}),
          }),
        );
      },
    );
    req.on('error', (err) =>
      resolve({ status: 0, ms: performance.now() - started, started, body: String(err) }),
    );
    req.end(spec.body);
  });
}

/** Each round fires `size` copies of one booking at once over already-open connections. */
async function race(job: Extract<LoadJob, { type: 'race' }>): Promise<RaceRound[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.size });
  const warm: HttpRequestSpec = { method: 'GET', path: '/api/health' };
  await Promise.all(Array.from({ length: job.size }, () => send(agent, job.url, {}, warm)));
  const out: RaceRound[] = [];
  for (const spec of job.rounds) {
    const results = await Promise.all(
      Array.from({ length: job.size }, () => send(agent, job.url, job.headers, spec)),
    );
    const statuses: Record<string, number> = {};
    for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const starts = results.map((r) => r.started);
    const errorBodies = [...new Set(results.flatMap((r) => (r.body ? [r.body] : [])))].slice(0, 3);
    out.push({
      statuses,
      errorBodies,
      latencies: results.map((r) => r.ms),
      spreadMs: Math.max(...starts) - Math.min(...starts),
    });
  }
  agent.destroy();
  return out;
}

process.on('message', (job: LoadJob) => {
  const work = job.type === 'cannon' ? cannon(job) : race(job);
  work.then(
    (result) => process.send!({ ok: true, result }),
    (err: unknown) => process.send!({ ok: false, error: String(err) }),
  );
});
