// npm run test:ha [-- --rounds 2 --keep --no-restart]
// The failover test (issue 48, ADR 061, ADR 063): brings up the cluster of `npm run ha:up`, books
// and reads at 20 clients across both app instances with Idempotency-Keys. First a rolling
// restart of the two instances through HAProxy (each drains), which must fail no request; then in
// round 1 it kills the primary's PostgreSQL with SIGKILL, in round 2 the whole primary node
// (Patroni too, as a host that dies). Every e-mail the outbox sends reaches an SMTP sink, which
// must receive each message once. It measures how long writes stop, and fails unless: writes resume within 30 s, no
// acknowledged booking is lost, no two active appointments overlap, a retried key never books
// twice, and the old primary rejoins as a replica (pg_rewind) so the cluster is whole again.
// Figures go to bench/results/ha-failover.json and .md.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { startSmtpSink, type SmtpSink } from '../../src/server/test/smtp-sink';
import {
  NODES,
  PORTS,
  ROOT,
  alive,
  baseDir,
  clusterWhole,
  haDown,
  haRestart,
  haUp,
  leaderNode,
  nodeUrl,
  postmasterPid,
  startPatroni,
  trackedPid,
  writeUrl,
  type Member,
  type NodeSpec,
} from './cluster';

/** What the command tells its operator, on standard output. */
const print = (text = ''): void => {
  process.stdout.write(`${text}\n`);
};

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    clients: { type: 'string', default: '20' },
    keep: { type: 'boolean', default: false },
    'no-restart': { type: 'boolean', default: false },
  },
});
/** The SMTP sink the instances send the outbox's e-mails to: a port of this test's range. */
const SMTP_PORT = 48220;

