import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import * as t from '../../db/schema';
import { recordAudit } from '../audit';
import { isFhirResourceType, type FhirResourceType } from './fhir-resources';
import { scopesPermit } from './fhir-auth';
import { FhirError } from './outcome';

// FHIR Bulk Data Access 2.0 $export (ADR 060): the kick-off records a job, the export worker (bulk-export-worker.ts)
// pages through the same searches the API answers (keyset cursors, PAGE at a time) and writes
// NDJSON files of up to FILE_RESOURCES resources into the database, so a million appointments
// are never in memory at once and any instance can serve the files.

export type ExportLevel = 'system' | 'group' | 'patient';
export type ExportRow = typeof t.bulkExports.$inferSelect;

/** Resources per NDJSON file. */
export const FILE_RESOURCES = 10_000;
/** What an export covers when `_type` is not given (Slot, computed over the horizon, is asked for). */
const DEFAULT_TYPES: FhirResourceType[] = [
  'Organization',
  'Location',
  'Device',
  'HealthcareService',
  'Practitioner',
  'PractitionerRole',
  'Schedule',
  'Patient',
  'Appointment',
];
/** The patient compartment's types this server has: what Patient/$export takes. */
const PATIENT_TYPES: FhirResourceType[] = ['Patient', 'Appointment'];
const OUTPUT_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];
const KNOWN_PARAMETERS = new Set(['_type', '_since', '_outputFormat']);
/** How long a finished export's files are kept for the client to download. */
export const EXPORT_RETENTION_MS = 24 * 60 * 60_000;

const invalid = (text: string) => new FhirError(400, 'invalid', text);
const exportNotFound = (id: string) =>
  new FhirError(404, 'not-found', `There is no export ${id} of this client (or it was deleted).`);

/** The SMART client behind the request: only they export (their scopes decide what). */
function clientOf(ctx: RequestContext): { id: string } {
  if (!ctx.apiToken?.smart) {
    throw new FhirError(
      403,
      'forbidden',
      'Bulk Data export is for systems connected with SMART Backend Services; an admin registers them on the Integrations page.',
    );
  }
  return { id: ctx.apiToken.id };
}

const one = (query: Record<string, unknown>, name: string): string | undefined => {
  const value = query[name];
  if (Array.isArray(value)) {
    if (value.length > 1) throw invalid(`${name} may be given once.`);
    return value[0] === undefined ? undefined : String(value[0]);
  }
  return typeof value === 'string' ? value : undefined;
};

/**
 * The kick-off: checks what is asked (Prefer: respond-async, `_type` within the client's read
 * scopes, `_since` an instant, NDJSON), records the job for the worker and audits it.
 */
export async function kickOff(
  deps: AppDeps,
  ctx: RequestContext,
  ask: {
    level: ExportLevel;
    groupId?: string;
    query: Record<string, unknown>;
    prefer: string | undefined;
    url: string;
  },
): Promise<string> {
  const client = clientOf(ctx);
  if (!/(^|[,;\s])respond-async($|[,;\s])/.test(ask.prefer ?? '')) {
    throw invalid('A Bulk Data export is asynchronous: send Prefer: respond-async.');
  }
  for (const name of Object.keys(ask.query)) {
    if (!KNOWN_PARAMETERS.has(name)) {
      throw invalid(`${name} is not supported by $export here; use _type, _since, _outputFormat.`);
    }
  }
  const format = one(ask.query, '_outputFormat');
  if (format !== undefined && !OUTPUT_FORMATS.includes(format)) {
    throw invalid(`_outputFormat ${format} is not supported: files are application/fhir+ndjson.`);
  }
  const offered = ask.level === 'patient' ? PATIENT_TYPES : DEFAULT_TYPES;
  const typeParam = one(ask.query, '_type');
  let types: string[];
  if (typeParam !== undefined) {
    types = [...new Set(typeParam.split(',').map((s) => s.trim()))].filter(Boolean);
    for (const type of types) {
      const allowed =
        ask.level === 'patient'
          ? PATIENT_TYPES.includes(type as FhirResourceType)
          : isFhirResourceType(type);
      if (!allowed) {
        throw invalid(
          ask.level === 'patient'
            ? `${type} is not in a patient's compartment here: Patient/$export takes ${PATIENT_TYPES.join(', ')}.`
            : `This server has no ${type} resources; /metadata lists those it has.`,
        );
      }
      if (!scopesPermit(ctx, type, 'r')) {
        throw new FhirError(
          403,
          'forbidden',
          `This access token's scopes do not allow reading ${type} resources, so it cannot export them.`,
        );
      }
    }
  } else {
    types = offered.filter((type) => scopesPermit(ctx, type, 'r'));
    if (types.length === 0) {
      throw new FhirError(
        403,
        'forbidden',
        'This access token’s scopes allow reading none of the resources an export holds.',
      );
    }
  }
  if (types.length === 0) throw invalid('_type names no resource type.');
  const sinceParam = one(ask.query, '_since');
  let since: Date | null = null;
  if (sinceParam !== undefined) {
    since = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(sinceParam)
      ? new Date(sinceParam)
      : null;
    if (!since || Number.isNaN(since.getTime())) {
      throw invalid('_since must be an instant with its time zone, such as 2026-11-01T00:00:00Z.');
    }
  }
  let clinicIds = [...ctx.user.clinicIds];
  if (ask.level === 'group') {
    if (!ask.groupId || !ctx.user.clinicIds.has(ask.groupId)) {
      throw new FhirError(
        404,
        'not-found',
        `Group/${ask.groupId} is not known; each clinic is a Group, by its id.`,
      );
    }
    clinicIds = [ask.groupId];
  }
  const now = deps.now();
  return deps.db.db.transaction(async (tx) => {
    const [job] = await tx
      .insert(t.bulkExports)
      .values({
        clientId: client.id,
        clinicIds,
        level: ask.level,
        types,
        since,
        requestUrl: ask.url,
        transactionTime: now,
      })
      .returning({ id: t.bulkExports.id });
    await recordAudit(
      tx,
      { userId: client.id, ip: ctx.ip },
      [
        {
          action: 'export',
          entityType: 'smart_client',
          entityId: client.id,
          patientId: null,
          details: {
            exportId: job!.id,
            level: ask.level,
            types: types.join(','),
            ...(since ? { since: since.toISOString() } : {}),
          },
        },
      ],
      now,
    );
    return job!.id;
  });
}

