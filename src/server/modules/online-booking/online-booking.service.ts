import { ONLINE_BOOKING_SOURCE } from '@domain/booking-channels';
import { languageSourcesOf } from '@domain/patient-language';
import { inboxOf } from '@domain/email-inbox';
import { phoneValue, type PolicySentenceId } from '@domain/policy-sentences';
import { createHash } from 'node:crypto';
import {
  HOLD_ACCEPTED_MESSAGE,
  HOLD_EXPIRED_MESSAGE,
  HOLD_MINUTES,
  HOLD_TAKEN_MESSAGE,
  type ConfirmedHold,
  type HoldBody,
  type PublicClinic,
} from '@contracts/online-booking';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { PolicyRefusal } from '../../core/policy-sentences';
import { conflict, gone, HttpError, notFound, unprocessable } from '../../errors';
import { retryOnDeadlock } from '../../db/errors';
import { clientAddressKey } from '../../security/client-address';
import { newSessionToken } from '../../security/session-token';
import { bookInTransaction, planResources, writeWithResource } from '../appointments';
import { checkBookable, slotSettings } from '../availability';
import { findBookableAgent, listClinicAgents, matchOnlinePatient } from '../clinics';
import { HOLD_KIND, queueNotifications, sessionLink, type HoldSnapshot } from '../notifications';
import { enforceAskerLimits, enforceOpenHoldCaps } from './hold-limits';
import * as repo from './online-booking.repository';
import { bookingWindow, enabledClinic, NOT_OFFERED, publicContext } from './online-clinic';
import { lockClinicHoldsAndAgent } from '../../db/locks';
import { asBookingConflict } from '../../db/errors';
import { offersService } from '@domain/services';
import { bufferSettingsOf } from '../services';
import {
  listOnlineServices,
  NOT_FREE,
  onlineLengths,
  onlineProvidersOf,
  requireOnlineServiceForHold,
} from './online-services';

/** The name staff see in the history of a booking a patient made on the public page. */
export const ONLINE_ACTOR = 'Patient (online)';
export const ONLINE_SOURCE = ONLINE_BOOKING_SOURCE;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function getPublicClinic(
  deps: AppDeps,
  slug: string,
  ip: string,
): Promise<PublicClinic> {
  const clinic = await enabledClinic(deps, slug);
  const allowed = new Set(clinic.onlineBooking.agentIds);
  const [agents, services] = await Promise.all([
    listClinicAgents(deps, publicContext(clinic, ip), clinic.slug),
    listOnlineServices(deps.db.db, clinic),
  ]);
  return {
    slug: clinic.slug,
    name: clinic.name,
    timezone: clinic.timezone,
    phone: clinic.phone?.trim() || null,
    intro: clinic.onlineBooking.intro,
    providers: agents.filter((a) => allowed.has(a._id)).map((a) => ({ id: a._id, name: a.name })),
    // Every online service someone online offers is listed to anyone: who is new is known only
    // at confirmation.
    services: services
      .map(({ service }) => ({
        id: service.id,
        name: service.name,
        kind: service.kind,
        durations: onlineLengths(clinic, service).sort((a, b) => a - b),
        instructions: service.instructions,
        providerIds: onlineProvidersOf(clinic, service),
      }))
      .filter((service) => service.providerIds.length > 0),
    durations: [...clinic.onlineBooking.durations].sort((a, b) => a - b),
    minNoticeHours: clinic.onlineBooking.minNoticeHours,
    horizonDays: clinic.onlineBooking.horizonDays,
    allowNewPatients: clinic.onlineBooking.allowNewPatients,
    language: languageSourcesOf(null, clinic.defaultLanguage),
  };
}

/**
 * Holds a time for 15 minutes and e-mails the link that books it. Nothing here looks the e-mail
 * up among the clinic's patients, so the answer (and its time) is the same for anyone: the same
 * statements, and the message only queued (the outbox worker sends it later). Keep anything that
 * depends on who the e-mail belongs to in confirmHold; online-booking-timing.test.ts watches.
 */