type HttpApi = (
  path: string,
  init?: { method?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<Response>;

/**
 * A signed-in client that keeps the cookies the app sets, as a browser does: the session, and
 * the WAL position of its last change, so that its reads after a booking see it (ADR 063).
 */
async function httpSignIn(base: string, email: string, password: string): Promise<HttpApi> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = keep(
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email, password }),
    }),
  );
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return async (path, init = {}) =>
    keep(
      await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          cookie: cookie(),
          origin: base,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
    );
}
const ROUNDS = Number(values.rounds);
const CLIENTS = Number(values.clients);
const WRITE_RESUME_LIMIT_S = 30;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (line: string) => print(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

interface Attempt {
  key: string;
  body: unknown;
  /** The first answer that was not a 503 or a cut connection. */
  final?: number;
  /** Every id a 201 answered for this key (one key must only ever name one appointment). */
  ids: Set<string>;
  acknowledgedAt?: number;
  /** 503s and cut connections before the final answer. */
  retries: number;
  startedAt: number;
}

interface Load {
  attempts: Attempt[];
  reads: { ok: number; failed: number };
  /** Start and end (ms since epoch) of every request that answered 201. */
  acknowledgements: Array<{ startedAt: number; at: number }>;
  fiveHundreds: number;
  other: Map<number, number>;
  /** Booking requests answered 503 (with Retry-After), and ones cut without an answer. */
  answered503: number;
  noAnswer: number;
}

async function signInAll(ports: readonly number[] = PORTS.apps): Promise<HttpApi[]> {
  // One after the other, and again after a moment when refused: two sign-ins of one account at
  // the same instant may meet the sign-in throttle (ADR 010), which is not what this test tests.
  const apis: HttpApi[] = [];
  for (const port of ports) {
    for (let attempt = 1; ; attempt++) {
      try {
        apis.push(
          await httpSignIn(`http://127.0.0.1:${port}`, 'staff@carebook.test', 'waiting-room-demo'),
        );
        break;
      } catch (err) {
        if (attempt >= 10) throw err;
        await sleep(1_000);
      }
    }
  }
  return apis;
}

/** Books and reads at CLIENTS clients across both instances until `stop()` is called. */
function startLoad(
  apis: HttpApi[],
  slots: Array<{ startTime: string; agentId: string }>,
  patients: string[],
) {
  const load: Load = {
    attempts: [],
    reads: { ok: 0, failed: 0 },
    acknowledgements: [],
    fiveHundreds: 0,
    other: new Map(),
    answered503: 0,
    noAnswer: 0,
  };
  let stopping = false;
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const client = async (index: number) => {
    const api = apis[index % apis.length]!;
    while (!stopping) {
      const slot = pick(slots);
      const attempt: Attempt = {
        key: randomUUID(),
        body: {
          date: slot.startTime,
          staff: { id: slot.agentId },
          patient: { id: pick(patients), clinic: 'riverside' },
        },
        ids: new Set(),
        retries: 0,
        startedAt: Date.now(),
      };
      load.attempts.push(attempt);
      // A client retries a 503 or a cut connection with the same key until it gets an answer,
      // as the Retry-After header invites (sooner than its 5 s, to measure in fine steps).
      for (;;) {
        const startedAt = Date.now();
        let status: number;
        try {
          const res = await api('/api/appointments', {
            method: 'POST',
            body: attempt.body,
            headers: { 'idempotency-key': attempt.key },
          });
          status = res.status;
          const body = (await res.json().catch(() => ({}))) as { _id?: string };
          if (status === 201 && body._id) {
            attempt.ids.add(body._id);
            attempt.acknowledgedAt = Date.now();
            load.acknowledgements.push({ startedAt, at: Date.now() });
          }
        } catch {
          status = -1;
        }
        if (status === 503 || status === -1) {
          if (status === 503) load.answered503++;
          else load.noAnswer++;
          attempt.retries++;
          if (stopping && attempt.retries > 60) break;
          await sleep(250);
          continue;
        }
        attempt.final = status;
        if (status >= 500) load.fiveHundreds++;
        else if (status !== 201 && status !== 409)
          load.other.set(status, (load.other.get(status) ?? 0) + 1);
        break;
      }
      try {
        const res = await api(
          `/api/appointments/paginated?page=${1 + Math.floor(Math.random() * 3)}`,
        );
        await res.arrayBuffer();
        if (res.ok) load.reads.ok++;
        else load.reads.failed++;
      } catch {
        load.reads.failed++;
      }
    }
  };
  const running = Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
  return {
    load,
    async stop() {
      stopping = true;
      await running;
    },
  };
}

async function withPrimary<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: writeUrl(), connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Audit rows written from an instance's spool after a failover (ADR 063), so far. */
async function spooledAuditRows(): Promise<number> {
  return withPrimary(
    async (c) =>
      (
        await c.query<{ n: number }>(
          'select count(*)::int as n from audit_log where spool_key is not null',
        )
      ).rows[0]!.n,
  );
}

/** Spool files the app instances still hold. */
async function spooledFilesLeft(): Promise<number> {
  let files = 0;
  for (let i = 0; i < PORTS.apps.length; i++) {
    const dir = path.join(baseDir(), `app${i + 1}`, 'audit-spool');
    files += (await readdir(dir).catch(() => [])).filter((f) => f.endsWith('.jsonl')).length;
  }
  return files;
}

async function waitUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(250);
  }
}

interface RoundResult {
  round: number;
  fault: string;
  killedNode: string;
  newPrimary: string;
  bookingsAttempted: number;
  bookingsAcknowledged: number;
  conflicts409: number;
  retriedAfter503OrCut: number;
  answered503: number;
  noAnswer: number;
  writesStoppedSeconds: number;
  firstAcknowledgedWriteAfterKillSeconds: number;
  rejoinedAsReplicaSeconds: number;
  acknowledgedLost: number;
  overlappingActive: number;
  duplicateKeys: number;
  keysRetriedAgainAfterwards: number;
  appointmentsCreatedVsAcknowledged: [number, number];
  reads: { ok: number; failed: number };
  /** Audit rows of reads answered during the failover, written from the instances' spools. */
  readAuditRowsFromSpool: number;
  fiveHundreds: number;
  otherStatuses: Record<string, number>;
  rowsOnEveryNode: Record<string, number>;
  timelineAfter: number | undefined;
  mail: MailCheck;
  checks: Record<string, boolean>;
}

