import type { FastifyBaseLogger } from 'fastify';
import { pushRetryDelayMs } from '@domain/calendar-push';
import type { AppDeps } from '../../app-deps';
import { repeatEvery } from '../../core/repeating-task';
import { pushAppointment, pushFetchOf } from './push-appointment';
import * as repo from './push.repository';
import { leaseMsOf } from './sync-calendar';

const BATCH = 20;
const CONCURRENCY = 3;

export interface CalendarPushWorker {
  /** Pushes every queued appointment due now; returns how many were tried (well or not). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Pushes appointments into their agents' CalDAV calendars (ADR 062). The rows come from the
 * appointments' trigger, written in each write's own transaction, so a restart loses nothing;
 * each instance leases what it takes (FOR UPDATE SKIP LOCKED), so two never push one change at
 * once; a push writes the appointment as it now stands under a stable UID and resource name, so
 * a row tried again after a crash changes nothing twice. Failures are retried with back-off.
 */
export function createCalendarPushWorker(
  deps: AppDeps,
  options: { logger: FastifyBaseLogger },
): CalendarPushWorker {
  const fetchFn = pushFetchOf(deps);

  async function runOnce(): Promise<number> {
    let tried = 0;
    for (;;) {
      const claimed = await repo.claimDuePushes(deps.db.db, deps.now(), leaseMsOf(deps), BATCH);
      const queue = [...claimed];
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const result = await pushAppointment(deps, next.appointmentId, fetchFn);
          if (result.ok) {
            await repo.completePush(deps.db.db, next);
          } else {
            const retryAt = new Date(deps.now().getTime() + pushRetryDelayMs(next.attempts + 1));
            await repo.failPush(deps.db.db, next, result.error, retryAt);
            options.logger.warn(
              { appointmentId: next.appointmentId, attempts: next.attempts + 1, err: result.error },
              'outside calendar push failed; will retry',
            );
          }
          tried++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
      if (claimed.length < BATCH || task.stopped) return tried;
    }
  }

  const task = repeatEvery(runOnce, {
    intervalMs: deps.config.OUTSIDE_CALENDAR_PUSH_POLL_MS,
    onError: (err) => options.logger.warn({ err }, 'outside calendar push pass failed; will retry'),
  });
  return { runOnce, stop: () => task.stop() };
}
