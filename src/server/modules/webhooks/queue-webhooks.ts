import { randomUUID } from 'node:crypto';
import type { Appointment } from '@contracts/appointments';
import { webhookEventsOf, type WebhookEvent } from '@domain/webhook-events';
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
 * The appointment as an endpoint without the "visit links" permission receives it: without the
 * patient's visit token, with which anyone could move or cancel the visit (ADR 030). The field is
 * left out rather than null: the API's Appointment has a token string or, here, none at all.
 */
export function withoutVisitToken(appointment: Appointment): Omit<Appointment, 'token'> {
  const { token: _token, ...rest } = appointment;
  return rest;
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
  for (const event of webhookEventsOf(change.historyTypes)) {
    await queueWebhookEvent(
      tx,
      {
        clinicId: change.clinicId,
        event,
        data: change.appointment,
        dataWithoutVisitLinks: withoutVisitToken(change.appointment),
        appointmentId: change.appointment._id,
      },
      now,
    );
  }
}

/**
 * One event for every endpoint of the clinic that subscribed to it, in the caller's transaction.
 * Deliveries naming an appointment go out in order with that appointment's other events. An
 * endpoint without the "visit links" permission gets `dataWithoutVisitLinks` where given: what
 * it may not have is never even written to its delivery.
 */
export async function queueWebhookEvent(
  tx: Executor,
  e: {
    clinicId: string;
    event: WebhookEvent;
    data: unknown;
    dataWithoutVisitLinks?: unknown;
    appointmentId: string | null;
  },
  now: Date,
): Promise<void> {
  const endpoints = await repo.subscribedEndpoints(tx, e.clinicId, e.event);
  const restricted = 'dataWithoutVisitLinks' in e ? e.dataWithoutVisitLinks : e.data;
  await repo.insertDeliveries(
    tx,
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      messageId: `msg_${randomUUID().replaceAll('-', '')}`,
      event: e.event,
      clinicId: e.clinicId,
      appointmentId: e.appointmentId,
      payload: {
        type: e.event,
        timestamp: now.toISOString(),
        data: endpoint.visitLinks ? e.data : restricted,
      },
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
}

/**
 * Which of a change's events any endpoint listens for, read before the change's writes: a booking
 * asks before it queues behind the agent's other bookings, so that a clinic without endpoints
 * (most) sends nothing more under that queue. The returned function writes the deliveries in the
 * same transaction, with the appointment as the change left it, to the endpoints subscribed at
 * that moment: one deleted or unsubscribed meanwhile gets nothing, and the delivery never names
 * an endpoint that is gone. An endpoint added meanwhile hears from the next change on.
 */
export async function appointmentWebhooksFor(
  tx: Executor,
  clinicId: string,
  historyTypes: readonly string[],
): Promise<(appointment: Appointment, now: Date) => Promise<void>> {
  const listened: WebhookEvent[] = [];
  for (const event of webhookEventsOf(historyTypes)) {
    if ((await repo.subscribedEndpoints(tx, clinicId, event)).length > 0) listened.push(event);
  }
  return async (appointment, now) => {
    for (const event of listened) {
      await queueWebhookEvent(
        tx,
        {
          clinicId,
          event,
          data: appointment,
          dataWithoutVisitLinks: withoutVisitToken(appointment),
          appointmentId: appointment._id,
        },
        now,
      );
    }
  };
}