async function round(
  index: number,
  fault: 'postgres' | 'node',
  apis: HttpApi[],
  slots: Array<{ startTime: string; agentId: string }>,
  patients: string[],
  sink: SmtpSink,
): Promise<RoundResult> {
  const victim = (await leaderNode()) as NodeSpec;
  const since = await withPrimary(
    async (c) => (await c.query('select now() as t')).rows[0].t as Date,
  );
  const spooledBefore = await spooledAuditRows();
  say(
    `round ${index}: ${CLIENTS} clients booking and reading on ${apis.length} instances; primary is ${victim.name}`,
  );
  const { load, stop } = startLoad(apis, slots, patients);
  await sleep(10_000);

  const killedAt = Date.now();
  if (fault === 'postgres') {
    const pid = postmasterPid(victim)!;
    say(`kill -9 ${victim.name}'s postmaster (pid ${pid})`);
    process.kill(pid, 'SIGKILL');
  } else {
    const patroni = trackedPid(victim.name)!;
    const pid = postmasterPid(victim)!;
    say(
      `kill -9 ${victim.name}'s Patroni (pid ${patroni}) and postmaster (pid ${pid}): the node is gone`,
    );
    process.kill(patroni, 'SIGKILL');
    process.kill(pid, 'SIGKILL');
  }

  const resumedAt = await waitUntil(
    'writes resumed',
    async () => load.acknowledgements.find((a) => a.startedAt > killedAt)?.at,
    90_000,
  );
  say(`writes resumed ${((resumedAt - killedAt) / 1000).toFixed(1)} s after the kill`);
  await sleep(10_000);
  await stop();
  const newPrimary = (await leaderNode())?.name ?? '?';

  // The longest stretch of the round without any acknowledged booking (answers to requests sent
  // before the kill may still arrive just after it: this gap, not the first figure, is what a
  // user sees).
  const ackTimes = load.acknowledgements.map((a) => a.at).sort((a, b) => a - b);
  let longestGap = 0;
  for (let i = 1; i < ackTimes.length; i++)
    longestGap = Math.max(longestGap, ackTimes[i]! - ackTimes[i - 1]!);
  const writesStoppedSeconds = longestGap / 1000;

  if (fault === 'node') {
    say(`starting ${victim.name}'s Patroni again (the host is back)`);
    // What a dead host leaves behind: its postmaster is gone; only the pid file remains.
    while (postmasterPid(victim)) await sleep(100);
    startPatroni(victim);
  }
  const members = await waitUntil(
    'the old primary rejoins and the cluster is whole',
    clusterWhole,
    180_000,
  );
  const rejoinedAsReplicaSeconds = (Date.now() - killedAt) / 1000;
  const victimNow = members.find((m) => m.name === victim.name) as Member;
  say(
    `${victim.name} is back as ${victimNow.role}; cluster whole ${rejoinedAsReplicaSeconds.toFixed(1)} s after the kill`,
  );

  const acknowledged = load.attempts.filter((a) => a.ids.size > 0);
  const ids = [...new Set(acknowledged.flatMap((a) => [...a.ids]))];
  const { lost, overlaps, created } = await withPrimary(async (c) => {
    const found = await c.query<{ n: number }>(
      'select count(*)::int as n from appointments where id = any($1::uuid[])',
      [ids],
    );
    const overlap = await c.query<{ n: number }>(`
      select count(*)::int as n from appointments a join appointments b
        on a.staff_id = b.staff_id and a.id < b.id
       and a.status <> 'CANCELLED' and b.status <> 'CANCELLED'
       and tstzrange(a.start_at, a.end_at, '[)') && tstzrange(b.start_at, b.end_at, '[)')`);
    const made = await c.query<{ n: number }>(
      'select count(*)::int as n from appointments where created_at >= $1',
      [since],
    );
    return {
      lost: ids.length - found.rows[0]!.n,
      overlaps: overlap.rows[0]!.n,
      created: made.rows[0]!.n,
    };
  });

  // Every acknowledged key sent once more: the same appointment, never a second one.
  let duplicateKeys = acknowledged.filter((a) => a.ids.size > 1).length;
  let retried = 0;
  for (const [i, a] of acknowledged.entries()) {
    const res = await apis[i % apis.length]!('/api/appointments', {
      method: 'POST',
      body: a.body,
      headers: { 'idempotency-key': a.key },
    });
    const body = (await res.json()) as { _id?: string };
    retried++;
    if (res.status !== 201 || !body._id || !a.ids.has(body._id)) duplicateKeys++;
  }

  // Synchronous replication's promise, checked on each server: once the replicas replayed,
  // every node holds every acknowledged booking.
  const rowsOnEveryNode: Record<string, number> = {};
  await sleep(2_000);
  for (const node of NODES) {
    const c = new pg.Client({ connectionString: nodeUrl(node), connectionTimeoutMillis: 5_000 });
    await c.connect();
    try {
      rowsOnEveryNode[node.name] = (
        await c.query<{ n: number }>(
          'select count(*)::int as n from appointments where id = any($1::uuid[])',
          [ids],
        )
      ).rows[0]!.n;
    } finally {
      await c.end();
    }
  }

  // The LISTEN/NOTIFY bus of each instance found the new primary on its own.
  const listeners = await waitUntil(
    'both signal-bus listeners on the new primary',
    () =>
      withPrimary(async (c) => {
        const n = (
          await c.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where application_name = 'carebook-signal'",
          )
        ).rows[0]!.n;
        return n === PORTS.apps.length ? n : undefined;
      }),
    30_000,
  ).catch(() => 0);
  // Both instances lived through it (no crash from a lost connection in a worker or the bus).
  const appsAlive = PORTS.apps.every((_, i) => {
    const pid = trackedPid(`app${i + 1}`);
    return pid !== undefined && alive(pid);
  });

  // Reads answered from a replica while no primary took their audit rows kept them in their
  // instance's spool (ADR 063); once a primary is back every spool is written and emptied.
  const spoolsEmptied = await waitUntil(
    'every instance’s read audit spool written to the database',
    async () => ((await spooledFilesLeft()) === 0 ? true : undefined),
    30_000,
  ).catch(() => false);
  const readAuditRowsFromSpool = (await spooledAuditRows()) - spooledBefore;
  const mail = await mailOnce(sink, since);
  const leaderAfter = members.find((m) => m.role === 'leader');
  const checks = {
    everyMailSentOnce: mail.duplicateMessages === 0 && mail.pendingDue === 0,
    writesResumedWithin30s: (resumedAt - killedAt) / 1000 <= WRITE_RESUME_LIMIT_S,
    noAcknowledgedLost: lost === 0,
    noOverlaps: overlaps === 0,
    noDuplicateKeys: duplicateKeys === 0,
    createdEqualsAcknowledged: created === ids.length,
    oldPrimaryRejoinedAsReplica: victimNow.role === 'replica' || victimNow.role === 'sync_standby',
    newPrimaryIsAnother: newPrimary !== victim.name,
    everyNodeHasEveryBooking: Object.values(rowsOnEveryNode).every((n) => n === ids.length),
    noUnexpectedStatuses: load.fiveHundreds === 0 && load.other.size === 0,
    readsKeptAnswering: load.reads.failed === 0,
    readAuditSpoolsWritten: spoolsEmptied === true,
    signalBusesOnNewPrimary: listeners === PORTS.apps.length,
    appInstancesAlive: appsAlive,
  };
  return {
    round: index,
    fault:
      fault === 'postgres'
        ? 'kill -9 of the primary PostgreSQL (postmaster)'
        : 'kill -9 of the primary node (Patroni and PostgreSQL)',
    killedNode: victim.name,
    newPrimary,
    bookingsAttempted: load.attempts.length,
    bookingsAcknowledged: acknowledged.length,
    conflicts409: load.attempts.filter((a) => a.final === 409).length,
    retriedAfter503OrCut: load.attempts.filter((a) => a.retries > 0).length,
    answered503: load.answered503,
    noAnswer: load.noAnswer,
    writesStoppedSeconds,
    firstAcknowledgedWriteAfterKillSeconds: (resumedAt - killedAt) / 1000,
    rejoinedAsReplicaSeconds,
    acknowledgedLost: lost,
    overlappingActive: overlaps,
    duplicateKeys,
    keysRetriedAgainAfterwards: retried,
    appointmentsCreatedVsAcknowledged: [created, ids.length],
    reads: load.reads,
    readAuditRowsFromSpool,
    fiveHundreds: load.fiveHundreds,
    otherStatuses: Object.fromEntries(load.other),
    rowsOnEveryNode,
    timelineAfter: leaderAfter?.timeline,
    mail,
    checks,
  };
}

