import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Database, Executor } from '../../db/client';
import { assertNotInUse, removeLock, writeLock } from '../../db/backup';
import type { ReadGroup } from './audit-entry';
import { insertSpooledReadGroups, type SpooledReadGroup } from './audit.repository';
import { spoolReadAudit } from './audit-trail';

/**
 * Read audit rows kept on this instance's disk while no primary can take them (ADR 063): a read
 * answered from a replica during a failover is audited all the same. `append` resolves only once
 * the rows are synced to disk, so a read is never answered with its audit row in memory alone;
 * `drain` writes them to the database once a primary answers, each under its key, so a file
 * written twice (the instance died before removing it) adds no row twice.
 *
 * One instance owns a directory (its pid is left there, as the embedded database's is): rows are
 * appended to `pending.jsonl`, which a drain first renames to `draining-….jsonl`, so appends after
 * it start a new file and the drain reads a file no one writes any more.
 */
export interface ReadAuditSpool {
  readonly dir: string;
  /** True while spooled rows wait to be written. */
  readonly waiting: boolean;
  append(groups: readonly ReadGroup[]): Promise<void>;
  /** Writes every spooled row; a file is removed only once its rows are in the database. */
  drain(db: Executor): Promise<{ groups: number; rows: number }>;
  close(): Promise<void>;
}

const PENDING = 'pending.jsonl';
const DRAINING = /^draining-\d+-\d+\.jsonl$/;
/** Groups per INSERT when a spool is written back. */
const GROUPS_PER_INSERT = 500;

interface SpooledLine {
  key: string;
  at: string;
  actor: ReadGroup['actor'];
  entries: ReadGroup['entries'];
}

/** Makes the directory's entries (a new, renamed or removed file) as durable as the files. */
async function syncDir(dir: string) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The groups of a spool file. A last line without its newline was being written when the
 * instance died: its read was never answered (append resolves after the sync), so it is left out.
 */
export function parseSpool(text: string): SpooledReadGroup[] {
  const lines = text.split('\n');
  if (lines.at(-1) !== '') lines.pop();
  return lines
    .filter((line) => line.length > 0)
    .map((line) => {
      const parsed = JSON.parse(line) as SpooledLine;
      return {
        key: parsed.key,
        at: new Date(parsed.at),
        actor: parsed.actor,
        entries: parsed.entries,
      };
    });
}

export async function openReadAuditSpool(dir: string): Promise<ReadAuditSpool> {
  const root = path.resolve(dir);
  await mkdir(root, { recursive: true });
  assertNotInUse(root);
  writeLock(root);
  const pending = path.join(root, PENDING);
  let sequence = 0;
  const files = async () => (await readdir(root)).filter((f) => f === PENDING || DRAINING.test(f));
  let waiting = (await files()).length > 0;
  /** Whether the pending file's entry in the directory still has to be synced. */
  let pendingNew = !(await files()).includes(PENDING);
  // Appends and the drain's claim of the pending file run one after another.
  let serial: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const next = serial.then(work, work);
    serial = next.catch(() => {});
    return next;
  };
  let draining: Promise<{ groups: number; rows: number }> | null = null;

  async function drainOnce(db: Executor) {
    await inTurn(async () => {
      try {
        await rename(pending, path.join(root, `draining-${Date.now()}-${sequence++}.jsonl`));
        pendingNew = true;
        await syncDir(root);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    });
    const claimed = (await readdir(root)).filter((f) => DRAINING.test(f)).sort();
    let groups = 0;
    let rows = 0;
    for (const name of claimed) {
      const file = path.join(root, name);
      const spooled = parseSpool(await readFile(file, 'utf8'));
      for (let i = 0; i < spooled.length; i += GROUPS_PER_INSERT) {
        rows += await insertSpooledReadGroups(db, spooled.slice(i, i + GROUPS_PER_INSERT));
      }
      groups += spooled.length;
      await unlink(file);
      await syncDir(root);
    }
    waiting = (await files()).length > 0;
    return { groups, rows };
  }

  return {
    dir: root,
    get waiting() {
      return waiting;
    },
    append(groups) {
      const text = groups
        .map((g) =>
          JSON.stringify({
            key: randomUUID(),
            at: g.at.toISOString(),
            actor: g.actor,
            entries: g.entries,
          } satisfies SpooledLine),
        )
        .map((line) => `${line}\n`)
        .join('');
      return inTurn(async () => {
        const handle = await open(pending, 'a');
        try {
          await handle.writeFile(text);
          await handle.sync();
        } finally {
          await handle.close();
        }
        if (pendingNew) await syncDir(root);
        pendingNew = false;
        waiting = true;
      });
    },
    drain(db) {
      draining ??= drainOnce(db).finally(() => {
        draining = null;
      });
      return draining;
    },
    async close() {
      await serial;
      await draining?.catch(() => {});
      removeLock(root);
    },
  };
}

/** How often spooled rows are tried against the database while any wait. */
const DRAIN_EVERY_MS = 2_000;

/**
 * Spools `db`'s read audit rows in `dir` whenever no primary takes them, and writes them back
 * as soon as one does (tried at once for a previous run's files, then every two seconds while
 * any wait). Only an instance with read replicas spools: without one, a read that cannot reach
 * the primary has nothing to answer from.
 */
export async function startReadAuditSpooling(
  db: Database,
  dir: string,
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): Promise<{ spool: ReadAuditSpool; stop(): Promise<void> }> {
  const spool = await openReadAuditSpool(dir);
  spoolReadAudit(db, spool);
  let warned = false;
  const tick = async () => {
    if (!spool.waiting) return;
    try {
      const written = await spool.drain(db);
      warned = false;
      if (written.groups > 0) {
        log.info(
          { ...written, dir: spool.dir },
          'read audit rows spooled without a primary are written',
        );
      }
    } catch (err) {
      if (!warned)
        log.warn({ err, dir: spool.dir }, 'read audit rows wait in the spool for a primary');
      warned = true;
    }
  };
  const timer = setInterval(() => void tick(), DRAIN_EVERY_MS);
  timer.unref();
  void tick();
  return {
    spool,
    async stop() {
      clearInterval(timer);
      await spool.close();
    },
  };
}
