// How the cost grows with the data: the same seven endpoints (a year's report of every clinic
// among them, issue 45's target at 10M) at 20 clients on PostgreSQL seeded with
// 100k, 1M and (with --scale-sizes) 10M appointments. History deepens from 100k to 1M (ten clinics
// of five providers, about 70 days of past bookings at 100k, four and a half years at 1M); beyond
// that the network grows instead (a clinic per 100k appointments), as it would in practice.
import { seedPostgres } from '../lib/databases';
import type { SeedPlan } from '../seed/bulk-seed';
import { benchApi, type EndpointResult } from './api';
import { startApiTarget } from './api-target';
import { collectPlans, type Plan } from './explain';

export const SCALE_ENDPOINTS = ['list', 'counts', 'one', 'search', 'slots', 'reports', 'create'];

export interface ScaleResult {
  appointments: number;
  plan: SeedPlan;
  seedMs: number | null;
  results: EndpointResult[];
  /** The main statements' plans at this size, what the notes on growth are read from. */
  plans: Plan[];
}

export function scalePlan(appointments: number): SeedPlan {
  return {
    clinics: Math.max(10, Math.round(appointments / 100_000)),
    agentsPerClinic: 5,
    patients: Math.round(appointments / 5),
    appointments,
    futureDays: 120,
  };
}

export async function benchScale(
  sizes: number[],
  options: { runs: number; seconds: number; reuse: boolean },
  log: (s: string) => void,
): Promise<ScaleResult[]> {
  const out: ScaleResult[] = [];
  for (const appointments of sizes) {
    const plan = scalePlan(appointments);
    log(`scale: seeding ${appointments.toLocaleString('en-US')} appointments`);
    // --reuse-db keeps a database seeded for this very plan (the mark names it), so the 10M
    // figure can be measured again without its quarter-hour of seeding; default seeds anew.
    const db = await seedPostgres(plan, options.reuse);
    try {
      const target = await startApiTarget(`PostgreSQL ${appointments}`, db);
      try {
        const { results, captured } = await benchApi(
          target,
          {
            concurrencies: [20],
            endpoints: SCALE_ENDPOINTS,
            runs: options.runs,
            seconds: options.seconds,
          },
          log,
        );
        const plans = await collectPlans(target, captured);
        out.push({ appointments, plan, seedMs: db.seedMs, results, plans });
      } finally {
        await target.close();
      }
    } finally {
      await db.handle.close();
    }
  }
  return out;
}
