import type {
  ClinicPolicy,
  ClinicPolicyView,
  UpdateClinicPolicyResponse,
} from '@contracts/clinic-policy';
import type { AppDeps } from '../../app-deps';
import { notFound } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import { replanClinicReminders } from '../notifications';
import { requireMemberClinic } from './clinic-scope';
import {
  findClinicPolicy,
  setReminderOffsets,
  setSelfServicePolicy,
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
  },
});

/** A clinic's own rules, for the admins of that clinic. */
export async function getClinicPolicy(
  deps: AppDeps,
  { user }: RequestContext,
  slug: string,
): Promise<ClinicPolicyView> {
  return viewOf(await readPolicy(deps, user, slug));
}

/**
 * Saves a clinic's rules and, in the same transaction, plans again the reminders of its upcoming
 * appointments nobody has been reminded of yet, so that the policy and the outbox never disagree.
 */
export async function updateClinicPolicy(
  deps: AppDeps,
  { user }: RequestContext,
  slug: string,
  policy: ClinicPolicy,
): Promise<UpdateClinicPolicyResponse> {
  const clinic = await readPolicy(deps, user, slug);
  const offsets = [...policy.reminders.offsetsMinutes].sort((a, b) => b - a);
  const now = deps.now();
  const rescheduledAppointments = await deps.db.db.transaction(async (tx) => {
    await setReminderOffsets(tx, clinic.id, offsets);
    if (policy.selfService) await setSelfServicePolicy(tx, clinic.id, policy.selfService);
    if (policy.waitlist) await setWaitlistPolicy(tx, clinic.id, policy.waitlist);
    return replanClinicReminders(tx, { ...clinic, offsets }, now);
  });
  const selfService = policy.selfService ?? clinic.selfService;
  return {
    ...viewOf({ ...clinic, ...policy.waitlist, offsets, selfService }),
    rescheduledAppointments,
  };
}
