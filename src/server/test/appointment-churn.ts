import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import * as t from '../db/schema';

/**
 * One step of the random churn the roll-up property tests put appointments through: an insert,
 * an update of a row inserted before (`pick` chooses it) or a delete of one. Each test says what
 * its inserts and updates are made of.
 */
export type ChurnOp<Insert, Update> =
  | ({ kind: 'insert' } & Insert)
  | ({ kind: 'update'; pick: number } & Update)
  | { kind: 'delete'; pick: number };

/**
 * Applies the churn in order, all in one transaction or each step on its own. An update sets what
 * `change` answers, a new start moving the end with it, and touches the notes so that it is never
 * empty.
 */
export async function applyChurn<Insert, Update>(
  db: Database,
  ops: ReadonlyArray<ChurnOp<Insert, Update>>,
  inOneTx: boolean,
  how: {
    insert: (exec: Executor, op: Insert) => Promise<{ id: string }>;
    change: (op: Update) => { start?: Date } & Partial<typeof t.appointments.$inferInsert>;
  },
) {
  const ids: string[] = [];
  const apply = async (exec: Executor) => {
    for (const o of ops) {
      if (o.kind === 'insert') {
        ids.push((await how.insert(exec, o)).id);
      } else if (ids.length > 0) {
        const id = ids[o.pick % ids.length]!;
        if (o.kind === 'delete') {
          await exec.delete(t.appointments).where(eq(t.appointments.id, id));
          ids.splice(ids.indexOf(id), 1);
        } else {
          const { start, ...values } = how.change(o);
          await exec
            .update(t.appointments)
            .set({
              ...(start ? { startAt: start, endAt: new Date(start.getTime() + 30 * 60_000) } : {}),
              ...values,
              notes: 'touched',
            })
            .where(eq(t.appointments.id, id));
        }
      }
    }
  };
  if (inOneTx) await db.transaction((tx) => apply(tx));
  else await apply(db);
}
