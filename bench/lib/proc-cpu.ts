// Where the machine's CPU went while a load ran: per process name from /proc/<pid>/stat, and the
// machine's idle share from /proc/stat. Linux only; elsewhere it reports nothing.
import { readFileSync, readdirSync } from 'node:fs';

export interface CpuSnapshot {
  byPid: Map<string, { name: string; ticks: number }>;
  machine: number[];
}

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux this runs on

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null; // the process ended, or this is not Linux
  }
}

export function cpuSnapshot(): CpuSnapshot {
  const byPid = new Map<string, { name: string; ticks: number }>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    // not Linux
  }
  for (const pid of pids) {
    const stat = readOrNull(`/proc/${pid}/stat`);
    if (!stat) continue;
    // The name is in parentheses and may hold spaces; utime and stime are fields 14 and 15.
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    byPid.set(pid, { name, ticks: Number(rest[11]) + Number(rest[12]) });
  }
  const line = readOrNull('/proc/stat')?.split('\n')[0] ?? '';
  return { byPid, machine: line.split(/\s+/).slice(1, 9).map(Number) };
}

/** "postgres 83 %, node 72 % of a core; machine idle 15 %" between two snapshots. */
export function describeCpu(before: CpuSnapshot, after: CpuSnapshot, seconds: number): string {
  const byName = new Map<string, number>();
  for (const [pid, { name, ticks }] of after.byPid) {
    const spent = ticks - (before.byPid.get(pid)?.ticks ?? 0);
    if (spent > 0) byName.set(name, (byName.get(name) ?? 0) + spent);
  }
  const shares = [...byName.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([name, ticks]) => `${name} ${Math.round((100 * ticks) / TICKS_PER_SECOND / seconds)} %`);
  const delta = after.machine.map((v, i) => v - (before.machine[i] ?? 0));
  const all = delta.reduce((s, v) => s + v, 0);
  const idle = all > 0 ? Math.round((100 * (delta[3] ?? 0)) / all) : null;
  return `${shares.join(', ')} of a core${idle === null ? '' : `; machine idle ${idle} %`}`;
}

/** CPU milliseconds the processes of one name spent between two snapshots. */
export function cpuMsOf(name: string, before: CpuSnapshot, after: CpuSnapshot): number {
  let ticks = 0;
  for (const [pid, now] of after.byPid) {
    if (now.name !== name) continue;
    ticks += now.ticks - (before.byPid.get(pid)?.ticks ?? 0);
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
