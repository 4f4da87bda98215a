import { mailboxAddress } from '@domain/icalendar';
import { personName } from '@domain/person-name';
import { addDaysToKey } from '@domain/zoned-time';
import { clinicReachOf } from '@domain/clinic-reach';
import {
  earliestPatientMove,
  moveTooSoonSentence,
  selfServiceRefusalSentence,
  selfServiceState,
  type SelfServicePolicy,
  type SelfServiceRefusal,
} from '@domain/self-service';
import type { PolicyAction } from '@domain/policy-sentences';
import {
  MAX_PATIENT_SLOT_DAYS,
  type PatientCancelBody,
  type PatientRescheduleBody,
  type PatientSessionView,
  type PatientSlotsQuery,
  type PatientSlotsResponse,
} from '@contracts/session';
import type { PatientLanguage } from '@domain/patients';
import type { AppDeps } from '../../app-deps';
import { PolicyRefusal, sayPolicySentence } from '../../core/policy-sentences';
import { patientContext } from '../../core/request-context';
import { badRequest, HttpError, unprocessable } from '../../errors';
import {
  cancelAppointment,
  CHANGED_MEANWHILE,
  changeAppointment,
  type ChangeGuard,
} from '../appointments';
import { clinicSlots } from '../clinics';
import { patientMailWords, sessionLink, visitCalendar } from '../notifications';
import * as repo from './sessions.repository';
import { findSessionByToken, toPatientView, visitKindOfSession } from './sessions.service';

// The patient's own changes through their link (ADR 016): the clinic's policy decides whether
// they may; the appointments module makes them, exactly as it makes staff's, as "Patient".

async function stateOf(deps: AppDeps, row: repo.SessionRow) {
  const policy: SelfServicePolicy = row.policy;
  const onlineReschedules = await repo.countOnlineReschedules(deps.db.db, row.appointment.id);
  const state = selfServiceState(
    { start: row.appointment.startAt, status: row.appointment.status, onlineReschedules },
    policy,
    deps.now(),
  );
  return { policy, state };
}

/**
 * The page's view, with what the patient may change and, once cancelled, when and why; what the
 * clinic's policy refuses is said in the page's `language` (issue 44).
 */
export async function patientView(
  deps: AppDeps,
  row: repo.SessionRow,
  language: PatientLanguage = 'en',
): Promise<PatientSessionView> {
  const { policy, state } = await stateOf(deps, row);
  const cancelled = row.appointment.status.toUpperCase() === 'CANCELLED';
  const cancellation = cancelled
    ? await repo.findCancellation(deps.db.db, row.appointment.id)
    : undefined;
  const horizonEnd = new Date(deps.now().getTime() + deps.config.SLOT_HORIZON_DAYS * 86_400_000);
  const visit = await visitKindOfSession(deps, row);
  const said = (refusal: SelfServiceRefusal, action: PolicyAction) =>
    sayPolicySentence(selfServiceRefusalSentence(refusal, action, policy, row.clinic), language);
  const answer = (refusal: SelfServiceRefusal | null, action: 'reschedule' | 'cancel') => ({
    allowed: refusal === null,
    refusal: refusal === null ? null : said(refusal, action),
  });
  return {
    ...toPatientView(deps, row),
    reach: clinicReachOf(row.clinic),
    cancellation: cancellation
      ? { at: cancellation.at.toISOString(), reason: cancellation.reason || null }
      : null,
    selfService: {
      reschedule: answer(state.reschedule, 'reschedule'),
      cancel: answer(state.cancel, 'cancel'),
      closed:
        state.reschedule && state.reschedule === state.cancel
          ? said(state.reschedule, 'both')
          : null,
      cutoffAt: state.cutoffAt.toISOString(),
      horizonEnd: horizonEnd.toISOString(),
    },
    visit,
  };
}

export async function getPatientSession(
  deps: AppDeps,
  token: string,
  language: PatientLanguage = 'en',
) {
  return patientView(deps, await findSessionByToken(deps, token), language);
}

async function requireAllowed(
  deps: AppDeps,
  row: repo.SessionRow,
  action: 'reschedule' | 'cancel',
) {
  const { policy, state } = await stateOf(deps, row);
  const refusal = state[action];
  if (refusal)
    throw new PolicyRefusal(409, selfServiceRefusalSentence(refusal, action, policy, row.clinic));
}

const linkOf = (row: repo.SessionRow) => ({
  appointmentId: row.appointment.id,
  clinic: {
    id: row.clinic.id,
    slug: row.clinic.slug,
    name: row.clinic.name,
    timezone: row.clinic.timezone,
  },
});

/**
 * Free times of the same provider for the same length, two weeks at most, in the patient's
 * zone; the appointment's own time counts as free (it is theirs to keep).
 */
