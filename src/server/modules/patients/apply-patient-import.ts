import type { ImportCounts, ImportMappingBody, PatientImport } from '@contracts/patient-import';
import { normalizeSearchText } from '@domain/search-text';
import { personName } from '@domain/person-name';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { ConflictError, translateDbError } from '../../db/errors';
import { conflict } from '../../errors';
import { reportError } from '../../instrument';
import { recordAudit, recordAuditGroup } from '../audit';
import {
  ALREADY_APPLIED,
  BEING_APPLIED,
  IMPORT_BATCH_ROWS,
  rowsOfImport,
} from './check-patient-import';
import { forgetFile } from './patient-import-cache';
import { decideBatch, type Claims, type DecidedRow } from './patient-import-decide';
import { findOwnImport, getPatientImport, zeroCounts } from './patient-import-view';
import * as repo from './patient-import.repository';

/** An apply that has not moved for this long has stopped (its instance ended): it may go again. */
export const STALE_APPLY_MS = 60_000;

/** What runs an apply after the answer: the routes keep them, to let them end at shutdown. */
export interface ApplyRunner {
  run(work: () => Promise<void>): void;
  /** Asked at shutdown: an apply stops after its current batch. */
  readonly stopping: boolean;
}

/**
 * Takes a checked import for applying and answers at once (202); the rows are written in the
 * background, a batch per transaction, each batch's progress committed with it. Every row is
 * decided again against the records as they are when its batch runs, so a file applied twice
 * changes nothing the second time, and an apply that stopped goes on after its last batch.
 */
export async function applyPatientImport(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  runner: ApplyRunner,
): Promise<PatientImport> {
  const row = await findOwnImport(deps, ctx, id);
  if (row.status === 'applied') throw conflict(ALREADY_APPLIED);
  if (row.status === 'uploaded' || !row.mapping) {
    throw conflict('Check this file first: choose its columns and look at what each row will do.');
  }
  const now = deps.now();
  const claimed = await repo.claimApply(
    deps.db.db,
    id,
    now,
    new Date(now.getTime() - STALE_APPLY_MS),
  );
  if (!claimed) throw conflict(BEING_APPLIED);
  const mapping = row.mapping as ImportMappingBody;
  const resumeAt = claimed.processedRows;
  const counts =
    resumeAt > 0 && claimed.counts ? { ...zeroCounts(), ...claimed.counts } : zeroCounts();
  runner.run(() =>
    runApply(
      deps,
      ctx,
      { id, clinicId: row.clinicId, fileName: row.fileName, mapping, resumeAt, counts },
      runner,
    ),
  );
  return getPatientImport(deps, ctx, id);
}

interface ApplyJob {
  id: string;
  clinicId: string;
  fileName: string;
  mapping: ImportMappingBody;
  resumeAt: number;
  counts: ImportCounts;
}

async function runApply(deps: AppDeps, ctx: RequestContext, job: ApplyJob, runner: ApplyRunner) {
  try {
    const read = await rowsOfImport(deps, job.id, job.mapping);
    if (!read) throw new Error('The file of this import is no longer kept.');
    const claims: Claims = new Map();
    const { counts } = job;
    for (let start = job.resumeAt; start < read.rows.length; start += IMPORT_BATCH_ROWS) {
      if (runner.stopping) return; // the heartbeat stops; another instance may go on later
      const batch = read.rows.slice(start, start + IMPORT_BATCH_ROWS);
      await deps.db.db.transaction(async (tx) => {
        const now = deps.now();
        const decided = await decideBatch(tx, job.clinicId, batch, read.repeated, claims, true);
        await writeBatch(tx, ctx, job, decided, now);
        for (const d of decided) counts[d.outcome]++;
        await repo.recordProgress(tx, job.id, {
          processedRows: start + batch.length,
          counts,
          now,
        });
      });
    }
    const now = deps.now();
    await deps.db.db.transaction(async (tx) => {
      await recordAudit(
        tx,
        { userId: ctx.user.id, ip: ctx.ip },
        [
          {
            action: 'create',
            entityType: 'patient_import',
            entityId: job.id,
            patientId: null,
            details: { fileName: job.fileName, counts },
          },
        ],
        now,
      );
      await repo.finishApply(tx, job.id, { status: 'applied', now });
    });
    forgetFile(job.id);
  } catch (err) {
    const translated = translateDbError(err);
    const error =
      translated instanceof ConflictError
        ? 'A patient of this file was added or changed by someone else meanwhile. Apply the file again: what is done stays done.'
        : 'The import stopped on an error on our side. Apply the file again: what is done stays done.';
    if (!(translated instanceof ConflictError)) reportError(err);
    await repo
      .finishApply(deps.db.db, job.id, { status: 'failed', error, now: deps.now() })
      .catch(() => {});
  }
}

/** A batch's new and changed patients, their audit rows and the rows' outcomes, in one go. */
async function writeBatch(
  tx: Executor,
  ctx: RequestContext,
  job: ApplyJob,
  decided: DecidedRow[],
  now: Date,
) {
  const writeOf = (d: DecidedRow): repo.PatientWrite => {
    const next = { ...(d.existing ?? {}), ...d.fields } as Record<string, unknown>;
    const text = (k: string) =>
      next[k] === undefined || next[k] === null ? null : String(next[k]);
    return {
      firstName: String(next.firstName),
      lastName: String(next.lastName),
      email: String(next.email),
      dob: text('dob'),
      phone: text('phone'),
      preferredName: text('preferredName'),
      gender: text('gender'),
      addressLine: text('addressLine'),
      city: text('city'),
      region: text('region'),
      postalCode: text('postalCode'),
      country: text('country'),
      recordNumber: text('recordNumber'),
      preferredLanguage: text('preferredLanguage'),
      contactChannel: text('contactChannel') ?? 'email',
      remindersOptOut: next.remindersOptOut === true,
      searchText: normalizeSearchText(
        String(next.firstName),
        text('preferredName'),
        String(next.lastName),
        String(next.email),
      ),
    };
  };
  const created = decided.filter((d) => d.outcome === 'new');
  const updated = decided.filter((d) => d.outcome === 'updated');
  if (created.length + updated.length > 0) await repo.startBulkPatientWrites(tx);
  const ids = await repo.insertPatients(tx, job.clinicId, created.map(writeOf), now);
  for (const d of created) d.patientId = ids.get(d.fields!.email.toLowerCase()) ?? null;
  await repo.updatePatients(
    tx,
    updated.map((d) => ({ ...writeOf(d), id: d.patientId! })),
    now,
  );
  // The new patients of a batch share one audit row naming them all; each update has its own,
  // with its changes, which the patient's history reads (ADR 041).
  const source = { importId: job.id, fileName: job.fileName };
  const actor = { userId: ctx.user.id, ip: ctx.ip };
  await recordAuditGroup(
    tx,
    actor,
    created.map((d) => ({
      action: 'create',
      entityType: 'patient',
      entityId: d.patientId,
      patientId: d.patientId,
      details: source,
    })),
    now,
  );
  await recordAudit(
    tx,
    actor,
    updated.map((d) => ({
      action: 'update',
      entityType: 'patient',
      entityId: d.patientId,
      patientId: d.patientId,
      details: { ...source, changes: d.changes, name: personName(d.fields!) },
    })),
    now,
  );
  await repo.writeRowOutcomes(tx, job.id, decided);
  await repo.finishBulkPatientWrites(tx, job.clinicId, [
    ...created.flatMap((d) => (d.patientId ? [d.patientId] : [])),
    ...updated.map((d) => d.patientId!),
  ]);
}
