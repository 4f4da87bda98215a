import { randomUUID } from 'node:crypto';
import type { Appointment } from '@contracts/appointments';
import { webhookEventsOf } from '@domain/webhook-events';
import type { Executor } from '../../db/client';
import * as repo from './webhooks.repository';

export interface AppointmentChangeForWebhooks {
  clinicId: string;
  /** The appointment after the change, in the API's JSON shape. */
  appointment: Appointment;
  /** The history entries the change wrote ('BOOKED', 'RESCHEDULE', …): they name its events. */
  historyTypes: readonly string[];
}

/**
 * Writes the change's deliveries, one per event and subscribed endpoint, in the change's own
 * transaction: they go out once it commits, and never for a change that did not. The body is
 * fixed now, so every attempt and a resend carry the same bytes under the same `webhook-id`.
 */
export async function queueAppointmentWebhooks(
  tx: Executor,
  change: AppointmentChangeForWebhooks,
  now: Date,
): Promise<void> {
  const rows = [];
  for (const event of webhookEventsOf(change.historyTypes)) {
    const endpoints = await repo.subscribedEndpoints(tx, change.clinicId, event);
    for (const endpoint of endpoints) {
      rows.push({
        endpointId: endpoint.id,
        messageId: `msg_${randomUUID().replaceAll('-', '')}`,
        event,
        appointmentId: change.appointment._id,
        payload: { type: event, timestamp: now.toISOString(), data: change.appointment },
        nextAttemptAt: now,
        createdAt: now,
      });
    }
  }
  await repo.insertDeliveries(tx, rows);
}
