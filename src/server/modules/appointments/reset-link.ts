import { canChangeAppointment } from '@domain/appointment-status';
import type { Appointment } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import { newSessionToken } from '../../security/session-token';
import { outboxRow } from '../notifications';
import { applyChange, loadForChange } from './apply-change';
import { appointmentSnapshot } from './appointment-snapshot';

export const LINK_RESET_REFUSED =
  'This link can no longer be reset: the appointment has started or was cancelled.';

/**
 * Staff replace the patient's link (it was forwarded to the wrong person, or leaked): a new
 * token, the old one unknown from this commit on, and the patient sent the new link. The only
 * way a link changes (ADR 016).
 */
export async function resetLink(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<Appointment> {
  const row = await loadForChange(deps, ctx, id);
  const { appointment: current } = row;
  if (!canChangeAppointment({ date: current.startAt, status: current.status }, deps.now())) {
    throw conflict(LINK_RESET_REFUSED);
  }
  const token = newSessionToken();
  return applyChange(deps, ctx, row, {
    values: { token },
    events: [{ type: 'LINK_RESET' }],
    outbox: [outboxRow('link_reset', appointmentSnapshot(row, { token }))],
    audit: 'link_reset',
  });
}
