import { inboxOf } from '@domain/email-inbox';
import { addDaysToKey, localDateKeyOf, wallClockToUtc } from '@domain/zoned-time';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { conflict } from '../../errors';
import { PolicyRefusal } from '../../core/policy-sentences';
import { phoneValue, type PolicySentence, type PolicySentenceId } from '@domain/policy-sentences';
import * as repo from './online-booking.repository';
import { lockHoldAllowances } from '../../db/locks';

// What one stranger, and all strangers together, may ask of a clinic's public booking page
// (ADR 031). Each count is read under its advisory lock in the hold's own
// transaction: holds that race see each other, where counts read before the insert let 107 of
// 221 holds from one address through.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A refusal that offers a call only where the clinic gave a number to call (ADR 034). */
const refusal = (id: PolicySentenceId, clinic: { phone: string | null }): PolicySentence => ({
  id,
  values: { phone: phoneValue(clinic) },
});

/** Past the limits per client (address) and per e-mail in an hour. */
export const tooManyHolds = (clinic: { phone: string | null }) =>
  refusal('onlineBooking.tooManyHolds', clinic);
/** Past the confirmation mails one address is sent in a day. */
export const tooManyMails = (clinic: { phone: string | null }) =>
  refusal('onlineBooking.tooManyMails', clinic);
/** The provider's day has as many unconfirmed holds as allowed at once. */
export const PROVIDER_DAY_BUSY =
  'Many people are booking with this provider on this day right now. Please choose another day, or try again in a few minutes.';
/** The clinic has as many unconfirmed holds as allowed at once. */
export const clinicBusy = (clinic: { phone: string | null }) =>
  refusal('onlineBooking.clinicBusy', clinic);

type Limits = Pick<
  Config,
  | 'ONLINE_BOOKING_HOLDS_PER_ADDRESS_PER_HOUR'
  | 'ONLINE_BOOKING_HOLDS_PER_EMAIL_PER_HOUR'
  | 'ONLINE_BOOKING_MAILS_PER_EMAIL_PER_DAY'
  | 'ONLINE_BOOKING_OPEN_HOLDS_PER_PROVIDER_DAY'
  | 'ONLINE_BOOKING_OPEN_HOLDS_PER_CLINIC'
>;

/**
 * The asker's allowances: holds per client (an IPv6 client by its /64) at any clinic and per
 * e-mail's inbox at this clinic in an hour, and confirmation mails per inbox from any clinic in a
 * day (inboxOf: the address without +tag, Gmail without dots).
 * Takes the client's and the e-mail's locks, which the transaction keeps until it ends. The
 * refusals say no more than that there were too many requests: nothing about who the e-mail is.
 */
export async function enforceAskerLimits(
  tx: Executor,
  limits: Limits,
  r: { clinic: { id: string; phone: string | null }; email: string; clientKey: string; now: Date },
) {
  // By inbox, not address: victim+1@, victim+2@ … are one inbox and share its allowances.
  const inbox = inboxOf(r.email);
  await lockHoldAllowances(tx, { clientKey: r.clientKey, inbox });
  const recent = await repo.countRecentHolds(tx, {
    clinicId: r.clinic.id,
    inbox,
    clientKey: r.clientKey,
    hourAgo: new Date(r.now.getTime() - HOUR),
    dayAgo: new Date(r.now.getTime() - DAY),
  });
  if (
    recent.byAddress >= limits.ONLINE_BOOKING_HOLDS_PER_ADDRESS_PER_HOUR ||
    recent.byEmailAtClinic >= limits.ONLINE_BOOKING_HOLDS_PER_EMAIL_PER_HOUR
  )
    throw new PolicyRefusal(429, tooManyHolds(r.clinic), 3600);
  if (recent.mailsToEmail >= limits.ONLINE_BOOKING_MAILS_PER_EMAIL_PER_DAY)
    throw new PolicyRefusal(429, tooManyMails(r.clinic), 86_400);
}

/**
 * The clinic's caps on unconfirmed holds, whoever asked: on the provider's day (in the clinic's
 * zone, at any clinic) and at the clinic in all. The e-mail's own open hold here does not count:
 * the new one replaces it. The caller holds the clinic's and the provider's locks.
 */
export async function enforceOpenHoldCaps(
  tx: Executor,
  limits: Limits,
  r: {
    clinic: { id: string; timezone: string; phone: string | null };
    staffId: string;
    email: string;
    start: Date;
    now: Date;
  },
) {
  const day = localDateKeyOf(r.start, r.clinic.timezone);
  const open = await repo.countOpenHolds(tx, {
    clinicId: r.clinic.id,
    staffId: r.staffId,
    email: r.email,
    dayStart: new Date(wallClockToUtc(day, 0, r.clinic.timezone)),
    dayEnd: new Date(wallClockToUtc(addDaysToKey(day, 1), 0, r.clinic.timezone)),
    now: r.now,
  });
  if (open.onProviderDay >= limits.ONLINE_BOOKING_OPEN_HOLDS_PER_PROVIDER_DAY)
    throw conflict(PROVIDER_DAY_BUSY);
  if (open.atClinic >= limits.ONLINE_BOOKING_OPEN_HOLDS_PER_CLINIC)
    throw new PolicyRefusal(409, clinicBusy(r.clinic));
}
