import type {
  ClinicPolicy,
  ClinicPolicyView,
  MailPreviewsView,
  UpdateClinicPolicyResponse,
} from '@contracts/clinic-policy';
import type { PatientLanguage } from '@domain/patients';
import { SECOND_FACTOR_POLICIES } from '@contracts/two-step';
import { PATIENT_EDITOR_CHOICES } from '@domain/patients';
import { languageOf } from '@domain/patient-language';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { badRequest, conflict, notFound } from '../../errors';
import { duplicateKeyOf } from '../../db/errors';
import type { RequestContext } from '../../core/request-context';
import { previewsOfClinic, replanClinicReminders } from '../notifications';
import { requireMemberClinic } from './clinic-scope';
import { auditClinicChanges } from './clinic-audit';
import { checkTextPolicy, saveTextPolicy } from './text-policy';
import {
  findClinicPolicy,
  setPatientLanguage,
  listBookableAgents,
  setOnlineBookingPolicy,
  setOutsideCalendarsPolicy,
  setReportViewerRoles,
  setPatientEditorRoles,
  setReminderOffsets,
  setSelfServicePolicy,
  setSignInPolicy,
  setWaitlistPolicy,
} from './clinics.repository';

async function readPolicy(deps: AppDeps, user: RequestContext['user'], slug: string) {
  const member = requireMemberClinic(user, slug);
  const row = await findClinicPolicy(deps.db.db, member.id);
  if (!row) throw notFound('Clinic not found.');
  return row;
}

const viewOf = (row: Awaited<ReturnType<typeof readPolicy>>): ClinicPolicyView => ({
  clinic: { id: row.id, slug: row.slug, name: row.name, timezone: row.timezone },
  policy: {
    reminders: { offsetsMinutes: [...row.offsets].sort((a, b) => b - a) },
    selfService: row.selfService,
    waitlist: { offersAtOnce: row.offersAtOnce, holdMinutes: row.holdMinutes },
    onlineBooking: {
      ...row.onlineBooking,
      durations: [...row.onlineBooking.durations].sort((a, b) => a - b),
    },
    patientRecords: {
      editorRoles: PATIENT_EDITOR_CHOICES.filter((r) => row.patientEditorRoles.includes(r)),
    },
    signIn: {
      secondFactor: SECOND_FACTOR_POLICIES.find((p) => p === row.signIn.secondFactor) ?? 'off',
      passkeySignIn: row.signIn.passkeySignIn,
    },
    texts: row.texts,
    outsideCalendars: row.outsideCalendars,
    reports: {
      viewerRoles: PATIENT_EDITOR_CHOICES.filter((r) => row.reportViewerRoles.includes(r)),
    },
    patientLanguage: { defaultLanguage: languageOf(row.patientLanguage.defaultLanguage) ?? 'en' },
  },
});

/**
 * Online bookings go only to people who can be booked here: each chosen provider must be an
 * active provider or nurse of this clinic, and a page that is on must offer someone.
 */
async function checkOnlineBooking(
  deps: AppDeps,
  clinicId: string,
  policy: NonNullable<ClinicPolicy['onlineBooking']>,
) {
  if (policy.enabled && policy.agentIds.length === 0) {
    const message = 'Choose at least one provider who takes online bookings.';
    throw badRequest(message, {
      details: 'Online booking can be turned on once at least one provider is chosen for it.',
      fields: [{ field: 'onlineBooking.agentIds', message }],
    });
  }
  if (policy.agentIds.length === 0) return;
  const bookable = new Set((await listBookableAgents(deps.db.db, clinicId)).map((a) => a.id));
  const unknown = policy.agentIds.filter((id) => !bookable.has(id));
  if (unknown.length > 0) {
    const details =
      unknown.length === 1
        ? `The provider with id ${unknown[0]} is not a bookable provider of this clinic.`
        : `The providers with ids ${unknown.join(', ')} are not bookable providers of this clinic.`;
    throw badRequest('Some chosen providers cannot be booked in this clinic.', {
      details,
      fields: [{ field: 'onlineBooking.agentIds', message: details }],
    });
  }
}

/**
 * Who besides admins reads the clinic's reports is an access decision: saved and audited, with
 * the roles before and after, when it changes.
 */
async function saveReportViewerRoles(
  tx: Executor,
  ctx: RequestContext,
  clinic: { id: string; reportViewerRoles: string[] },
  roles: string[],
  at: Date,
) {
  const before = PATIENT_EDITOR_CHOICES.filter((r) => clinic.reportViewerRoles.includes(r));
  const after = PATIENT_EDITOR_CHOICES.filter((r) => roles.includes(r));
  if (before.join() === after.join()) return;
  await setReportViewerRoles(tx, clinic.id, after);
  await auditClinicChanges(
    tx,
    ctx,
    clinic.id,
    [{ field: 'reports.viewerRoles', from: before, to: after }],
    at,
  );
}

