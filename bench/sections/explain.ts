// Query plans of the endpoints' main statements on the big database, exactly as the app sent
// them (text and parameters from the capture), and the proposed fixes tried out on the bench
// database only: applied, re-planned and re-measured, then rolled back.
import type { Statement } from '../lib/capture';
import { cannon } from '../lib/load';
import { PROPOSALS } from '../proposals';
import type { ApiOptions } from './api';
import { readMixes, type ApiTarget, type Variant } from './api-target';

/** `variant`: which of the endpoint's requests (api-target's mixes), the first unless given. */
const MAIN_STATEMENTS: Array<{
  endpoint: string;
  name: string;
  variant?: number;
  match: (text: string) => boolean;
}> = [
  {
    endpoint: 'list',
    name: 'paginated list: page query',
    match: (t) => /from "appointments" inner join/.test(t) && /limit/.test(t),
  },
  {
    endpoint: 'counts',
    name: 'counts (current month from appointments, the rest from the monthly rollup)',
    match: (t) => t.includes('appointment_month_counts'),
  },
  {
    endpoint: 'search',
    name: 'patient search: a whole word ("smith", whole words fill the page)',
    variant: 0,
    match: (t) => t.includes('"patient_search_words"'),
  },
  {
    endpoint: 'search',
    name: 'patient search: the start of a word ("gar", no whole word)',
    variant: 1,
    match: (t) => t.includes('"patient_search_words"'),
  },
  {
    endpoint: 'slots',
    name: 'slots: bookable agents with their week and their bookings around the day',
    match: (t) => /from "clinic_members"/.test(t) && t.includes('"appointments" b'),
  },
];

export interface Plan {
  name: string;
  sql: string;
  params: unknown[];
  plan: string;
  executionMs: number | null;
}

const statementsOf = (v: Variant): Statement[] =>
  v.capture.flat().flatMap((step) => (step.kind === 'query' ? [step.statement] : step.statements));

const executionMs = (plan: string) => {
  const m = /Execution Time: ([\d.]+) ms/.exec(plan);
  return m ? Number(m[1]) : null;
};

export async function explainStatement(
  target: ApiTarget,
  name: string,
  s: Statement,
): Promise<Plan> {
  await target.explain(s.text, s.values); // once to warm the cache, as steady traffic would
  const plan = await target.explain(s.text, s.values);
  return { name, sql: s.text, params: s.values, plan, executionMs: executionMs(plan) };
}

export async function collectPlans(
  target: ApiTarget,
  captured: Record<string, Variant[]>,
): Promise<Plan[]> {
  const plans: Plan[] = [];
  for (const { endpoint, name, variant: index = 0, match } of MAIN_STATEMENTS) {
    const variant = captured[endpoint]?.[index];
    const statement = variant && statementsOf(variant).find((s) => match(s.text));
    if (statement) plans.push(await explainStatement(target, name, statement));
  }
  return plans;
}

export interface FixTrial {
  id: string;
  title: string;
  sql: string[];
  before: Plan | null;
  after: Plan | null;
  endpoint: string;
  p95BeforeMs: number | null;
  p95AfterMs: number | null;
  rpsBefore: number | null;
  rpsAfter: number | null;
}

/**
 * Each proposal on the bench database: the statement's plan before, the change (an index, or the
 * rewritten statement with the same parameters), the plan after, and for schema-only changes the
 * endpoint re-measured at 20 clients. Everything applied is dropped again afterwards.
 */
export async function tryFixes(
  target: ApiTarget,
  options: ApiOptions,
  log: (s: string) => void,
): Promise<FixTrial[]> {
  const trials: FixTrial[] = [];
  const db = target.seeded.handle;
  const exec = (sql: string) =>
    db.pool ? db.pool.query(sql).then(() => undefined) : db.pglite!.exec(sql).then(() => undefined);
  const mixes = await readMixes(target);
  for (const p of PROPOSALS) {
    const request = mixes[p.endpoint]![0]!;
    const cookie = p.as === 'admin' ? target.adminCookie : target.staffCookie;
    const [variant] = await target.variants([request], { cookie });
    const statement = statementsOf(variant!).find((s) => p.match(s.text));
    const load = async () =>
      cannon({
        url: target.url,
        headers: { cookie },
        connections: 20,
        durationSeconds: options.seconds * 2,
        requests: [request],
      });
    log(`fix ${p.id}`);
    const before = statement ? await explainStatement(target, `${p.id} before`, statement) : null;
    const loadBefore = p.remeasure ? await load() : null;
    for (const sql of p.apply) await exec(sql);
    try {
      const afterStatement =
        statement && p.rewrite ? { ...statement, text: p.rewrite(statement.text) } : statement;
      const after = afterStatement
        ? await explainStatement(target, `${p.id} after`, afterStatement)
        : null;
      const loadAfter = p.remeasure ? await load() : null;
      trials.push({
        id: p.id,
        title: p.title,
        sql: p.rewrite && afterStatement ? [...p.apply, afterStatement.text] : p.apply,
        before,
        after,
        endpoint: `${request.method} ${request.path}${p.as === 'admin' ? ' (admin of every clinic)' : ''}`,
        p95BeforeMs: loadBefore?.latency.p95 ?? null,
        p95AfterMs: loadAfter?.latency.p95 ?? null,
        rpsBefore: loadBefore?.rps ?? null,
        rpsAfter: loadAfter?.rps ?? null,
      });
    } finally {
      for (const sql of p.revert) await exec(sql);
    }
  }
  return trials;
}