interface MailCheck {
  /** E-mail rows the outbox got during the round (booking messages). */
  rows: number;
  sent: number;
  /** Pending and due after the wait: the workers did not send them. */
  pendingDue: number;
  /** Pending under a claim's lease (a claim whose commit the failover cut; sent when it ends). */
  leased: number;
  /** Messages of these rows at the SMTP sink, and how many of them arrived more than once. */
  messages: number;
  duplicateMessages: number;
  /** Everything the sink holds (all rounds), with or without an outbox Message-ID. */
  inboxTotal: number;
}

/**
 * The outbox across the round: once what was due is sent, every message of the round's rows
 * reached the sink once (one Message-ID per row and addressee, outbox-worker.ts).
 */
async function mailOnce(sink: SmtpSink, since: Date): Promise<MailCheck> {
  await waitUntil(
    'the outbox has sent what was due',
    () =>
      withPrimary(async (c) => {
        const { n } = (
          await c.query<{ n: number }>(
            `select count(*)::int as n from outbox where created_at >= $1 and channel = 'email'
                and status = 'pending' and next_attempt_at <= now()`,
            [since],
          )
        ).rows[0]!;
        return n === 0 ? true : undefined;
      }),
    90_000,
  ).catch(() => undefined);
  const rows = await withPrimary(
    async (c) =>
      (
        await c.query<{ id: number; status: string; leased: boolean }>(
          `select id, status, next_attempt_at > now() as leased from outbox
            where created_at >= $1 and channel = 'email'`,
          [since],
        )
      ).rows,
  );
  const ids = new Set(rows.map((r) => Number(r.id)));
  const counts = new Map<string, number>();
  for (const mail of sink.inbox) {
    // The raw headers: unfoldMail's quoted-printable undoing would join the line to the subject.
    const id = /^Message-ID:\s*<outbox-(\d+)-(\d+)@/im.exec(mail.raw);
    if (!id || !ids.has(Number(id[1]))) continue;
    const key = `${id[1]}-${id[2]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return {
    rows: rows.length,
    sent: rows.filter((r) => r.status === 'sent').length,
    pendingDue: rows.filter((r) => r.status === 'pending' && !r.leased).length,
    leased: rows.filter((r) => r.status === 'pending' && r.leased).length,
    messages: [...counts.values()].reduce((a, b) => a + b, 0),
    duplicateMessages: [...counts.values()].filter((n) => n > 1).length,
    inboxTotal: sink.inbox.length,
  };
}

interface RestartResult {
  bookingsAcknowledged: number;
  conflicts409: number;
  reads: { ok: number; failed: number };
  answered503: number;
  noAnswer: number;
  fiveHundreds: number;
  otherStatuses: Record<string, number>;
  failedRequests: number;
  restartSeconds: number;
  mail: MailCheck;
  checks: Record<string, boolean>;
}

/**
 * A rolling restart under load: the clients go through HAProxy, as browsers do, while both
 * instances are restarted one after the other (each drains first). Not one request may fail.
 */
async function restartRound(
  appEnv: Record<string, string>,
  slots: Array<{ startTime: string; agentId: string }>,
  patients: string[],
  sink: SmtpSink,
): Promise<RestartResult> {
  const since = await withPrimary(
    async (c) => (await c.query('select now() as t')).rows[0].t as Date,
  );
  const apis = await signInAll([PORTS.http, PORTS.http]);
  say(`rolling restart: ${CLIENTS} clients booking and reading through HAProxy (${PORTS.http})`);
  const { load, stop } = startLoad(apis, slots, patients);
  await sleep(5_000);
  const started = Date.now();
  await haRestart({ appEnv, say });
  const restartSeconds = (Date.now() - started) / 1000;
  await sleep(3_000);
  await stop();
  const other = [...load.other.values()].reduce((a, b) => a + b, 0);
  const failedRequests =
    load.answered503 + load.noAnswer + load.fiveHundreds + load.reads.failed + other;
  say(
    `both instances restarted in ${restartSeconds.toFixed(1)} s; failed requests: ${failedRequests}`,
  );
  const mail = await mailOnce(sink, since);
  const appsAlive = PORTS.apps.every((_, i) => {
    const pid = trackedPid(`app${i + 1}`);
    return pid !== undefined && alive(pid);
  });
  return {
    bookingsAcknowledged: load.attempts.filter((a) => a.ids.size > 0).length,
    conflicts409: load.attempts.filter((a) => a.final === 409).length,
    reads: load.reads,
    answered503: load.answered503,
    noAnswer: load.noAnswer,
    fiveHundreds: load.fiveHundreds,
    otherStatuses: Object.fromEntries(load.other),
    failedRequests,
    restartSeconds,
    mail,
    checks: {
      noFailedRequest: failedRequests === 0,
      everyMailSentOnce: mail.duplicateMessages === 0 && mail.pendingDue === 0,
      appInstancesAlive: appsAlive,
    },
  };
}

function markdown(
  meta: Record<string, unknown>,
  results: RoundResult[],
  restart: RestartResult | undefined,
) {
  const lines = [
    '# Carebook failover test',
    '',
    `Generated by \`npm run test:ha\` on ${String(meta.startedAt)} at commit \`${String(meta.commit)}\`, on ${String(meta.cpus)} cores shared with other work (load average ${(meta.loadAverageAtStart as number[]).map((n) => n.toFixed(2)).join(', ')} at the start). Cluster: etcd, three Patroni nodes (PostgreSQL 15, synchronous_mode strict, one synchronous standby), HAProxy routing by Patroni's /primary and /replica checks, two app instances reading the list from the replicas (DATABASE_READ_URL) and sending the outbox's e-mails to an SMTP sink; ${CLIENTS} clients booking (each with its own Idempotency-Key, retrying 503s and cut connections every 250 ms) and reading the appointment list across both instances.`,
    '',
    ...(restart
      ? [
          '## Rolling restart (both instances, one after the other, through HAProxy)',
          '',
          '| restart took | bookings acknowledged | 409 | reads ok / failed | 503 | no answer | 5xx | failed requests | e-mails (rows / messages / duplicates) |',
          '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
          `| ${restart.restartSeconds.toFixed(1)} s | ${restart.bookingsAcknowledged} | ${restart.conflicts409} | ${restart.reads.ok} / ${restart.reads.failed} | ${restart.answered503} | ${restart.noAnswer} | ${restart.fiveHundreds} | **${restart.failedRequests}** | ${restart.mail.rows} / ${restart.mail.messages} / ${restart.mail.duplicateMessages} |`,
          '',
          'Checks: ' +
            Object.entries(restart.checks)
              .map(([k, v]) => `${k} ${v ? 'yes' : 'NO'}`)
              .join(', '),
          '',
          '## Failover',
          '',
        ]
      : []),
    '| round | fault | first booking sent after the kill acknowledged after | longest gap between acknowledged bookings | cluster whole again after | booked (acknowledged) | lost | overlaps | duplicate keys | 409 | retried after 503 | reads ok / failed | read audit rows from spools | e-mails (rows / messages / duplicates / leased) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.round} | ${r.fault} (${r.killedNode} → ${r.newPrimary}) | ${r.firstAcknowledgedWriteAfterKillSeconds.toFixed(1)} s | ${r.writesStoppedSeconds.toFixed(1)} s | ${r.rejoinedAsReplicaSeconds.toFixed(1)} s | ${r.bookingsAcknowledged} | ${r.acknowledgedLost} | ${r.overlappingActive} | ${r.duplicateKeys} | ${r.conflicts409} | ${r.retriedAfter503OrCut} | ${r.reads.ok} / ${r.reads.failed} | ${r.readAuditRowsFromSpool} | ${r.mail.rows} / ${r.mail.messages} / ${r.mail.duplicateMessages} / ${r.mail.leased} |`,
    ),
    '',
    'Checks: ' +
      results
        .map(
          (r) =>
            `round ${r.round}: ` +
            Object.entries(r.checks)
              .map(([k, v]) => `${k} ${v ? 'yes' : 'NO'}`)
              .join(', '),
        )
        .join('; '),
    '',
  ];
  return lines.join('\n');
}

