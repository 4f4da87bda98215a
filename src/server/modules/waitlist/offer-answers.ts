import { languageSourcesOf } from '@domain/patient-language';
import { clinicReachOf } from '@domain/clinic-reach';
import type { OfferStatus, PublicOffer } from '@contracts/waitlist';
import type { AppDeps } from '../../app-deps';
import { PATIENT_ACTOR } from '../../core/request-context';
import type { Executor } from '../../db/client';
import { retryOnDeadlock } from '../../db/errors';
import { conflict, gone, HttpError, notFound } from '../../errors';
import { auditEntry } from './entry-audit';
import { addHistory, queueWaitlistWebhook } from './entry-history';
import { fillOpening } from './offers';
import { lockWaitlistOpening } from '../../db/locks';
import type { BookingRequest } from '../appointments';
import * as offersRepo from './offers.repository';
import * as openingsRepo from './openings.repository';
import type { OfferRow } from './offers.repository';
import * as repo from './waitlist.repository';

export const OFFER_NOT_FOUND =
  'This offer link is not valid. Please check the link in your e-mail.';
export const OFFER_TAKEN_MESSAGE =
  'Sorry, someone else booked this time a moment before you. You are still on the waitlist, and we will offer you the next time that fits.';
export const OFFER_EXPIRED_MESSAGE =
  'Sorry, this offer has expired and the time was offered to someone else. You are still on the waitlist.';
/** The patient answers by their offer link: the histories name them, with no user id. */
const BY_PATIENT = { userId: null, name: PATIENT_ACTOR };

const OFFER_CLOSED: Record<Exclude<OfferStatus, 'open'>, string> = {
  accepted: 'You have already accepted this time. It is booked for you.',
  declined: 'You said no to this time. You are still on the waitlist.',
  expired: OFFER_EXPIRED_MESSAGE,
  taken: OFFER_TAKEN_MESSAGE,
  withdrawn: 'This offer was withdrawn by the clinic.',
};

/**
 * What the waitlist needs from the appointments module to book, given by the app (ADR 019). Only
 * its request's type comes from there: nothing of appointments is loaded by the waitlist.
 */
export type BookOffer = (
  tx: Executor,
  request: BookingRequest,
) => Promise<{ id: string; token: string }>;

async function findOffer(db: Executor, token: string, lock = false): Promise<OfferRow> {
  const row = await offersRepo.findOfferByToken(db, token, lock);
  if (!row) throw notFound(OFFER_NOT_FOUND);
  return row;
}

