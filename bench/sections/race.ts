// The booking race: `size` simultaneous creates of one free slot, round after round. Exactly one
// must win (201), the rest must be told the time is taken (409), and nothing may be a 5xx.
import { race } from '../lib/load';
import { summarize } from '../lib/stats';
import type { ApiTarget } from './api-target';

export interface RaceResult {
  size: number;
  rounds: number;
  roundsWithOneWinner: number;
  winners: number;
  conflicts: number;
  serverErrors: number;
  other: Record<string, number>;
  rowsPerSlot: { min: number; max: number };
  latency: ReturnType<typeof summarize>;
  /** Distinct bodies of 5xx answers (and connection errors), a few of them. */
  errorSamples: string[];
  /** Rounds whose slot got a row although no request was answered 201. */
  bookedWithoutWinner: number;
  /** Median time between the first and the last request of a round leaving the client. */
  spreadMs: number;
}

export async function benchRace(
  target: ApiTarget,
  plan: Array<[size: number, rounds: number]>,
  log: (s: string) => void,
) {
  const results: RaceResult[] = [];
  for (const [size, rounds] of plan) {
    log(`race size=${size} × ${rounds}`);
    const slots = target.freeSlots.splice(0, rounds);
    const out = await race({
      url: target.url,
      headers: { cookie: target.adminCookie },
      rounds: slots,
      size,
    });
    const latencies = out.flatMap((r) => r.latencies);
    const sum = (code: string) => out.reduce((n, r) => n + (r.statuses[code] ?? 0), 0);
    const other: Record<string, number> = {};
    for (const r of out) {
      for (const [code, n] of Object.entries(r.statuses)) {
        if (code !== '201' && code !== '409' && !code.startsWith('5'))
          other[code] = (other[code] ?? 0) + n;
      }
    }
    const serverErrors = out.reduce(
      (n, r) =>
        n +
        Object.entries(r.statuses)
          .filter(([c]) => c.startsWith('5'))
          .reduce((m, [, v]) => m + v, 0),
      0,
    );
    // The database's own word: how many active rows each raced slot ended up with.
    const counts: number[] = [];
    for (const slot of slots) {
      const body = JSON.parse(slot.body!) as { staff: { id: string }; date: string };
      const sql = `select count(*)::int as n from appointments where staff_id = $1 and start_at = $2 and status <> 'CANCELLED'`;
      const rows = target.seeded.handle.pool
        ? (await target.seeded.handle.pool.query(sql, [body.staff.id, body.date])).rows
        : (await target.seeded.handle.pglite!.query<{ n: number }>(sql, [body.staff.id, body.date]))
            .rows;
      counts.push(Number((rows[0] as { n: number }).n));
    }
    const spreads = out.map((r) => r.spreadMs).sort((a, b) => a - b);
    results.push({
      size,
      rounds: out.length,
      roundsWithOneWinner: out.filter((r) => r.statuses['201'] === 1).length,
      winners: sum('201'),
      conflicts: sum('409'),
      serverErrors,
      other,
      rowsPerSlot: { min: Math.min(...counts), max: Math.max(...counts) },
      latency: summarize(latencies),
      spreadMs: spreads[Math.floor(spreads.length / 2)] ?? NaN,
      errorSamples: [...new Set(out.flatMap((r) => r.errorBodies))].slice(0, 5),
      bookedWithoutWinner: out.filter((r, i) => (r.statuses['201'] ?? 0) === 0 && counts[i] === 1)
        .length,
    });
  }
  return results;
}
