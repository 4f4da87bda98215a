// The high-availability cluster on one machine (ADR 061): etcd, three Patroni-managed PostgreSQL
// servers (one primary, two replicas, synchronous), HAProxy in front and two app instances, all
// from the Debian packages and the configurations in deploy/. `npm run ha:up` and `ha:down` use
// it, and so does the failover test (`npm run test:ha`).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postgresBinDir } from '../../src/server/test/own-postgres';

/** What the command tells its operator, on standard output. */
const print = (text = ''): void => {
  process.stdout.write(`${text}\n`);
};

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DEPLOY = path.join(ROOT, 'deploy');

/** The ports deploy/ names: the cluster is reachable at these on 127.0.0.1. */
export const PORTS = {
  etcd: 5501,
  write: 5500,
  read: 5505,
  http: 8500,
  stats: 8590,
  apps: [8501, 8502],
} as const;

export interface NodeSpec {
  name: string;
  pgPort: number;
  restPort: number;
}
export const NODES: NodeSpec[] = [1, 2, 3].map((i) => ({
  name: `node${i}`,
  pgPort: 5510 + i,
  restPort: 8510 + i,
}));

export const DATABASE = 'carebook';

interface Tracked {
  name: string;
  pid: number;
}
interface State {
  processes: Tracked[];
}
interface Secrets {
  superuser: string;
  replication: string;
}

export function baseDir() {
  return path.resolve(process.env.HA_DIR ?? '/tmp/carebook-ha');
}

const asRoot = process.getuid?.() === 0;
let postgresIds: { uid: number; gid: number } | undefined;
function postgresUser() {
  if (!postgresIds) {
    const id = (flag: string) =>
      Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    postgresIds = { uid: id('-u'), gid: id('-g') };
  }
  return postgresIds;
}

/** A directory the PostgreSQL servers own (as root they run as `postgres`: it refuses root). */
function serverDir(dir: string) {
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o700);
  if (asRoot) chownSync(dir, postgresUser().uid, postgresUser().gid);
}

function secretsOf(base: string): Secrets {
  const file = path.join(base, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const secrets = {
    superuser: randomBytes(18).toString('base64url'),
    replication: randomBytes(18).toString('base64url'),
  };
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/** The app's connection string: the `postgres` role through HAProxy's write port. */
export function writeUrl(base = baseDir()) {
  return `postgres://postgres:${secretsOf(base).superuser}@127.0.0.1:${PORTS.write}/${DATABASE}`;
}
export function readUrl(base = baseDir()) {
  return `postgres://postgres:${secretsOf(base).superuser}@127.0.0.1:${PORTS.read}/${DATABASE}`;
}
/** One node's server, directly (not through HAProxy). */
export function nodeUrl(node: NodeSpec, base = baseDir(), database = DATABASE) {
  return `postgres://postgres:${secretsOf(base).superuser}@127.0.0.1:${node.pgPort}/${database}`;
}

function readState(base: string): State {
  const file = path.join(base, 'state.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as State) : { processes: [] };
}
function writeState(base: string, state: State) {
  writeFileSync(path.join(base, 'state.json'), JSON.stringify(state, null, 2));
}

export function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  logFile?: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) {
      const tail = logFile && existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-3000) : '';
      throw new Error(`${what} did not come up within ${timeoutMs / 1000} s\n${tail}`);
    }
    await sleep(250);
  }
}

/** Starts a long-lived process detached from us, its output in logs/<name>.log. */
function launch(
  base: string,
  name: string,
  command: string,
  args: string[],
  options: { env?: Record<string, string>; asPostgres?: boolean; cwd?: string } = {},
): Tracked {
  const log = path.join(base, 'logs', `${name}.log`);
  const fd = openSync(log, 'a');
  if (asRoot && options.asPostgres) chownSync(log, postgresUser().uid, postgresUser().gid);
  const [cmd, ...rest] =
    asRoot && options.asPostgres
      ? [
          'setpriv',
          `--reuid=${postgresUser().uid}`,
          `--regid=${postgresUser().gid}`,
          '--init-groups',
          '--',
          command,
          ...args,
        ]
      : [command, ...args];
  const child = spawn(cmd!, rest, {
    cwd: options.cwd ?? base,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', fd, fd],
    detached: true,
  });
  child.unref();
  if (!child.pid) throw new Error(`could not start ${name} (${command})`);
  const state = readState(base);
  state.processes = state.processes.filter((p) => p.name !== name);
  state.processes.push({ name, pid: child.pid });
  writeState(base, state);
  return { name, pid: child.pid };
}

