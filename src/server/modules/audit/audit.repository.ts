import { and, desc, eq, exists, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { prepared } from '../../db/prepared';
import * as t from '../../db/schema';

export type AuditAction =
  'read' | 'create' | 'update' | 'cancel' | 'mark' | 'reschedule' | 'reassign' | 'join';
export type AuditEntityType = 'patient' | 'appointment';

export interface AuditEntry {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  /** The patient the record belongs to, so an admin can ask "who saw this patient". */
  patientId: string | null;
  details?: Record<string, unknown>;
}

export interface AuditActor {
  userId: string | null;
  ip: string;
}

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
  await db.insert(t.auditLog).values(entries.map((e) => toRow(actor, e, at)));
}

/** The audit rows of one read call: its actor and time, once, and an entry per record. */
interface ReadGroup {
  actor: AuditActor;
  at: Date;
  entries: readonly AuditEntry[];
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
}

const readQueues = new WeakMap<object, ReadAuditQueue>();
/** One INSERT carries at most this many rows; more start the next batch. */
const MAX_BATCH_ROWS = 2_000;

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
      await insertGroups(db, batch.groups);
      batch.settle();
    } catch (error) {
      batch.settle(error);
    }
  }
  queue.writing = false;
}

/**
 * A batch as one JSON parameter: per read call its time, user and address once, and per record
 * [action, entity type, entity id, patient id, details]. The database spreads it into rows, in
 * order; the statement text never changes, so it is prepared once. Turning twenty records into
 * eight typed arrays cost the app more than the page it audited (JSON.stringify is native).
 */
function insertGroups(db: Database, groups: readonly ReadGroup[]) {
  return prepared(db, 'audit_read_groups', (name) =>
    db
      .insert(t.auditLog)
      .select(
        db
          .select({
            id: sql`nextval('audit_log_id_seq')`.as('id'),
            at: sql`g.at`.as('at'),
            userId: sql`g.user_id`.as('user_id'),
            action: sql`r.entry->>0`.as('action'),
            entityType: sql`r.entry->>1`.as('entity_type'),
            entityId: sql`(r.entry->>2)::uuid`.as('entity_id'),
            patientId: sql`(r.entry->>3)::uuid`.as('patient_id'),
            ip: sql`g.ip`.as('ip'),
            details: sql`(r.entry->>4)::jsonb`.as('details'),
          })
          .from(
            sql`json_to_recordset(${sql.placeholder('groups')}::json)
                  as g(at timestamptz, user_id uuid, ip text, entries json)
                cross join lateral json_array_elements(g.entries) with ordinality as r(entry, n)`,
          ),
      )
      .prepare(name),
  ).execute({
    groups: JSON.stringify(
      groups.map((g) => ({
        at: g.at.toISOString(),
        user_id: g.actor.userId,
        ip: g.actor.ip,
        entries: g.entries.map((e) => [
          e.action,
          e.entityType,
          e.entityId,
          e.patientId,
          e.details ?? null,
        ]),
      })),
    ),
  });
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
  if (!batch || batch.rows >= MAX_BATCH_ROWS) queue.waiting.push((batch = newBatch()));
  batch.groups.push({ actor, at, entries });
  batch.rows += entries.length;
  if (!queue.writing) void writeBatches(db, queue);
  return batch.written;
}

type AuditRow = typeof t.auditLog.$inferInsert;

function toRow(actor: AuditActor, e: AuditEntry, at: Date): AuditRow {
  return {
    at,
    userId: actor.userId,
    ip: actor.ip,
    action: e.action,
    entityType: e.entityType,
    entityId: e.entityId,
    patientId: e.patientId,
    details: e.details ?? null,
  };
}

export interface AuditFilter {
  /** Rows about these clinics' patients, or by users of these clinics: the admin's clinics. */
  clinicIds: readonly string[];
  userId?: string;
  patientId?: string;
  from?: Date;
  to?: Date;
  offset: number;
  limit: number;
}

/** A page of audit rows, newest first, with who did it and whose record it was in one query. */
export async function listAuditEntries(db: Executor, filter: AuditFilter) {
  const clinicIds = [...filter.clinicIds];
  const actorSharesClinic = db
    .select({ one: sql`1` })
    .from(t.clinicMembers)
    .where(
      and(
        eq(t.clinicMembers.userId, t.auditLog.userId),
        inArray(t.clinicMembers.clinicId, clinicIds),
      ),
    );
  return db
    .select({
      id: t.auditLog.id,
      at: t.auditLog.at,
      action: t.auditLog.action,
      entityType: t.auditLog.entityType,
      entityId: t.auditLog.entityId,
      patientId: t.auditLog.patientId,
      ip: t.auditLog.ip,
      details: t.auditLog.details,
      userId: t.users.id,
      userName: t.users.name,
      userEmail: t.users.email,
      patientClinicId: t.patients.clinicId,
      patientFirstName: t.patients.firstName,
      patientLastName: t.patients.lastName,
    })
    .from(t.auditLog)
    .leftJoin(t.users, eq(t.users.id, t.auditLog.userId))
    .leftJoin(t.patients, eq(t.patients.id, t.auditLog.patientId))
    .where(
      and(
        or(inArray(t.patients.clinicId, clinicIds), exists(actorSharesClinic)),
        filter.userId ? eq(t.auditLog.userId, filter.userId) : undefined,
        filter.patientId ? eq(t.auditLog.patientId, filter.patientId) : undefined,
        filter.from ? gte(t.auditLog.at, filter.from) : undefined,
        filter.to ? lt(t.auditLog.at, filter.to) : undefined,
      ),
    )
    .orderBy(desc(t.auditLog.at), desc(t.auditLog.id))
    .offset(filter.offset)
    .limit(filter.limit);
}
