// Starts the real server entry in its own process, the way production does, and times it to
// the first 200 from /api/health.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');

// BENCH_BUILD_ROOT: a folder of one's own where several people run the bench on one machine.
const BUILD_ROOT = process.env.BENCH_BUILD_ROOT ?? '/tmp/carebook-bench-build';
const BUILD_DIR = path.join(BUILD_ROOT, 'server');

/**
 * The server bundled exactly as scripts/build-server.mjs does, but outside the work tree: dist/
 * belongs to the other engineers' builds and may be stale or half-written while we measure. A
 * node_modules link and a package.json copy beside it resolve dependencies and the version.
 */
export async function serverCommand(): Promise<{ args: string[]; label: string }> {
  rmSync(BUILD_ROOT, { recursive: true, force: true });
  mkdirSync(BUILD_ROOT, { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(BUILD_ROOT, 'node_modules'));
  cpSync(path.join(ROOT, 'package.json'), path.join(BUILD_ROOT, 'package.json'));
  // The server build itself (bundle, migrations, embedded template), into a folder of the bench's.
  execFileSync(process.execPath, ['scripts/build-server.mjs', BUILD_DIR], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  return {
    args: [path.join(BUILD_DIR, 'main.js')],
    label: `node ${BUILD_DIR}/main.js (built by scripts/build-server.mjs from the current src)`,
  };
}

let nextBenchPort = Number(process.env.BENCH_PORT_BASE ?? 0);
/**
 * The port for a server the bench starts in its own process: the next of BENCH_PORT_BASE and up
 * when set (an engineer's own range on a shared machine), else 0 (any free one).
 */
export const benchPort = (): number => (nextBenchPort ? nextBenchPort++ : 0);

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Started {
  child: ChildProcess;
  url: string;
  readyMs: number;
  stop(): Promise<void>;
}

export async function startAndWait(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
  /** A port of the caller's choosing (a range set aside for it); any free one otherwise. */
  port?: number,
): Promise<Started> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr.slice(-2000)}`);
    if (performance.now() - t0 > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy after ${timeoutMs} ms: ${stderr.slice(-2000)}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - t0;
  return {
    child,
    url,
    readyMs,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Resident memory now and at its peak, in MB, from /proc (Linux). */
export function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakRssMb: kb('VmHWM') / 1024 };
}
