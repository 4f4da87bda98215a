import { canConfirmAppointment, normalizeStatus } from '@domain/appointment-status';
import type { Appointment } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import { applyChange, loadForChange } from './apply-change';
import { toAppointmentView } from './appointment-view';

export const CONFIRM_REFUSED =
  'This appointment cannot be confirmed: it has started, or it is cancelled or already marked.';

/**
 * Staff record that the patient will come (a phone call, a word at the desk), in their own
 * name. Confirming a confirmed appointment changes nothing and answers it as it is.
 */
export async function confirmAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<Appointment> {
  const row = await loadForChange(deps, ctx, id);
  const { appointment: current } = row;
  if (normalizeStatus(current.status) === 'CONFIRMED' && current.startAt > deps.now()) {
    return toAppointmentView(row);
  }
  if (!canConfirmAppointment({ date: current.startAt, status: current.status }, deps.now())) {
    throw conflict(CONFIRM_REFUSED);
  }
  return applyChange(deps, ctx, row, {
    values: { status: 'CONFIRMED' },
    events: [{ type: 'CONFIRMED' }],
    outbox: [],
    audit: 'confirm',
  });
}