export async function patientSlots(
  deps: AppDeps,
  query: PatientSlotsQuery,
  ip: string,
): Promise<PatientSlotsResponse> {
  const row = await findSessionByToken(deps, query.token);
  if (query.to < query.from) throw badRequest('The end date must not be before the start date.');
  if (query.to > addDaysToKey(query.from, MAX_PATIENT_SLOT_DAYS - 1))
    throw badRequest(`Ask for at most ${MAX_PATIENT_SLOT_DAYS} days of times at a time.`);
  await requireAllowed(deps, row, 'reschedule');
  const { timezone, slots } = await clinicSlots(
    deps,
    patientContext(linkOf(row), ip),
    row.clinic.slug,
    {
      from: query.from,
      to: query.to,
      duration: row.appointment.duration,
      agentId: row.appointment.staffId,
      timezone: query.timezone,
      excludeAppointmentId: row.appointment.id,
      // What was booked, archived or not: its buffers and the room it needs (ADR 044, 045).
      serviceId: row.appointment.serviceId ?? undefined,
    },
    { bookedService: true },
  );
  const current = row.appointment.startAt.getTime();
  const earliest = earliestMoveOf(deps, row).getTime();
  return {
    timezone,
    slots: slots
      .filter((slot) => {
        const start = new Date(slot.startTime).getTime();
        return start !== current && start >= earliest;
      })
      .map((slot) => ({ start: slot.startTime, end: slot.endTime })),
  };
}

/** The soonest a patient may move their visit to (ADR 016): the clinic's online notice. */
const earliestMoveOf = (deps: AppDeps, row: repo.SessionRow) =>
  earliestPatientMove(deps.now(), row.policy.minNoticeHours, deps.config.SLOT_MIN_NOTICE_MINUTES);

/** Tries of a patient's move that lost to another change of the same visit made meanwhile. */
const MOVE_ATTEMPTS = 4;

/** The patient moves their visit: the staff's use case, as "Patient", with the same provider. */
export async function reschedulePatientSession(
  deps: AppDeps,
  body: PatientRescheduleBody,
  ip: string,
  language: PatientLanguage = 'en',
): Promise<PatientSessionView> {
  // "Move it to this time" still means the same when the visit changed since it was read (the
  // patient's other tab moved it): read it again and try again, where staff would be asked to
  // reload. Each retry follows a change that went through, and the guard ends the moves.
  for (let attempt = 1; ; attempt++) {
    try {
      await moveOnce(deps, body, ip);
      break;
    } catch (err) {
      const lostRace = err instanceof HttpError && err.message === CHANGED_MEANWHILE;
      if (!lostRace || attempt >= MOVE_ATTEMPTS) throw err;
    }
  }
  return patientView(deps, await findSessionByToken(deps, body.token), language);
}

async function moveOnce(deps: AppDeps, body: PatientRescheduleBody, ip: string) {
  const row = await findSessionByToken(deps, body.token);
  await requireAllowed(deps, row, 'reschedule');
  if (new Date(body.start).getTime() === row.appointment.startAt.getTime())
    throw unprocessable('This is already the time of your appointment. Pick another time.');
  if (new Date(body.start) < earliestMoveOf(deps, row))
    throw new PolicyRefusal(422, moveTooSoonSentence(row.policy.minNoticeHours, row.clinic));
  // The check above answers early; this one decides. Parallel moves each read the count before
  // the others wrote theirs, so it is counted again under the appointment's lock.
  const guard: ChangeGuard = async (tx, current) => {
    const onlineReschedules = await repo.countOnlineReschedules(tx, row.appointment.id);
    const { reschedule } = selfServiceState(
      { start: current.startAt, status: current.status, onlineReschedules },
      row.policy,
      deps.now(),
    );
    if (reschedule) {
      const sentence = selfServiceRefusalSentence(reschedule, 'reschedule', row.policy, row.clinic);
      throw new PolicyRefusal(409, sentence);
    }
  };
  await changeAppointment(
    deps,
    patientContext(linkOf(row), ip),
    row.appointment.id,
    { date: body.start, staff: { id: row.appointment.staffId } },
    { guard },
  );
}

/** The patient cancels: the staff's use case, as "Patient"; the reason is theirs to give. */
export async function cancelPatientSession(
  deps: AppDeps,
  body: PatientCancelBody,
  ip: string,
  language: PatientLanguage = 'en',
): Promise<PatientSessionView> {
  const row = await findSessionByToken(deps, body.token);
  await requireAllowed(deps, row, 'cancel');
  await cancelAppointment(deps, patientContext(linkOf(row), ip), row.appointment.id, body.reason);
  return patientView(deps, await findSessionByToken(deps, body.token), language);
}

/**
 * The visit as a calendar file, as the patient's e-mails carry it and in their language: a plain
 * file to import (no METHOD, not an invitation to answer), so DTSTAMP is the visit's last change.
 * Its UID and sequence match the e-mails' files.
 */
export async function patientCalendar(deps: AppDeps, token: string): Promise<string> {
  const row = await findSessionByToken(deps, token);
  const visit = await visitKindOfSession(deps, row);
  return visitCalendar({
    visits: [
      {
        appointmentId: row.appointment.id,
        start: row.appointment.startAt,
        end: row.appointment.endAt,
        sequence: row.appointment.version,
        link: sessionLink(deps.config.PUBLIC_URL, token),
        joinLink: sessionLink(deps.config.PUBLIC_URL, token),
      },
    ],
    clinic: {
      name: row.clinic.name,
      organizerEmail: mailboxAddress(deps.config.MAIL_FROM),
      reminderOffsetsMinutes: row.clinic.reminderOffsetsMinutes,
    },
    visit,
    provider: row.provider.name,
    reader: {
      name: personName(row.patient),
      email: row.patient.email,
      role: 'patient',
    },
    cancelled: row.appointment.status.toUpperCase() === 'CANCELLED',
    stamp: row.appointment.updatedAt,
    words: patientMailWords(row.patient.preferredLanguage, row.clinic.defaultLanguage),
  });
}