export function logFile(name: string, base = baseDir()) {
  return path.join(base, 'logs', `${name}.log`);
}

async function httpJson<T>(url: string): Promise<T | undefined> {
  const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
  return res.ok ? ((await res.json()) as T) : undefined;
}

export interface Member {
  name: string;
  role: 'leader' | 'sync_standby' | 'replica' | string;
  state: string;
  host: string;
  port: number;
  timeline?: number;
  lag?: number | string;
}

/** The cluster as Patroni sees it (GET /cluster on any node that answers). */
export async function clusterMembers(): Promise<Member[] | undefined> {
  for (const node of NODES) {
    try {
      const cluster = await httpJson<{ members: Member[] }>(
        `http://127.0.0.1:${node.restPort}/cluster`,
      );
      if (cluster) return cluster.members;
    } catch {
      // that node is down: ask the next
    }
  }
  return undefined;
}

/** The members when all three nodes run: a leader, a synchronous standby, and a third replica. */
export async function clusterWhole(): Promise<Member[] | undefined> {
  const members = await clusterMembers();
  if (!members || members.length !== NODES.length) return undefined;
  const leader = members.filter((m) => m.role === 'leader' && m.state === 'running');
  // Patroni 3.0 says `running` of a replica; later versions `streaming`.
  const following = (m: Member) => m.state === 'streaming' || m.state === 'running';
  const sync = members.filter((m) => m.role === 'sync_standby' && following(m));
  const replicas = members.filter((m) => m.role === 'replica' && following(m));
  return leader.length === 1 && sync.length === 1 && replicas.length === 1 ? members : undefined;
}

export async function leaderNode(): Promise<NodeSpec | undefined> {
  const members = await clusterMembers();
  const leader = members?.find((m) => m.role === 'leader' && m.state === 'running');
  return NODES.find((n) => n.name === leader?.name);
}

/** The PID of a node's postmaster, from its data directory. */
export function postmasterPid(node: NodeSpec, base = baseDir()): number | undefined {
  const file = path.join(base, node.name, 'data', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return pid > 0 && alive(pid) ? pid : undefined;
}

export function trackedPid(name: string, base = baseDir()) {
  return readState(base).processes.find((p) => p.name === name)?.pid;
}

function startEtcd(base: string) {
  const config = readFileSync(path.join(DEPLOY, 'etcd.conf.yml'), 'utf8').replace(
    /^data-dir: .*$/m,
    `data-dir: ${path.join(base, 'etcd')}`,
  );
  const file = path.join(base, 'etcd.conf.yml');
  writeFileSync(file, config);
  return launch(base, 'etcd', 'etcd', ['--config-file', file]);
}

/** Starts one node's Patroni (which starts, or first creates, its PostgreSQL server). */
export function startPatroni(node: NodeSpec, base = baseDir()) {
  const secrets = secretsOf(base);
  const dir = path.join(base, node.name);
  serverDir(dir);
  const config = path.join(base, 'patroni.yml');
  copyFileSync(path.join(DEPLOY, 'patroni.yml'), config);
  chmodSync(config, 0o644);
  return launch(base, node.name, 'patroni', [config], {
    asPostgres: true,
    cwd: dir,
    env: {
      HOME: dir,
      PATRONI_NAME: node.name,
      PATRONI_RESTAPI_LISTEN: `127.0.0.1:${node.restPort}`,
      PATRONI_RESTAPI_CONNECT_ADDRESS: `127.0.0.1:${node.restPort}`,
      PATRONI_POSTGRESQL_LISTEN: `127.0.0.1:${node.pgPort}`,
      PATRONI_POSTGRESQL_CONNECT_ADDRESS: `127.0.0.1:${node.pgPort}`,
      PATRONI_POSTGRESQL_DATA_DIR: path.join(dir, 'data'),
      PATRONI_POSTGRESQL_PGPASS: path.join(dir, 'pgpass'),
      PATRONI_POSTGRESQL_BIN_DIR: postgresBinDir(),
      PATRONI_SUPERUSER_USERNAME: 'postgres',
      PATRONI_SUPERUSER_PASSWORD: secrets.superuser,
      PATRONI_REPLICATION_USERNAME: 'replicator',
      PATRONI_REPLICATION_PASSWORD: secrets.replication,
      PATRONI_ETCD3_HOSTS: `127.0.0.1:${PORTS.etcd}`,
    },
  });
}

async function startApp(base: string, index: number, env: Record<string, string>) {
  const port = PORTS.apps[index]!;
  const name = `app${index + 1}`;
  launch(base, name, process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    cwd: ROOT,
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: writeUrl(base),
      PUBLIC_URL: `http://127.0.0.1:${PORTS.http}`,
      WEB_DIR: path.join(ROOT, 'dist/web'),
      TRUST_PROXY: '127.0.0.1',
      SEED_DEMO: 'always',
      // The reads contracts allow go to the replicas (ADR 063).
      DATABASE_READ_URL: readUrl(base),
      // On SIGTERM: answer "draining" to HAProxy's checks (every second, down after two) for
      // 5 s before closing, so a rolling restart loses no request (ADR 063).
      SHUTDOWN_DRAIN_MS: '5000',
      // Each instance keeps the audit rows of reads it answered during a failover in a folder of
      // its own until a primary takes them (ADR 063).
      AUDIT_SPOOL_DIR: path.join(base, name, 'audit-spool'),
      ...env,
    },
  });
  await waitFor(
    `${name} on port ${port}`,
    async () => ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok ? true : undefined),
    90_000,
    logFile(name, base),
  );
}

