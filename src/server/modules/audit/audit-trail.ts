import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../core/request-context';
import type { Database, Executor } from '../../db/client';
import { DatabaseUnavailableError, translateDbError } from '../../db/errors';
import type { AuditActor, AuditEntityType, AuditEntry, ReadGroup } from './audit-entry';
import * as repo from './audit.repository';
import type { ReadAuditSpool } from './read-audit-spool';

// The audit trail as the other modules write it: a change's rows in its transaction, and reads
// gathered into shared inserts.

/**
 * One multi-row insert for any number of entries: a list of 20 appointments costs one round
 * trip, not 20. Pass the open transaction for a change so the audit row commits with it.
 */
export async function recordAudit(
  db: Executor,
  actor: AuditActor,
  entries: readonly AuditEntry[],
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await repo.insertEntries(db, actor, entries, at);
}

interface PendingBatch {
  groups: ReadGroup[];
  rows: number;
  written: Promise<void>;
  settle(error?: unknown): void;
}

interface ReadAuditQueue {
  /** Waiting batches, oldest first; only the last takes more rows. */
  waiting: PendingBatch[];
  writing: boolean;
  /** Where rows wait on this instance's disk when no primary takes them (ADR 063). */
  spool?: ReadAuditSpool;
}

const readQueues = new WeakMap<object, ReadAuditQueue>();
/** One INSERT carries at most about this many records; more start the next batch. */
const MAX_BATCH_RECORDS = 20_000;

function newBatch(): PendingBatch {
  let settle!: (error?: unknown) => void;
  const written = new Promise<void>((resolve, reject) => {
    settle = (error) => (error === undefined ? resolve() : reject(error));
  });
  // A request that fails before it awaits its batch must not leave an unhandled rejection.
  written.catch(() => {});
  return { groups: [], rows: 0, written, settle };
}

async function writeBatches(db: Database, queue: ReadAuditQueue): Promise<void> {
  queue.writing = true;
  for (let batch = queue.waiting.shift(); batch; batch = queue.waiting.shift()) {
    try {
      await repo.insertReadGroups(db, batch.groups);
      batch.settle();
    } catch (error) {
      batch.settle(await spooled(queue, batch, error));
    }
  }
  queue.writing = false;
}

/**
 * A batch the database could not take because no primary answered goes to the spool, if the
 * instance has one: its reads are answered once the rows are on disk. Any other failure, or a
 * spool that fails too, fails the reads (undefined: the batch is safe).
 */
async function spooled(queue: ReadAuditQueue, batch: PendingBatch, error: unknown) {
  if (!queue.spool || !(translateDbError(error) instanceof DatabaseUnavailableError)) return error;
  try {
    await queue.spool.append(batch.groups);
    return undefined;
  } catch {
    return error;
  }
}

/**
 * Read audit rows of `db` that no primary can take are kept in `spool` until one can (ADR 063).
 */
export function spoolReadAudit(db: Database, spool: ReadAuditSpool): void {
  const queue = readQueues.get(db);
  if (queue) queue.spool = spool;
  else readQueues.set(db, { waiting: [], writing: false, spool });
}

/**
 * Audit rows for reads (not changes: those commit with their transaction via recordAudit).
 * Concurrent requests share one INSERT, group-commit style: when nothing is being written the
 * rows go at once; rows that arrive meanwhile are gathered and go together as soon as it is done.
 * Each caller still waits until its own rows are in the database, so no read is ever answered
 * without its audit row, and a failed write fails the read.
 */
export function recordReadAudit(
  db: Database,
  actor: AuditActor,
  entries: readonly AuditEntry[],
  at: Date,
): Promise<void> {
  if (entries.length === 0) return Promise.resolve();
  let queue = readQueues.get(db);
  if (!queue) readQueues.set(db, (queue = { waiting: [], writing: false }));
  let batch = queue.waiting.at(-1);
  if (!batch || batch.rows >= MAX_BATCH_RECORDS) queue.waiting.push((batch = newBatch()));
  batch.groups.push({ actor, at, entries });
  batch.rows += entries.length;
  if (!queue.writing) void writeBatches(db, queue);
  return batch.written;
}

/**
 * Many records one change touches alike (an import's new patients, ADR 043), in its transaction:
 * entries of one action, type and details share a row naming them all, as a read's do (ADR 007).
 */
export async function recordAuditGroup(
  tx: Executor,
  actor: AuditActor,
  entries: readonly AuditEntry[],
  at: Date,
): Promise<void> {
  if (entries.length === 0) return;
  await repo.insertReadGroups(tx, [{ actor, at, entries }]);
}

/** One change the caller makes, audited in the transaction `tx` that makes it. */
export function auditChange(
  tx: Executor,
  ctx: RequestContext,
  entry: AuditEntry,
  at: Date,
): Promise<void> {
  return recordAudit(tx, { userId: ctx.user.id, ip: ctx.ip }, [entry], at);
}

/**
 * The records a caller is shown (or takes out, `export`), one entry each in the caller's name.
 * One `details` object serves every entry, so the read queue can fold them into one row group.
 */
export function auditReads(
  deps: AppDeps,
  ctx: RequestContext,
  entityType: AuditEntityType,
  records: ReadonlyArray<{ id: string; patientId: string }>,
  options: { action?: 'read' | 'export'; details?: Record<string, unknown> } = {},
): Promise<void> {
  const { action = 'read', details } = options;
  return recordReadAudit(
    deps.db.db,
    { userId: ctx.user.id, ip: ctx.ip },
    records.map((r) => ({ action, entityType, entityId: r.id, patientId: r.patientId, details })),
    deps.now(),
  );
}
