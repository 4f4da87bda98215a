// Percentiles by nearest rank on the raw samples (autocannon's own histogram has no p95), and the
// median-of-runs helpers every section reports with.

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarize(samples: ArrayLike<number>): LatencySummary {
  const sorted = Float64Array.from(samples).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
  };
}

/** What a closed-loop run reports: its latencies summarised, how many answered, and how fast. */
export interface Throughput {
  latency: LatencySummary;
  requests: number;
  rps: number;
}

export function throughput(latencies: ArrayLike<number>, elapsedMs: number): Throughput {
  return {
    latency: summarize(latencies),
    requests: latencies.length,
    rps: latencies.length / (elapsedMs / 1000),
  };
}

export function median(values: readonly number[]): number {
  const finite = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (finite.length === 0) return NaN;
  const mid = Math.floor(finite.length / 2);
  return finite.length % 2 ? finite[mid]! : (finite[mid - 1]! + finite[mid]!) / 2;
}

/** Field-wise medians of several runs' summaries. */
export function medianOf<T extends Record<string, number>>(runs: readonly T[]): T {
  const keys = Object.keys(runs[0] ?? {}) as Array<keyof T>;
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k] as number))])) as T;
}

export const round = (value: number, digits = 2) =>
  Number.isFinite(value) ? Number(value.toFixed(digits)) : null;

export const ms = (value: number | null | undefined, digits = 1) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '–'
    : `${value.toFixed(digits)} ms`;

export const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? a / b : NaN);

export const fmtRatio = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? '–' : `${value.toFixed(2)}×`;

export const int = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value)
    ? '–'
    : Math.round(value).toLocaleString('en-US');