/** HAProxy's view of an app instance (its stats page as CSV): UP, DOWN, NOLB, MAINT… */
export async function haproxyStatus(server: string): Promise<string | undefined> {
  const res = await fetch(`http://127.0.0.1:${PORTS.stats}/;csv`, {
    signal: AbortSignal.timeout(1_000),
  });
  const lines = (await res.text()).split('\n');
  const header = lines[0]!.replace(/^# /, '').split(',');
  const status = header.indexOf('status');
  const row = lines.find((l) => l.startsWith(`carebook_http,${server},`));
  return row?.split(',')[status];
}

/**
 * Restarts the app instances one by one (a new version's rollout): each gets SIGTERM, drains
 * (HAProxy takes it out while it still serves), finishes its requests and exits; it is started
 * again and HAProxy sees it up before the next one goes.
 */
export async function haRestart(
  options: { appEnv?: Record<string, string>; say?: (line: string) => void } = {},
) {
  const say = options.say ?? ((line: string) => print(line));
  const base = baseDir();
  for (const [index] of PORTS.apps.entries()) {
    const name = `app${index + 1}`;
    const pid = trackedPid(name, base);
    if (pid === undefined || !alive(pid)) throw new Error(`${name} is not running`);
    say(`${name}: SIGTERM (draining)…`);
    const stoppedAt = Date.now();
    await stopProcess({ name, pid }, 'SIGTERM', 20_000);
    say(
      `${name}: exited after ${((Date.now() - stoppedAt) / 1000).toFixed(1)} s; starting it again`,
    );
    await startApp(base, index, options.appEnv ?? {});
    await waitFor(
      `HAProxy sending to ${name} again`,
      async () => ((await haproxyStatus(name)) === 'UP' ? true : undefined),
      30_000,
      logFile('haproxy', base),
    );
    say(`${name}: back in HAProxy`);
  }
}

export interface UpOptions {
  /** Extra environment for the app instances. */
  appEnv?: Record<string, string>;
  say?: (line: string) => void;
}

/** Starts everything; resolves once the cluster is whole and both app instances answer. */
export async function haUp(options: UpOptions = {}) {
  const say = options.say ?? ((line: string) => print(line));
  const base = baseDir();
  if (readState(base).processes.some((p) => alive(p.pid))) {
    throw new Error(`the cluster under ${base} is already running: npm run ha:down first`);
  }
  if (!existsSync(path.join(ROOT, 'dist/server/main.js'))) {
    say('building the app (dist/ is missing)…');
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  mkdirSync(path.join(base, 'logs'), { recursive: true });
  chmodSync(base, 0o755);
  writeState(base, { processes: [] });

  say(`etcd on 127.0.0.1:${PORTS.etcd}…`);
  startEtcd(base);
  await waitFor(
    'etcd',
    async () =>
      (await httpJson<{ health: string }>(`http://127.0.0.1:${PORTS.etcd}/health`))?.health ===
      'true'
        ? true
        : undefined,
    30_000,
    logFile('etcd', base),
  );

  say('three Patroni nodes (the first start runs initdb and copies the primary to two replicas)…');
  const fresh = !NODES.some((n) => existsSync(path.join(base, n.name, 'data', 'PG_VERSION')));
  if (fresh) {
    // A new cluster: the first node alone first, so it (not a race) runs initdb and becomes the
    // primary, and the others copy it.
    startPatroni(NODES[0]!, base);
    await waitFor('the first primary', leaderNode, 90_000, logFile('node1', base));
    for (const node of NODES.slice(1)) startPatroni(node, base);
  } else {
    // A cluster started again on its data: all at once, since only the node that was the
    // synchronous standby (or the primary) may take the lead.
    for (const node of NODES) startPatroni(node, base);
  }
  const members = await waitFor('a whole cluster', clusterWhole, 120_000, logFile('node2', base));

  say(`HAProxy: writes on ${PORTS.write}, reads on ${PORTS.read}, app on ${PORTS.http}…`);
  launch(base, 'haproxy', 'haproxy', ['-f', path.join(DEPLOY, 'haproxy.cfg')]);
  await waitFor(
    'HAProxy routing to the primary',
    async () => {
      const client = new pg.Client({
        connectionString: writeUrl(base).replace(`/${DATABASE}`, '/postgres'),
        connectionTimeoutMillis: 1_000,
      });
      await client.connect();
      try {
        const { rows } = await client.query<{ standby: boolean }>(
          'select pg_is_in_recovery() as standby',
        );
        if (rows[0]!.standby) return undefined;
        const exists = await client.query('select 1 from pg_database where datname = $1', [
          DATABASE,
        ]);
        if (exists.rowCount === 0) await client.query(`create database ${DATABASE}`);
        return true;
      } finally {
        await client.end();
      }
    },
    30_000,
    logFile('haproxy', base),
  );

  say('two app instances (the first migrates and seeds the demo data)…');
  await startApp(base, 0, options.appEnv ?? {});
  await startApp(base, 1, options.appEnv ?? {});
  return { base, members };
}

export function describeUrls(base = baseDir()) {
  return [
    `Carebook (HAProxy over two instances): http://127.0.0.1:${PORTS.http}`,
    `  instances: ${PORTS.apps.map((p) => `http://127.0.0.1:${p}`).join(', ')}`,
    `  demo sign-in: staff@carebook.test / waiting-room-demo`,
    `PostgreSQL writes (primary): ${writeUrl(base)}`,
    `PostgreSQL reads (replicas): ${readUrl(base)}`,
    `HAProxy status page: http://127.0.0.1:${PORTS.stats}/`,
    `Patroni REST: ${NODES.map((n) => `http://127.0.0.1:${n.restPort}/cluster`).join(', ')}`,
    `Logs: ${path.join(base, 'logs')}`,
  ];
}

async function stopProcess(p: Tracked, signal: NodeJS.Signals, timeoutMs: number) {
  if (!alive(p.pid)) return;
  try {
    process.kill(p.pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (alive(p.pid) && Date.now() < deadline) await sleep(100);
  if (alive(p.pid)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * Stops everything ha:up started, in order: the app instances (they finish their requests),
 * HAProxy, the Patroni nodes (each stops its PostgreSQL cleanly), etcd. `wipe` removes the data.
 */
export async function haDown(options: { wipe?: boolean; say?: (line: string) => void } = {}) {
  const say = options.say ?? ((line: string) => print(line));
  const base = baseDir();
  const state = readState(base);
  const byName = (prefix: string) => state.processes.filter((p) => p.name.startsWith(prefix));
  for (const [group, timeout] of [
    ['app', 15_000],
    ['haproxy', 5_000],
    ['node', 60_000],
    ['etcd', 10_000],
  ] as const) {
    const procs = byName(group).filter((p) => alive(p.pid));
    if (procs.length) say(`stopping ${procs.map((p) => p.name).join(', ')}…`);
    await Promise.all(procs.map((p) => stopProcess(p, 'SIGTERM', timeout)));
  }
  // A postmaster left behind by a Patroni killed with -9 (the failover test does that).
  for (const node of NODES) {
    const pid = postmasterPid(node, base);
    if (pid) await stopProcess({ name: node.name, pid }, 'SIGTERM', 30_000);
  }
  if (existsSync(path.join(base, 'state.json'))) writeState(base, { processes: [] });
  if (options.wipe) {
    rmSync(base, { recursive: true, force: true });
    say(`removed ${base}`);
  }
}