export async function createHold(
  deps: AppDeps,
  slug: string,
  body: HoldBody,
  ip: string,
): Promise<{ message: string }> {
  const clinic = await enabledClinic(deps, slug);
  const accepted = { message: HOLD_ACCEPTED_MESSAGE };
  // A bot that fills the hidden field is told what a person is told, and nothing is held.
  if (body.website) return accepted;
  const policy = clinic.onlineBooking;
  const email = body.patient.email.toLowerCase();
  const now = deps.now();
  if (!policy.agentIds.includes(body.agentId))
    throw unprocessable('That provider does not take online bookings at this clinic.');
  // An unknown, archived, offline or other clinic's service is answered as a time not free.
  const { service } = await requireOnlineServiceForHold(deps.db.db, clinic, body.serviceId);
  if (!offersService(service, body.agentId)) throw conflict(NOT_FREE);
  if (!onlineLengths(clinic, service, body.agentId).includes(body.duration))
    throw unprocessable('This visit length cannot be booked online.');
  const start = new Date(body.start);
  const { earliest, latest } = bookingWindow(clinic, now);
  if (start.getTime() < earliest)
    throw new PolicyRefusal(422, {
      id: 'onlineBooking.tooSoon',
      values: { count: policy.minNoticeHours, phone: phoneValue(clinic) },
    });
  if (start.getTime() > latest)
    throw new PolicyRefusal(422, {
      id: 'onlineBooking.tooFar',
      values: { count: policy.horizonDays },
    });
  const end = new Date(start.getTime() + body.duration * 60_000);
  const clientKey = clientAddressKey(ip);
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  try {
    // Deadlocks: a hold moves the data version of every clinic of its agent (ADR 025), as a
    // booking does, and is tried again like one.
    await retryOnDeadlock(() =>
      deps.db.db.transaction(async (tx) => {
        await enforceAskerLimits(tx, deps.config, { clinic, email, clientKey, now });
        const agent = await findBookableAgent(tx, clinic.id, body.agentId);
        if (!agent)
          throw unprocessable('That provider does not take online bookings at this clinic.');
        // The caps below are counted under these (the clinic's, then the provider's booking lock).
        await lockClinicHoldsAndAgent(tx, clinic.id, agent.id);
        // One indexed read first: a crowd asking for one time queues here, and each but the first
        // is turned away without the slot engine's reads (checkBookable, which also counts holds).
        const held = await repo.liveHoldOverlaps(tx, {
          staffId: agent.id,
          startAt: start,
          endAt: end,
          now,
        });
        if (held) throw conflict(NOT_FREE);
        await repo.expireStaleHolds(tx, { clinicId: clinic.id, staffId: agent.id, email, now });
        // The service's buffers, as the hold's constraint and the booking keep them (ADR 044).
        const check = await checkBookable(tx, {
          agent,
          start,
          durationMinutes: body.duration,
          now,
          settings: slotSettings(deps.config, bufferSettingsOf(service), clinic.id),
        });
        if (!check.ok) throw conflict(NOT_FREE);
        await enforceOpenHoldCaps(tx, deps.config, {
          clinic,
          staffId: agent.id,
          email,
          start,
          now,
        });
        await repo.releaseEmailHolds(tx, clinic.id, email);
        // A time that needs a room holds one too (ADR 045): the first free one the database lets
        // it have; the confirmed booking keeps it. On the public page none free is a time not free.
        const [resourcePlan] = await planResources(
          tx,
          clinic,
          [
            {
              start,
              end,
              ...bufferSettingsOf(service),
              need: service.need,
              serviceName: service.name,
            },
          ],
          now,
        ).catch((err: unknown) => {
          throw err instanceof HttpError && err.statusCode === 409 ? conflict(NOT_FREE) : err;
        });
        const { firstName, lastName, phone, dob } = body.patient;
        const insert = (db: Executor, resourceId: string | null) =>
          repo.insertHold(db, {
            clinicId: clinic.id,
            staffId: agent.id,
            startAt: start,
            endAt: end,
            duration: body.duration,
            serviceId: service.id,
            ...bufferSettingsOf(service),
            email,
            inbox: inboxOf(email),
            patient: { firstName, lastName, phone, dob },
            tokenHash: hashToken(token),
            ip,
            clientKey,
            expiresAt,
            createdAt: now,
            resourceId,
          });
        await writeWithResource(
          tx,
          { candidates: resourcePlan!.candidates, missing: () => conflict(NOT_FREE) },
          insert,
        );
        const payload: HoldSnapshot = {
          token,
          clinic: { name: clinic.name, timezone: clinic.timezone },
          start: start.toISOString(),
          durationMinutes: body.duration,
          expiresAt: expiresAt.toISOString(),
          staff: { name: agent.name },
          service: { name: service.name },
        };
        await queueNotifications(
          tx,
          [
            {
              kind: HOLD_KIND,
              clinicId: clinic.id,
              // Nothing a stranger typed goes into a mail we send, nor stays in the outbox after
              // the hold is purged: the name is proven by nobody until the link is opened.
              recipients: [{ email, name: '', role: 'patient' }],
              payload,
            },
          ],
          now,
        );
      }),
    );
  } catch (err) {
    throw asBookingConflict(err, HOLD_TAKEN_MESSAGE);
  }
  return accepted;
}

