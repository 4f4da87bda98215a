import { languageSourcesOf } from '@domain/patient-language';
import { canConfirmAppointment, isMarkedStatus, normalizeStatus } from '@domain/appointment-status';
import {
  firstNameOnly,
  isVisitLinkExpired,
  sessionWindow,
  visitJoinRefusal,
  type SessionWindow,
} from '@domain/session-window';
import {
  NOT_A_VALID_LINK,
  sessionToken,
  VISIT_LINK_EXPIRED,
  type PatientSessionView,
  type PatientVisitKind,
  type StaffSessionView,
} from '@contracts/session';
import { phoneEnding, visitKindOf } from '@domain/visit-kind';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { conflict, gone, notFound } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import { recordAudit } from '../audit';
import { queueChangeWebhooks } from '../appointments';
import { serviceOfAppointment } from '../services';
import * as repo from './sessions.repository';
import { personName } from '@domain/person-name';

export function windowOf(deps: AppDeps, row: repo.SessionRow): SessionWindow {
  return sessionWindow(
    {
      start: row.appointment.startAt,
      durationMinutes: row.appointment.duration,
      status: row.appointment.status,
    },
    deps.now(),
    {
      opensMinutesBefore: deps.config.SESSION_JOIN_OPENS_MINUTES_BEFORE,
      closesMinutesAfterEnd: deps.config.SESSION_JOIN_CLOSES_MINUTES_AFTER,
    },
  );
}

/**
 * Unknown, malformed and replaced tokens all get the same answer, which reveals nothing; so does
 * a link past its days after the visit, but for saying it has expired.
 */
export async function findSessionByToken(deps: AppDeps, token: string) {
  if (!sessionToken.safeParse(token).success) throw notFound(NOT_A_VALID_LINK);
  const row = await repo.findByToken(deps.db.db, token);
  if (!row) throw notFound(NOT_A_VALID_LINK);
  if (isVisitLinkExpired(row.appointment.endAt, deps.now(), deps.config.VISIT_LINK_DAYS_AFTER_END))
    throw gone(VISIT_LINK_EXPIRED);
  return row;
}

export function toPatientView(deps: AppDeps, row: repo.SessionRow): PatientSessionView {
  const window = windowOf(deps, row);
  return {
    appointmentId: row.appointment.id,
    clinic: { name: row.clinic.name, timezone: row.clinic.timezone },
    provider: { name: row.provider.name },
    patient: { firstName: firstNameOnly(row.patient.firstName) },
    start: row.appointment.startAt.toISOString(),
    durationMinutes: row.appointment.duration,
    status: row.appointment.status,
    state: window.state,
    joinOpensAt: window.opensAt.toISOString(),
    joinClosesAt: window.closesAt.toISOString(),
    serverNow: deps.now().toISOString(),
    confirmable: canConfirmAppointment(
      { date: row.appointment.startAt, status: row.appointment.status },
      deps.now(),
    ),
    language: languageSourcesOf(row.patient.preferredLanguage, row.clinic.defaultLanguage),
  };
}

/**
 * What kind of visit the link is for (issue 42), read from its service as it is now: an
 * appointment booked before services (no service) is the clinic's default, a video visit.
 */
export async function visitKindOfSession(
  deps: AppDeps,
  row: repo.SessionRow,
): Promise<PatientVisitKind> {
  const service = await serviceOfAppointment(
    deps.db.db,
    row.appointment.clinicId,
    row.appointment.serviceId,
  );
  return {
    ...visitKindOf(service, row.clinic.address),
    phoneEnding: service.kind === 'phone' ? phoneEnding(row.patient.phone) : null,
  };
}

/** Why there is no call to join for a visit that is not by video. */
export function noCallRefusal(kind: PatientVisitKind['kind']): string | null {
  if (kind === 'in_person') return 'This visit is in person, so there is no video call to join.';
  if (kind === 'phone') return 'This visit is by phone: the clinic will call you.';
  return null;
}

