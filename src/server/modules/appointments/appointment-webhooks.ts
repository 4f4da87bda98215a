import type { Executor } from '../../db/client';
import { queueAppointmentWebhooks } from '../webhooks';
import { toAppointmentView } from './appointment-view';
import * as repo from './appointments.repository';

/**
 * Queues the webhooks of a change made outside applyChange (the patient's own confirmation), in
 * that change's transaction, with the appointment as it now stands.
 */
export async function queueChangeWebhooks(
  tx: Executor,
  change: { appointmentId: string; clinicId: string; historyTypes: readonly string[] },
  now: Date,
): Promise<void> {
  const row = await repo.findAppointment(tx, change.appointmentId, [change.clinicId]);
  if (!row) return;
  await queueAppointmentWebhooks(
    tx,
    {
      clinicId: change.clinicId,
      appointment: toAppointmentView(row),
      historyTypes: change.historyTypes,
    },
    now,
  );
}