/**
 * Runs a save of the policy, answering a 409 in words when the sending number is another
 * clinic's: replies to a number reach one clinic, so two cannot share it (migration 0048's unique
 * index decides, also between two clinics saving one number at the same moment).
 */
async function withSendingNumberOwned<T>(number: string | null, save: () => Promise<T>) {
  try {
    return await save();
  } catch (err) {
    if (number && duplicateKeyOf(err) === 'clinics_text_number_key') {
      const message = `${number} is already another clinic’s sending number. Each clinic needs its own, so that patients’ replies reach the right clinic; choose another number or leave it blank to use the gateway’s.`;
      throw conflict(message, {
        details: message,
        fields: [{ field: 'texts.sendingNumber', message }],
      });
    }
    throw err;
  }
}

/** A clinic's own rules, for the admins of that clinic. */
export async function getClinicPolicy(
  deps: AppDeps,
  { user }: RequestContext,
  slug: string,
): Promise<ClinicPolicyView> {
  return viewOf(await readPolicy(deps, user, slug));
}

/**
 * Every e-mail the clinic's patients can get, in one language, as the mail worker would write it
 * now (issue 44): for the admins of that clinic, like its rules. Nothing is sent or stored.
 */
export async function getMailPreviews(
  deps: AppDeps,
  { user }: RequestContext,
  slug: string,
  language: PatientLanguage,
): Promise<MailPreviewsView> {
  const clinic = await readPolicy(deps, user, slug);
  const messages = await previewsOfClinic(deps.db.db, clinic, {
    language,
    publicUrl: deps.config.PUBLIC_URL,
    mailFrom: deps.config.MAIL_FROM,
    now: deps.now(),
  });
  return { language, messages };
}

/**
 * Saves a clinic's rules and, in the same transaction, plans again the reminders of its upcoming
 * appointments nobody has been reminded of yet, so that the policy and the outbox never disagree.
 */
export async function updateClinicPolicy(
  deps: AppDeps,
  ctx: RequestContext,
  slug: string,
  policy: ClinicPolicy,
): Promise<UpdateClinicPolicyResponse> {
  const clinic = await readPolicy(deps, ctx.user, slug);
  const texts = policy.texts ? checkTextPolicy(policy.texts) : clinic.texts;
  const offsets = [...policy.reminders.offsetsMinutes].sort((a, b) => b - a);
  if (policy.onlineBooking) await checkOnlineBooking(deps, clinic.id, policy.onlineBooking);
  const now = deps.now();
  const rescheduledAppointments = await withSendingNumberOwned(texts.sendingNumber, () =>
    deps.db.db.transaction(async (tx) => {
      await setReminderOffsets(tx, clinic.id, offsets);
      if (policy.selfService) await setSelfServicePolicy(tx, clinic.id, policy.selfService);
      if (policy.waitlist) await setWaitlistPolicy(tx, clinic.id, policy.waitlist);
      if (policy.onlineBooking) await setOnlineBookingPolicy(tx, clinic.id, policy.onlineBooking);
      if (policy.patientRecords) {
        await setPatientEditorRoles(tx, clinic.id, policy.patientRecords.editorRoles);
      }
      if (policy.signIn) await setSignInPolicy(tx, clinic.id, policy.signIn);
      if (policy.outsideCalendars) {
        await setOutsideCalendarsPolicy(tx, clinic.id, policy.outsideCalendars);
      }
      if (policy.reports) {
        await saveReportViewerRoles(tx, ctx, clinic, policy.reports.viewerRoles, now);
      }
      await saveTextPolicy(tx, ctx, clinic.id, clinic.texts, texts, now);
      const language = policy.patientLanguage?.defaultLanguage;
      const languageBefore = clinic.patientLanguage.defaultLanguage;
      if (language && language !== languageBefore) {
        // Audited as the texting policy is: it decides what every patient without a choice reads.
        await setPatientLanguage(tx, clinic.id, language);
        await auditClinicChanges(
          tx,
          ctx,
          clinic.id,
          [{ field: 'patientLanguage.defaultLanguage', from: languageBefore, to: language }],
          now,
        );
      }
      return replanClinicReminders(tx, { ...clinic, offsets }, now);
    }),
  );
  const selfService = policy.selfService ?? clinic.selfService;
  const onlineBooking = policy.onlineBooking ?? clinic.onlineBooking;
  const patientEditorRoles = policy.patientRecords?.editorRoles ?? clinic.patientEditorRoles;
  return {
    ...viewOf({
      ...clinic,
      ...policy.waitlist,
      offsets,
      selfService,
      onlineBooking,
      patientEditorRoles,
      signIn: policy.signIn ?? clinic.signIn,
      texts,
      outsideCalendars: policy.outsideCalendars ?? clinic.outsideCalendars,
      reportViewerRoles: policy.reports?.viewerRoles ?? clinic.reportViewerRoles,
      patientLanguage: policy.patientLanguage ?? clinic.patientLanguage,
    }),
    rescheduledAppointments,
  };
}