/** What the patient did through their link, in the audit log: by the token's address, no user. */
function auditPatientAction(
  tx: Executor,
  row: repo.SessionRow,
  ip: string,
  action: 'join' | 'confirm',
  now: Date,
) {
  return recordAudit(
    tx,
    { userId: null, ip },
    [
      {
        action,
        entityType: 'appointment',
        entityId: row.appointment.id,
        patientId: row.patient.id,
        details: { by: 'patient' },
      },
    ],
    now,
  );
}

/**
 * The patient joins: allowed only while the window is open, and PATIENT_JOINED is written once
 * per visit however often the page reloads.
 */
export async function joinPatientSession(deps: AppDeps, token: string, ip: string) {
  const row = await findSessionByToken(deps, token);
  const window = windowOf(deps, row);
  if (window.state === 'cancelled') throw conflict('This appointment was cancelled.');
  const noCall = noCallRefusal((await visitKindOfSession(deps, row)).kind);
  if (noCall) throw conflict(noCall);
  if (window.state === 'too_early') throw conflict('The visit is not open yet.');
  if (window.state === 'ended') throw conflict('This visit has ended.');
  const now = deps.now();
  await deps.db.db.transaction(async (tx) => {
    if (await repo.hasJoinedSince(tx, row.appointment.id, window.opensAt)) return;
    const name = firstNameOnly(row.patient.firstName);
    await repo.recordJoin(tx, row.appointment.id, now, name);
    await auditPatientAction(tx, row, ip, 'join', now);
  });
  return { iceServers: deps.config.ICE_SERVERS };
}

/** Said to a patient who confirms what can no longer be confirmed. */
function confirmRefusal(status: string, window: SessionWindow): string {
  if (window.state === 'cancelled')
    return 'This appointment was cancelled, so there is nothing to confirm.';
  if (isMarkedStatus(normalizeStatus(status))) return 'This visit has ended.';
  return 'This visit has already started, so there is nothing to confirm.';
}

/**
 * The patient confirms they will come, from their link: CONFIRMED with a history entry by
 * "Patient", once. Confirming again answers the page as it is; a cancelled, marked or started
 * appointment is a 409 that says which.
 */
export async function confirmPatientSession(
  deps: AppDeps,
  token: string,
  ip: string,
): Promise<PatientSessionView> {
  const row = await findSessionByToken(deps, token);
  if (normalizeStatus(row.appointment.status) === 'CONFIRMED') return toPatientView(deps, row);
  const now = deps.now();
  const confirmed = await deps.db.db.transaction(async (tx) => {
    if (!(await repo.confirmByPatient(tx, row.appointment.id, now))) return false;
    await auditPatientAction(tx, row, ip, 'confirm', now);
    await queueChangeWebhooks(
      tx,
      {
        appointmentId: row.appointment.id,
        clinicId: row.appointment.clinicId,
        historyTypes: ['CONFIRMED'],
      },
      now,
    );
    return true;
  });
  // Either way the answer is the appointment as it is now; a refusal says why.
  const fresh = await findSessionByToken(deps, token);
  if (!confirmed && normalizeStatus(fresh.appointment.status) !== 'CONFIRMED') {
    throw conflict(confirmRefusal(fresh.appointment.status, windowOf(deps, fresh)));
  }
  return toPatientView(deps, fresh);
}

/** The staff side of the same visit, for staff of that clinic only. */
export async function getStaffSession(
  deps: AppDeps,
  { user }: RequestContext,
  id: string,
): Promise<StaffSessionView> {
  const row = await repo.findById(deps.db.db, id);
  if (!row || !user.clinicIds.has(row.appointment.clinicId))
    throw notFound('Appointment not found');
  const view = toPatientView(deps, row);
  return {
    ...view,
    clinic: { slug: row.clinic.slug, name: row.clinic.name, timezone: row.clinic.timezone },
    provider: row.provider,
    patient: {
      firstName: view.patient.firstName,
      name: personName(row.patient),
      email: row.patient.email,
    },
    notes: row.appointment.notes,
    iceServers: deps.config.ICE_SERVERS,
    joinRefusal: visitJoinRefusal(user.id, row.provider),
    // Staff see what kind of visit it is too: only a video visit has a call to start.
    visit: await visitKindOfSession(deps, row),
  };
}
