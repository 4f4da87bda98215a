import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { repeatEvery } from '../../core/repeating-task';
import * as repo from './outside-calendars.repository';
import { leaseMsOf, syncCalendar } from './sync-calendar';

const BATCH = 20;
const CONCURRENCY = 3;

export interface CalendarSyncWorker {
  /** Syncs every calendar due now; returns how many were synced (well or not). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Syncs outside calendars every OUTSIDE_CALENDAR_SYNC_MINUTES (ADR 053): each instance claims the
 * due ones under a lease (FOR UPDATE SKIP LOCKED), so two instances never sync one calendar
 * twice, and one that dies lets its calendars go when the lease runs out.
 */
export function createCalendarSyncWorker(
  deps: AppDeps,
  options: { logger: FastifyBaseLogger },
): CalendarSyncWorker {
  const intervalMs = deps.config.OUTSIDE_CALENDAR_SYNC_MINUTES * 60_000;

  async function runOnce(): Promise<number> {
    let synced = 0;
    for (;;) {
      const claimed = await repo.claimDue(
        deps.db.db,
        deps.now(),
        intervalMs,
        leaseMsOf(deps),
        BATCH,
      );
      const queue = [...claimed];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const zone = await repo.ownerZoneOf(deps.db.db, next.staffId);
          const result = await syncCalendar(deps, next, zone);
          if (!result.ok) {
            options.logger.warn(
              { outsideCalendarId: next.id, err: result.error },
              'outside calendar sync failed',
            );
          }
          synced++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
      if (claimed.length < BATCH || task.stopped) return synced;
    }
  }

  const task = repeatEvery(runOnce, {
    intervalMs: Math.min(intervalMs, 60_000),
    onError: (err) => options.logger.warn({ err }, 'outside calendar sync pass failed; will retry'),
  });
  return { runOnce, stop: () => task.stop() };
}
