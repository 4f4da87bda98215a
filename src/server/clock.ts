import { sql } from 'drizzle-orm';
import { queryRows, type DbHandle } from './db/client';

export interface Clock {
  /** The one "now" every rule reads. */
  now(): Date;
  /** Re-reads the database's time; keeps the last known offset if the database is away. */
  sync(): Promise<void>;
  stop(): void;
}

/**
 * "Now" comes from one place: the database's clock, read periodically and applied as an offset
 * to the local monotonic-enough clock. Several app instances with drifting clocks then agree on
 * whether an appointment has started, which is what decides if it may be marked or moved.
 */
export async function createDatabaseClock(
  db: DbHandle,
  options: { localNow?: () => number; intervalMs?: number } = {},
): Promise<Clock> {
  const localNow = options.localNow ?? Date.now;
  let offsetMs = 0;
  const sync = async () => {
    try {
      const before = localNow();
      const [row] = await queryRows<{ now: string | Date }>(
        db.db,
        sql`select clock_timestamp() as now`,
      );
      const after = localNow();
      if (!row) return;
      const dbMs = new Date(row.now).getTime();
      offsetMs = dbMs - (before + after) / 2;
    } catch {
      // The database is away; the last offset stays, and the next sync tries again.
    }
  };
  await sync();
  const timer = setInterval(() => void sync(), options.intervalMs ?? 60_000);
  timer.unref();
  return {
    now: () => new Date(localNow() + offsetMs),
    sync,
    stop: () => clearInterval(timer),
  };
}
