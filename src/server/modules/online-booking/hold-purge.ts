import { repeatEvery } from '../../core/repeating-task';
import type { AppDeps } from '../../app-deps';
import { deleteUnconfirmedHolds } from './online-booking.repository';

/**
 * How long a hold nobody confirmed is kept after it lapsed: long enough for the hourly abuse
 * limits (which count recent holds) and for a patient who opens the link late to be told it
 * lapsed; after that its details go.
 */
export const UNCONFIRMED_HOLD_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface HoldPurge {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Deletes lapsed, unconfirmed holds once an hour (and once soon after start). */
export function createHoldPurge(
  deps: Pick<AppDeps, 'db' | 'now'>,
  options: { logger: { warn(obj: unknown, msg: string): void }; intervalMs?: number },
): HoldPurge {
  const interval = options.intervalMs ?? 60 * 60 * 1000;
  const runOnce = () =>
    deleteUnconfirmedHolds(
      deps.db.db,
      new Date(deps.now().getTime() - UNCONFIRMED_HOLD_RETENTION_MS),
    );
  const task = repeatEvery(runOnce, {
    intervalMs: interval,
    firstAfterMs: 60_000,
    keepAlive: false,
    onError: (err) =>
      options.logger.warn({ err }, 'purging lapsed online booking holds failed; will retry'),
  });
  return { runOnce, stop: () => task.stop() };
}