/**
 * Books the held time now that the e-mail is proven: the clinic's patient with that e-mail, or a
 * new one when the clinic allows. The hold row is locked first, so a second click waits and then
 * answers with the same visit.
 */
export async function confirmHold(
  deps: AppDeps,
  token: string,
  ip: string,
): Promise<ConfirmedHold> {
  const book = bookInTransaction(deps);
  const sessionUrlOf = (appointmentToken: string) => ({
    sessionUrl: sessionLink(deps.config.PUBLIC_URL, appointmentToken),
  });
  return retryOnDeadlock(() =>
    deps.db.db.transaction(async (tx: Executor) => {
      const hold = await repo.findHoldForUpdate(tx, hashToken(token));
      if (!hold) throw notFound('This link is not valid. Please check that you copied all of it.');
      if (hold.state === 'confirmed' && hold.appointmentId) {
        const appointmentToken = await repo.appointmentToken(tx, hold.appointmentId);
        if (appointmentToken) return sessionUrlOf(appointmentToken);
      }
      const now = deps.now();
      if (hold.state !== 'open' || hold.expiresAt.getTime() <= now.getTime())
        throw gone(HOLD_EXPIRED_MESSAGE);
      const clinic = await findOnlineBookingClinicById(tx, hold.clinicId);
      // A clinic that gave no number is not one to call: the patient is to contact it.
      const refuse = (id: PolicySentenceId) =>
        new PolicyRefusal(422, { id, values: { phone: phoneValue(clinic) } });
      const patients = await repo.servicePatientsAllowed(tx, hold.serviceId);
      const match = await matchOnlinePatient(
        tx,
        clinic.id,
        { ...hold.patient, email: hold.email },
        clinic.onlineBooking.allowNewPatients && patients !== 'existing',
      );
      if (!match) {
        throw refuse(
          patients === 'existing'
            ? 'onlineBooking.serviceForOwnPatients'
            : 'onlineBooking.knownPatientsOnly',
        );
      }
      // Thrown before anything is written: the new patient's row goes with the transaction.
      if (patients === 'new' && !match.created) {
        throw refuse('onlineBooking.serviceForNewPatients');
      }
      // The hold stops holding before the booking goes in, so the time is free for it alone.
      await repo.setHoldState(tx, hold.id, { state: 'confirmed' });
      const booked = await book(tx, {
        clinic: { id: clinic.id, slug: clinic.slug, name: clinic.name, timezone: clinic.timezone },
        patientId: match.patient.id,
        agentId: hold.staffId,
        start: hold.startAt,
        duration: hold.duration,
        serviceId: hold.serviceId,
        resourceId: hold.resourceId,
        notes: null,
        source: ONLINE_SOURCE,
        by: { userId: null, name: ONLINE_ACTOR },
        ip,
      });
      await repo.setHoldState(tx, hold.id, { state: 'confirmed', appointmentId: booked.id });
      return sessionUrlOf(booked.token);
    }),
  );
}

async function findOnlineBookingClinicById(tx: Executor, clinicId: string) {
  const clinic = await repo.findClinicById(tx, clinicId);
  if (!clinic || !clinic.onlineBooking.enabled) throw notFound(NOT_OFFERED);
  return clinic;
}
