// Offers whose hold has passed lapse, and their time passes on: a sweep beside the outbox worker.
import { repeatEvery } from '../../core/repeating-task';
import type { AppDeps } from '../../app-deps';
import { retryOnDeadlock } from '../../db/errors';
import { auditEntry } from './entry-audit';
import { addHistory } from './entry-history';
import { fillOpening } from './offers';
import * as offersRepo from './offers.repository';
import * as repo from './waitlist.repository';

/**
 * Lapses the open offers whose hold has passed and passes each opening on to the next waiting
 * patient. Returns how many offers lapsed.
 */
export async function expireDueOffers(deps: AppDeps): Promise<number> {
  const now = deps.now();
  return retryOnDeadlock(() =>
    deps.db.db.transaction(async (tx) => {
      const due = await offersRepo.lapseDueOffers(tx, now);
      for (const offer of due) {
        await addHistory(tx, offer.entryId, now, 'EXPIRED', offer.start.toISOString());
        const patientId = await repo.patientOfEntry(tx, offer.entryId);
        await auditEntry(tx, { action: 'expire', entryId: offer.entryId, patientId, at: now });
      }
      for (const openingId of new Set(due.map((o) => o.openingId))) {
        await fillOpening(tx, deps, now, openingId);
      }
      return due.length;
    }),
  );
}

export interface WaitlistSweep {
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Beside the outbox worker: lapses offers whose hold has passed, every poll interval. */
export function createWaitlistSweep(
  deps: AppDeps,
  options: { logger: { warn(obj: unknown, msg: string): void }; intervalMs?: number },
): WaitlistSweep {
  const task = repeatEvery(() => expireDueOffers(deps), {
    intervalMs: options.intervalMs ?? deps.config.OUTBOX_POLL_MS,
    onError: (err) => options.logger.warn({ err }, 'waitlist sweep failed; will retry'),
  });
  return { runOnce: () => expireDueOffers(deps), stop: () => task.stop() };
}