function statusAt(row: OfferRow, now: Date): OfferStatus {
  if (row.status === 'open' && row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return row.status as OfferStatus;
}

function view(row: OfferRow, now: Date, status = statusAt(row, now)): PublicOffer {
  return {
    status,
    start: row.start.toISOString(),
    end: row.end.toISOString(),
    durationMinutes: Math.round((row.end.getTime() - row.start.getTime()) / 60_000),
    expiresAt: row.expiresAt.toISOString(),
    clinic: { name: row.clinic.name, timezone: row.clinic.timezone },
    reach: clinicReachOf(row.reach),
    provider: { name: row.agentName },
    sessionToken: status === 'accepted' ? row.sessionToken : null,
    language: languageSourcesOf(row.preferredLanguage, row.clinic.defaultLanguage),
  };
}

export async function getOffer(deps: AppDeps, token: string): Promise<PublicOffer> {
  return view(await findOffer(deps.db.db, token), deps.now());
}

/** Lapses an offer found past its hold before the sweep came by, and passes the time on. */
async function lapse(tx: Executor, deps: AppDeps, row: OfferRow, now: Date): Promise<void> {
  await offersRepo.setOfferStatus(tx, row.id, 'expired', now);
  await addHistory(tx, row.entryId, now, 'EXPIRED', row.start.toISOString());
  await auditEntry(tx, {
    action: 'expire',
    entryId: row.entryId,
    patientId: row.patientId,
    at: now,
  });
  await fillOpening(tx, deps, now, row.openingId);
}

/** The patient's answer by their offer link: no user, their address. */
function auditAnswer(
  tx: Executor,
  row: OfferRow,
  now: Date,
  ip: string,
  action: 'accept' | 'decline',
  details?: Record<string, unknown>,
): Promise<void> {
  return auditEntry(tx, {
    action,
    entryId: row.entryId,
    patientId: row.patientId,
    at: now,
    by: { userId: null, ip },
    details,
  });
}

/**
 * The offer of a link's token, locked, and its status at `now`. One found past its hold lapses
 * here and answers with the error, returned rather than thrown so that the lapse commits.
 */
async function lockedOffer(
  tx: Executor,
  deps: AppDeps,
  token: string,
  now: Date,
): Promise<{ row: OfferRow; status: OfferStatus } | { error: HttpError }> {
  const row = await findOffer(tx, token, true);
  const status = statusAt(row, now);
  if (status === 'expired' && row.status === 'open') {
    await lapse(tx, deps, row, now);
    return { error: gone(OFFER_EXPIRED_MESSAGE) };
  }
  return { row, status };
}

export async function declineOffer(deps: AppDeps, token: string, ip: string): Promise<PublicOffer> {
  const now = deps.now();
  const outcome = await retryOnDeadlock(() =>
    deps.db.db.transaction(async (tx) => {
      const found = await lockedOffer(tx, deps, token, now);
      if ('error' in found) return found;
      const { row, status } = found;
      if (status === 'declined') return { offer: view(row, now) };
      if (status !== 'open') return { error: conflict(OFFER_CLOSED[status]) };
      await offersRepo.setOfferStatus(tx, row.id, 'declined', now);
      await addHistory(tx, row.entryId, now, 'DECLINED', row.start.toISOString(), BY_PATIENT);
      await auditAnswer(tx, row, now, ip, 'decline');
      await fillOpening(tx, deps, now, row.openingId);
      return { offer: view(row, now, 'declined') };
    }),
  );
  if ('error' in outcome) throw outcome.error;
  return outcome.offer;
}

/**
 * Books the offered time for the patient, through the appointments module's rules, in one
 * transaction with the offer's and the entry's change. If the time went to someone else first
 * (another offer of it, or staff), the offer is `taken`, the entry keeps waiting and the patient
 * is told so.
 */
export async function acceptOffer(
  deps: AppDeps,
  book: BookOffer,
  token: string,
  ip: string,
): Promise<PublicOffer> {
  const now = deps.now();
  let outcome: { offer: PublicOffer } | { error: HttpError };
  try {
    outcome = await retryOnDeadlock(() =>
      deps.db.db.transaction(async (tx) => {
        // Acceptances of one freed time queue here first. Otherwise each locked its own offer,
        // then the first, booking, waited for the second's offer (to mark it taken) while the
        // second waited for the first's hold on the agent: a deadlock, and after three in a
        // row under load the loser heard "Someone else changed this" instead of why.
        await lockWaitlistOpening(tx, (await findOffer(tx, token)).openingId);
        const found = await lockedOffer(tx, deps, token, now);
        if ('error' in found) return found;
        const { row, status } = found;
        if (status === 'accepted') return { offer: view(row, now) };
        if (status !== 'open') {
          const error =
            status === 'expired' ? gone(OFFER_EXPIRED_MESSAGE) : conflict(OFFER_CLOSED[status]);
          return { error };
        }
        // Accepted before booking, so that the booking's own waitlist hook finds this offer
        // answered; if the booking fails, the whole transaction and this with it roll back.
        await offersRepo.setOfferStatus(tx, row.id, 'accepted', now);
        await addHistory(tx, row.entryId, now, 'ACCEPTED', row.start.toISOString(), BY_PATIENT);
        const appointment = await book(tx, {
          clinic: { ...row.clinic, slug: row.reach.slug },
          patientId: row.patientId,
          agentId: row.agentId,
          start: row.start,
          duration: Math.round((row.end.getTime() - row.start.getTime()) / 60_000),
          serviceId: row.serviceId,
          notes: row.notes,
          by: BY_PATIENT,
          ip,
        });
        await offersRepo.setOfferAppointment(tx, row.id, appointment.id);
        await repo.markEntryBooked(tx, row.entryId, appointment.id, now);
        await auditAnswer(tx, row, now, ip, 'accept', { appointmentId: appointment.id });
        await queueWaitlistWebhook(
          tx,
          row.entryId,
          'waitlist.accepted',
          row.start.toISOString(),
          now,
        );
        // The other open offers of this time cannot be booked any more.
        const overlapping = await offersRepo.takeOverlappingOffers(tx, row, now);
        for (const other of overlapping) {
          await addHistory(tx, other.entryId, now, 'TAKEN', row.start.toISOString());
        }
        await openingsRepo.markOpeningFilled(tx, row.openingId);
        return {
          offer: { ...view(row, now, 'accepted'), sessionToken: appointment.token },
        };
      }),
    );
  } catch (err) {
    if (!(err instanceof HttpError) || (err.statusCode !== 409 && err.statusCode !== 422)) {
      throw err;
    }
    // Booked otherwise, or no longer bookable: the offer is over, the patient keeps waiting.
    await markTaken(deps, token, now);
    throw conflict(OFFER_TAKEN_MESSAGE);
  }
  if ('error' in outcome) throw outcome.error;
  return outcome.offer;
}

async function markTaken(deps: AppDeps, token: string, now: Date): Promise<void> {
  await retryOnDeadlock(() =>
    deps.db.db.transaction(async (tx) => {
      const row = await findOffer(tx, token, true);
      if (row.status !== 'open') return;
      await offersRepo.setOfferStatus(tx, row.id, 'taken', now);
      await addHistory(tx, row.entryId, now, 'TAKEN', row.start.toISOString());
      // The time is booked otherwise: nobody else is offered it again.
      await openingsRepo.closeOpening(tx, row.openingId);
    }),
  );
}
