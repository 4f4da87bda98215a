import { and, asc, eq, lt, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { repeatEvery } from '../../core/repeating-task';
import type { RequestContext } from '../../core/request-context';
import * as t from '../../db/schema';
import { smartClientContext } from '../smart';
import { EXPORT_RETENTION_MS, FILE_RESOURCES, type ExportRow } from './bulk-export';
import { searchParamNames, type FhirResourceType } from './fhir-resources';
import { SEARCH } from './fhir-handlers';
import { SearchRequest } from './search-request';

// The Bulk Data export worker (ADR 060): claims a queued export (or one whose instance went
// quiet), pages through the API's own searches PAGE at a time, and writes the NDJSON files.

/** Resources read per search: one query and its mapping per batch, never the whole table. */
const PAGE = 1_000;
/** Types that know when they last changed: `_since` filters them; the others come whole. */
const SINCE_TYPES = new Set<string>(['Patient', 'Appointment']);
/** How long a running export's claim lasts without news; another instance then takes it over. */
const LEASE_MS = 5 * 60_000;

/** The next export to run, claimed: a queued one, or a running one whose instance went quiet. */
async function claim(deps: Pick<AppDeps, 'db' | 'now'>): Promise<ExportRow | undefined> {
  const now = deps.now();
  const [candidate] = await deps.db.db
    .select({ id: t.bulkExports.id })
    .from(t.bulkExports)
    .where(
      or(
        eq(t.bulkExports.status, 'queued'),
        and(eq(t.bulkExports.status, 'running'), lt(t.bulkExports.leaseUntil, now)),
      ),
    )
    .orderBy(asc(t.bulkExports.transactionTime))
    .limit(1);
  if (!candidate) return undefined;
  const [job] = await deps.db.db
    .update(t.bulkExports)
    .set({
      status: 'running',
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      progress: 'Starting',
    })
    .where(
      and(
        eq(t.bulkExports.id, candidate.id),
        or(
          eq(t.bulkExports.status, 'queued'),
          and(eq(t.bulkExports.status, 'running'), lt(t.bulkExports.leaseUntil, now)),
        ),
      ),
    )
    .returning();
  return job;
}

/** The client's context narrowed to the export's clinics (a Group's one clinic). */
function narrowed(ctx: RequestContext, clinicIds: readonly string[]): RequestContext {
  const keep = new Set(clinicIds.filter((id) => ctx.user.clinicIds.has(id)));
  return {
    ...ctx,
    user: {
      ...ctx.user,
      clinics: ctx.user.clinics.filter((c) => keep.has(c.id)),
      clinicIds: keep,
    },
  };
}

/**
 * Runs one export: each type paged through its search (keyset cursor), written in files of
 * FILE_RESOURCES lines. Stops quietly when the export is deleted meanwhile (cancelled).
 */
export async function runExport(deps: AppDeps, job: ExportRow): Promise<void> {
  const client = await smartClientContext(deps, job.clientId, 'bulk-export');
  if (!client) {
    await deps.db.db
      .update(t.bulkExports)
      .set({
        status: 'failed',
        error: 'The client was revoked before its export ran.',
        finishedAt: deps.now(),
      })
      .where(eq(t.bulkExports.id, job.id));
    return;
  }
  const ctx = narrowed(client, job.clinicIds);
  let seq = 0;
  // A run taken over from a quiet instance starts again from the beginning.
  await deps.db.db.delete(t.bulkExportFiles).where(eq(t.bulkExportFiles.exportId, job.id));
  for (const type of job.types as FhirResourceType[]) {
    let lines: string[] = [];
    let written = 0;
    const flush = async () => {
      if (lines.length === 0) return true;
      const body = `${lines.join('\n')}\n`;
      const count = lines.length;
      lines = [];
      written += count;
      const [alive] = await deps.db.db
        .update(t.bulkExports)
        .set({
          progress: `${type}: ${written} resources written`,
          leaseUntil: new Date(deps.now().getTime() + LEASE_MS),
        })
        .where(eq(t.bulkExports.id, job.id))
        .returning({ id: t.bulkExports.id });
      if (!alive) return false;
      await deps.db.db
        .insert(t.bulkExportFiles)
        .values({ exportId: job.id, seq: ++seq, type, count, body });
      return true;
    };
    let cursor: unknown;
    do {
      const query: Record<string, string> = { _count: String(PAGE) };
      if (job.since && SINCE_TYPES.has(type)) query._lastUpdated = `gt${job.since.toISOString()}`;
      if (cursor !== undefined) {
        query._cursor = Buffer.from(JSON.stringify(cursor)).toString('base64url');
      }
      const request = new SearchRequest(query, searchParamNames(type), true, deps.now(), PAGE);
      const page = await SEARCH[type](deps, ctx, request);
      for (const resource of page.items) lines.push(JSON.stringify(resource));
      if (lines.length >= FILE_RESOURCES && !(await flush())) return;
      cursor = page.next;
    } while (cursor !== undefined);
    if (!(await flush())) return;
  }
  await deps.db.db
    .update(t.bulkExports)
    .set({ status: 'done', progress: null, finishedAt: deps.now(), leaseUntil: null })
    .where(eq(t.bulkExports.id, job.id));
}

export interface BulkExportWorker {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Runs queued exports one after another, and deletes those finished a day ago with their files. */
export function createBulkExportWorker(
  deps: AppDeps,
  options: { logger: { warn(obj: unknown, msg: string): void }; intervalMs?: number },
): BulkExportWorker {
  const runOnce = async () => {
    const expired = new Date(deps.now().getTime() - EXPORT_RETENTION_MS);
    await deps.db.db.delete(t.bulkExports).where(lt(t.bulkExports.finishedAt, expired));
    let ran = 0;
    for (let job = await claim(deps); job; job = await claim(deps)) {
      try {
        await runExport(deps, job);
      } catch (err) {
        options.logger.warn({ err, exportId: job.id }, 'a bulk export failed');
        await deps.db.db
          .update(t.bulkExports)
          .set({
            status: 'failed',
            error: 'The export could not be completed. Please start it again.',
            finishedAt: deps.now(),
          })
          .where(eq(t.bulkExports.id, job.id));
      }
      ran++;
      if (task.stopped) break;
    }
    return ran;
  };
  const task = repeatEvery(runOnce, {
    intervalMs: options.intervalMs ?? 2_000,
    onError: (err) => options.logger.warn({ err }, 'running bulk exports failed; will retry'),
  });
  return { runOnce, stop: () => task.stop() };
}
