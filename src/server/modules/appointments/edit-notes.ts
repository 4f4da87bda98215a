import type { Appointment } from '@contracts/appointments';
import type { AppDeps } from '../../app-deps';
import { unprocessable } from '../../errors';
import type { RequestContext } from '../../core/request-context';
import { applyChange, loadForChange } from './apply-change';

/**
 * Replaces the notes at any status: notes about how a visit went are written after it, and a
 * cancelled visit's notes may say why. The history says that they changed and who changed them,
 * not what they say (notes may hold clinical detail, and the history is shown to every reader).
 */
export async function editNotes(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  rawNotes: string | null,
): Promise<Appointment> {
  const notes = rawNotes || null;
  const row = await loadForChange(deps, ctx, id);
  if ((row.appointment.notes ?? null) === notes) {
    throw unprocessable('Nothing to change: the notes already read like this.');
  }
  return applyChange(deps, ctx, row, {
    values: { notes },
    events: [{ type: 'NOTES_EDITED' }],
    outbox: [],
    audit: 'notes',
  });
}
