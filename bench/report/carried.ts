// Figures the full run does not measure itself but reports among its targets, read from the
// files their own commands write: failover (`npm run test:ha`, bench/results/ha-failover.json)
// and the growth run's reports at 10M (`npm run bench -- --scale …`, bench/results/scale.json or
// scale-10m.json).
// Each keeps the date and commit it was measured at; a missing file is "not measured".
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../lib/spawn';

/* eslint-disable @typescript-eslint/no-explicit-any -- other commands' JSON, read loosely */
type R = Record<string, any>;

export interface CarriedFigures {
  haFailover?: {
    file: string;
    startedAt: string | null;
    commit: string | null;
    rounds: Array<{ fault: string; writesResumedSeconds: number; checksPassed: boolean }>;
  };
  scaleReports?: {
    file: string;
    startedAt: string | null;
    commit: string | null;
    sizes: Array<{
      appointments: number;
      clinics: number;
      p50: number;
      p95: number;
      rawP95: number | null;
    }>;
  };
}

function readJson(file: string): R | null {
  const full = path.join(ROOT, 'bench/results', file);
  if (!existsSync(full)) return null;
  try {
    return JSON.parse(readFileSync(full, 'utf8')) as R;
  } catch {
    return null;
  }
}

export function readCarriedFigures(): CarriedFigures {
  const out: CarriedFigures = {};
  const ha = readJson('ha-failover.json');
  if (ha && Array.isArray(ha.rounds)) {
    out.haFailover = {
      file: 'bench/results/ha-failover.json',
      startedAt: ha.meta?.startedAt ?? null,
      commit: ha.meta?.commit ?? null,
      rounds: (ha.rounds as R[]).map((r) => ({
        fault: String(r.fault ?? `round ${r.round}`),
        writesResumedSeconds: Number(
          r.firstAcknowledgedWriteAfterKillSeconds ?? r.writesStoppedSeconds ?? NaN,
        ),
        checksPassed: Object.values((r.checks ?? {}) as Record<string, boolean>).every(Boolean),
      })),
    };
  }
  // The growth run's own file, or the 10M run's beside it (--scale-sizes 10000000 against its
  // own database, kept as scale-10m.json): the newest that measured the largest size.
  const runs = ['scale-10m.json', 'scale.json'].flatMap((file) => {
    const scale = readJson(file);
    const sizes = ((scale?.scale ?? []) as R[]).flatMap((x) => {
      const row = (x.results as R[] | undefined)?.find(
        (e) => e.endpoint === 'reports' && e.connections === 20,
      );
      return row
        ? [
            {
              appointments: Number(x.appointments),
              clinics: Number(x.plan?.clinics),
              p50: Number(row.app.p50),
              p95: Number(row.app.p95),
              rawP95: row.raw ? Number(row.raw.p95) : null,
            },
          ]
        : [];
    });
    return sizes.length
      ? [
          {
            file: `bench/results/${file}`,
            startedAt: (scale?.meta?.startedAt ?? null) as string | null,
            commit: (scale?.meta?.commit ?? null) as string | null,
            sizes,
          },
        ]
      : [];
  });
  const largest = (run: (typeof runs)[number]) => Math.max(...run.sizes.map((x) => x.appointments));
  const best = runs.sort(
    (a, b) => largest(b) - largest(a) || String(b.startedAt).localeCompare(String(a.startedAt)),
  )[0];
  if (best) out.scaleReports = best;
  return out;
}