async function ownJob(deps: AppDeps, ctx: RequestContext, id: string): Promise<ExportRow> {
  const client = clientOf(ctx);
  const [job] = /^[0-9a-f-]{36}$/i.test(id)
    ? await deps.db.db
        .select()
        .from(t.bulkExports)
        .where(and(eq(t.bulkExports.id, id), eq(t.bulkExports.clientId, client.id)))
    : [];
  if (!job) throw exportNotFound(id);
  return job;
}

export type ExportStatus =
  { state: 'running'; progress: string } | { state: 'done'; manifest: Record<string, unknown> };

/** Where an export is: running (with its progress), or done with its manifest. */
export async function exportStatus(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  base: string,
): Promise<ExportStatus> {
  const job = await ownJob(deps, ctx, id);
  if (job.status === 'queued' || job.status === 'running') {
    return { state: 'running', progress: job.progress ?? 'Waiting to start' };
  }
  if (job.status === 'failed') {
    throw new FhirError(422, 'exception', job.error ?? 'The export could not be completed.');
  }
  const files = await deps.db.db
    .select({
      seq: t.bulkExportFiles.seq,
      type: t.bulkExportFiles.type,
      count: t.bulkExportFiles.count,
    })
    .from(t.bulkExportFiles)
    .where(eq(t.bulkExportFiles.exportId, id))
    .orderBy(asc(t.bulkExportFiles.seq));
  return {
    state: 'done',
    manifest: {
      transactionTime: job.transactionTime.toISOString(),
      request: job.requestUrl,
      requiresAccessToken: true,
      output: files.map((f) => ({
        type: f.type,
        url: `${base}/$export-file/${id}/${f.seq}`,
        count: f.count,
      })),
      error: [],
    },
  };
}

/** Cancels a running export or deletes a finished one's files (DELETE on its status URL). */
export async function deleteExport(deps: AppDeps, ctx: RequestContext, id: string) {
  const job = await ownJob(deps, ctx, id);
  await deps.db.db.delete(t.bulkExports).where(eq(t.bulkExports.id, job.id));
}

/** One NDJSON file of a finished export of this client. */
export async function exportFile(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  seq: string,
): Promise<string> {
  const job = await ownJob(deps, ctx, id);
  const [file] =
    job.status === 'done' && /^\d{1,6}$/.test(seq)
      ? await deps.db.db
          .select({ body: t.bulkExportFiles.body })
          .from(t.bulkExportFiles)
          .where(and(eq(t.bulkExportFiles.exportId, id), eq(t.bulkExportFiles.seq, Number(seq))))
      : [];
  if (!file) throw new FhirError(404, 'not-found', `Export ${id} has no file ${seq}.`);
  return file.body;
}
