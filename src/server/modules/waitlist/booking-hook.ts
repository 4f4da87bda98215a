import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { addHistory } from './entry-history';
import { fillOpening } from './offers';
import * as offersRepo from './offers.repository';
import * as repo from './waitlist.repository';

/**
 * The hook of every booking (ADR 019): a patient booked, by staff or by accepting an offer, into
 * a time their waiting entry wishes for leaves the list. Their other open offers are withdrawn
 * and pass on to the next in line.
 */
export async function bookedForWaitlist(
  tx: Executor,
  deps: Pick<AppDeps, 'config'>,
  booking: {
    clinicId: string;
    patientId: string;
    agentId: string;
    appointmentId: string;
    start: Date;
    now: Date;
    by: { userId: string | null; name: string };
  },
): Promise<void> {
  const booked = await repo.markWaitingEntriesBooked(tx, booking);
  for (const entry of booked) {
    await addHistory(tx, entry.id, booking.now, 'BOOKED', booking.start.toISOString(), booking.by);
    const withdrawn = await offersRepo.withdrawOpenOffers(tx, entry.id, booking.now);
    for (const offer of withdrawn) await fillOpening(tx, deps, booking.now, offer.openingId);
  }
}