async function main() {
  const startedAt = new Date().toISOString();
  say('stopping any earlier cluster and starting a fresh one (npm run ha:up)…');
  await haDown({ wipe: true, say });
  const sink = await startSmtpSink(SMTP_PORT);
  const appEnv = {
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    SMTP_URL: sink.url,
    OUTBOX_POLL_MS: '1000',
  };
  await haUp({ say, appEnv });
  const results: RoundResult[] = [];
  let restart: RestartResult | undefined;
  try {
    const apis = await signInAll();
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const slots = (
      (await (
        await apis[0]!(`/api/clinics/riverside/slots?from=${day(1)}&to=${day(60)}`)
      ).json()) as {
        slots: Array<{ startTime: string; agentId: string }>;
      }
    ).slots;
    const patients = (
      (await (await apis[0]!('/api/clinics/patient?clinic=riverside&keyword=a')).json()) as Array<{
        _id: string;
      }>
    ).map((p) => p._id);
    say(`${slots.length} free slots, ${patients.length} patients`);
    if (!values['no-restart']) {
      restart = await restartRound(appEnv, slots, patients, sink);
      print(JSON.stringify(restart, null, 2));
    }
    for (let i = 1; i <= ROUNDS; i++) {
      results.push(await round(i, i === 1 ? 'postgres' : 'node', apis, slots, patients, sink));
      print(JSON.stringify(results.at(-1), null, 2));
    }
  } finally {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    const meta = {
      startedAt,
      commit,
      node: process.version,
      cpus: os.cpus().length,
      loadAverageAtStart: os.loadavg(),
      clients: CLIENTS,
    };
    if (results.length) {
      const dir = path.join(ROOT, 'bench/results');
      writeFileSync(
        path.join(dir, 'ha-failover.json'),
        JSON.stringify({ meta, restart, rounds: results }, null, 2) + '\n',
      );
      writeFileSync(path.join(dir, 'ha-failover.md'), markdown(meta, results, restart));
      say('figures written to bench/results/ha-failover.json and .md');
    }
    if (!values.keep) await haDown({ wipe: true, say });
    await sink.close();
  }
  const failed = [
    ...Object.entries(restart?.checks ?? {})
      .filter(([, ok]) => !ok)
      .map(([k]) => `rolling restart: ${k}`),
  ].concat(
    results.flatMap((r) =>
      Object.entries(r.checks)
        .filter(([, ok]) => !ok)
        .map(([k]) => `round ${r.round}: ${k}`),
    ),
  );
  if (results.length < ROUNDS || failed.length) {
    console.error(`FAILED: ${failed.join(', ') || 'a round did not finish'}`);
    process.exitCode = 1;
  } else {
    say('all checks passed');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
