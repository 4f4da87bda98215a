// Loading a million rows into a table with eight indexes and three foreign keys is several times
// slower than loading them bare and building each index once. These helpers take the secondary
// indexes and constraints off and put back exactly what the migrations defined, read from the
// catalog, so the seed never drifts from the schema. Re-adding the exclusion constraint proves
// the seeded data has no double booking.
import type { SqlRunner } from '../lib/sql';

export interface DroppedStructure {
  table: string;
  name: string;
  kind: 'index' | 'constraint';
  definition: string;
}

export async function dropSecondaryStructures(
  db: SqlRunner,
  tables: readonly string[],
): Promise<DroppedStructure[]> {
  const list = `array[${tables.map((t) => `'${t}'::regclass`).join(',')}]`;
  const constraints = await db.query<{ table: string; name: string; definition: string }>(`
    select conrelid::regclass::text as table, conname as name,
           pg_get_constraintdef(oid) as definition
    from pg_constraint
    where conrelid = any(${list}) and contype in ('f', 'x', 'u')`);
  const indexes = await db.query<{ table: string; name: string; definition: string }>(`
    select indrelid::regclass::text as table, indexrelid::regclass::text as name,
           pg_get_indexdef(indexrelid) as definition
    from pg_index
    where indrelid = any(${list}) and not indisprimary
      and indexrelid not in (select conindid from pg_constraint where contype in ('p', 'u', 'x'))`);
  for (const c of constraints) {
    await db.exec(`alter table ${c.table} drop constraint "${c.name}"`);
  }
  for (const i of indexes) await db.exec(`drop index ${i.name}`);
  return [
    ...indexes.map((i) => ({ ...i, kind: 'index' as const })),
    ...constraints.map((c) => ({ ...c, kind: 'constraint' as const })),
  ];
}

const statementOf = (s: DroppedStructure) =>
  s.kind === 'index'
    ? s.definition
    : `alter table ${s.table} add constraint "${s.name}" ${s.definition}`;

/** Tables a job locks, and whether the lock excludes index builds on them (ALTER TABLE does). */
function locksOf(s: DroppedStructure): { tables: string[]; exclusive: boolean } {
  const referenced = /REFERENCES\s+"?([\w.]+)"?/i.exec(s.definition)?.[1];
  const tables = referenced ? [s.table, referenced.replace(/^public\./, '')] : [s.table];
  return { tables, exclusive: s.kind === 'constraint' };
}

/**
 * Rebuilds on every given connection at once, slowest first (the exclusion constraint's GiST
 * index), never starting a job that would only wait for another connection's table lock: an
 * ALTER TABLE blocks index builds on its tables, so those go to tables nobody is altering.
 */
export async function restoreSecondaryStructures(
  connections: readonly SqlRunner[],
  dropped: readonly DroppedStructure[],
): Promise<Record<string, number>> {
  const took: Record<string, number> = {};
  const weight = (s: DroppedStructure) =>
    s.definition.includes('gist')
      ? 0
      : s.definition.includes('gin')
        ? 1
        : s.kind === 'index'
          ? 2
          : 3;
  const queue = [...dropped].sort((a, b) => weight(a) - weight(b));
  const running = new Set<DroppedStructure>();
  const waiters: Array<() => void> = [];
  const conflicts = (job: DroppedStructure) => {
    const mine = locksOf(job);
    return [...running].some((other) => {
      const theirs = locksOf(other);
      const shared = mine.tables.some((t) => theirs.tables.includes(t));
      return shared && (mine.exclusive || theirs.exclusive);
    });
  };
  const worker = async (db: SqlRunner) => {
    while (queue.length > 0) {
      const index = queue.findIndex((job) => !conflicts(job));
      if (index < 0) {
        await new Promise<void>((resolve) => waiters.push(resolve));
        continue;
      }
      const [job] = queue.splice(index, 1);
      running.add(job!);
      const t0 = performance.now();
      try {
        await db.exec(statementOf(job!));
        took[job!.name] = performance.now() - t0;
      } finally {
        running.delete(job!);
        waiters.splice(0).forEach((resolve) => resolve());
      }
    }
  };
  await Promise.all(connections.map(worker));
  return took;
}
