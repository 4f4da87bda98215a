import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './spawn-server';

/**
 * The PostgreSQL server binaries: `pg_config --bindir`, else the newest under
 * /usr/lib/postgresql/<version>/bin. A machine without them fails the test that needs them,
 * loudly: a fault test that skips itself proves nothing.
 */
export function postgresBinDir(): string {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // pg_config comes with the client package, which may be absent; look where Debian puts them
  }
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(root, v, 'bin')));
  }
  const found = candidates.find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!found) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) were not found: install the postgresql package ' +
        `(looked in ${candidates.join(', ') || 'pg_config --bindir and /usr/lib/postgresql/*/bin'})`,
    );
  }
  return found;
}

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Starts the server again after stop(), on the same port and data. */
  start(): void;
  /** Stops the server as an operator would (`fast`: disconnects everyone at once). */
  stop(mode?: 'fast' | 'immediate' | 'smart'): void;
  /** Stops the server if it runs and removes its data. */
  destroy(): void;
}

/**
 * A PostgreSQL server of the test's own, on a free port and a throw-away data directory, for
 * tests that stop and start the database: the shared server at 5432 serves everyone else's
 * tests and must never go down. PostgreSQL refuses to run as root, so as root the server runs as
 * the `postgres` user.
 */
export async function startOwnPostgres(
  options: {
    maxConnections?: number;
    /** A port of the caller's own range; a free one otherwise. */
    port?: number;
    /**
     * Make it a streaming replica of this server (pg_basebackup -R) instead of a new cluster:
     * a hot standby that replays the primary's WAL and answers reads.
     */
    replicaOf?: OwnPostgres;
  } = {},
): Promise<OwnPostgres> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'carebook-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = asRoot
      ? ['runuser', '-u', 'postgres', '--', path.join(bin, tool), ...args]
      : [path.join(bin, tool), ...args];
    try {
      execFileSync(command!, rest, { stdio: 'pipe', timeout: 60_000 });
    } catch (err) {
      const e = err as { stderr?: Buffer; stdout?: Buffer; message: string };
      throw new Error(
        `${tool} ${args.join(' ')} failed: ${e.stderr?.toString() || e.stdout?.toString() || e.message}`,
        { cause: err },
      );
    }
  };
  const port = options.port ?? (await freePort());
  if (options.replicaOf) {
    run('pg_basebackup', [
      '-D',
      data,
      '-h',
      '127.0.0.1',
      '-p',
      String(options.replicaOf.port),
      '-U',
      'postgres',
      '-R',
      '-X',
      'stream',
      '--no-sync',
    ]);
  } else {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  }
  // The socket lives in the data's own folder: the system's may not be writable, and ours must
  // not collide with the shared server's.
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses='127.0.0.1'",
    `-c unix_socket_directories='${dir}'`,
    `-c max_connections=${options.maxConnections ?? 20}`,
    '-c fsync=off',
  ].join(' ');
  let running = false;
  const server: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run('pg_ctl', ['-D', data, '-o', serverOptions, '-l', path.join(dir, 'log'), '-w', 'start']);
      running = true;
    },
    stop(mode = 'fast') {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) server.stop('immediate');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  try {
    server.start();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return server;
}
