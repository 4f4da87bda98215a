import { canChangeAppointment } from '@domain/appointment-status';
import type { Appointment, SeriesScope } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import { badRequest, conflict } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import { outboxRow } from '../notifications';
import { applyChange, loadForChange, statusSubject } from './apply-change';
import { CHANGE_REFUSED } from './change-appointment';
import { cancelInSeries } from './series-changes';
import { appointmentSnapshot } from './appointment-snapshot';

/**
 * Cancels with a reason (spec §5: required of staff, trimmed; the patient may give none). The
 * link keeps opening the page, which then says the appointment was cancelled, when and why. For a
 * visit of a series, `scope` can cancel the following visits or the whole series too.
 */
export async function cancelAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  rawReason: string | undefined,
  scope: SeriesScope = 'one',
): Promise<Appointment> {
  const reason = rawReason?.trim() ?? '';
  if (!reason && !ctx.patient) throw badRequest('A reason is required to cancel an appointment.');
  const row = await loadForChange(deps, ctx, id);
  const { appointment: current } = row;
  const now = deps.now();
  if (!canChangeAppointment(statusSubject(row), now)) {
    throw conflict(CHANGE_REFUSED);
  }
  if (scope !== 'one' && current.seriesId) return cancelInSeries(deps, ctx, row, scope, reason);
  return applyChange(deps, ctx, row, {
    values: { status: 'CANCELLED', tokenRevokedAt: now },
    events: [{ type: 'CANCELLED', reason: reason || null }],
    outbox: [outboxRow('cancelled', appointmentSnapshot(row, reason ? { reason } : {}))],
    audit: 'cancel',
  });
}
