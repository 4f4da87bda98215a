import {
  canMarkAppointment,
  markActionToStatus,
  type MarkAction,
} from '@domain/appointment-status';
import type { Appointment } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import { applyChange, loadForChange } from './apply-change';

/** Records how a visit went: only once it has started, and only once (spec §4). */
export async function markAppointment(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  action: MarkAction,
): Promise<Appointment> {
  const row = await loadForChange(deps, ctx, id);
  const { appointment: current } = row;
  if (!canMarkAppointment({ date: current.startAt, status: current.status }, deps.now())) {
    throw conflict(
      'This appointment cannot be marked: it has not started yet, or it is already completed, cancelled or marked as a no-show.',
    );
  }
  const status = markActionToStatus(action);
  return applyChange(deps, ctx, row, {
    values: { status },
    events: [{ type: status }],
    outbox: [],
    audit: 'mark',
  });
}
