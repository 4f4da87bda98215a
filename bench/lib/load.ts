// Parent side of the load generator: one long-lived child process, one job at a time.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CannonResult, LoadJob, RaceRound } from './load-child';

let child: ChildProcess | null = null;

function ensureChild(): ChildProcess {
  if (child) return child;
  child = fork(fileURLToPath(new URL('./load-child.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return child;
}

function runJob<T>(job: LoadJob): Promise<T> {
  const c = ensureChild();
  return new Promise<T>((resolve, reject) => {
    c.once('message', (msg: { ok: boolean; result?: T; error?: string }) =>
      msg.ok ? resolve(msg.result!) : reject(new Error(msg.error)),
    );
    c.send(job);
  });
}

export const cannon = (job: Omit<Extract<LoadJob, { type: 'cannon' }>, 'type'>) =>
  runJob<CannonResult>({ type: 'cannon', ...job });

export const race = (job: Omit<Extract<LoadJob, { type: 'race' }>, 'type'>) =>
  runJob<RaceRound[]>({ type: 'race', ...job });

export function stopLoadChild(): void {
  child?.kill();
  child = null;
}
