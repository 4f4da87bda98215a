// An entry's history, and the webhooks the steps of an offer send with it.
import { waitlistWebhookEventOf, type WebhookEvent } from '@domain/webhook-events';
import type { Executor } from '../../db/client';
import { queueWebhookEvent } from '../webhooks';
import * as repo from './waitlist.repository';

/** The name the history gives changes nobody made by hand: offers, expiries, pass-ons. */
export const WAITLIST_ACTOR = 'Waitlist';

export async function addHistory(
  tx: Executor,
  entryId: string,
  at: Date,
  type: string,
  detail: string | null,
  by: { userId: string | null; name: string } = { userId: null, name: WAITLIST_ACTOR },
): Promise<void> {
  await repo.insertEvent(tx, { entryId, type, at, detail, byUserId: by.userId, byName: by.name });
  // An offer made or answered is told to the systems that asked (ADR 018), in this transaction.
  const event = waitlistWebhookEventOf(type);
  if (event) await queueWaitlistWebhook(tx, entryId, event, detail, at);
}

/** One waitlist event for the endpoints of the entry's clinic that asked for it. */
export async function queueWaitlistWebhook(
  tx: Executor,
  entryId: string,
  event: WebhookEvent,
  offeredStart: string | null,
  at: Date,
): Promise<void> {
  const entry = await repo.entryFacts(tx, entryId);
  if (!entry) return;
  await queueWebhookEvent(
    tx,
    {
      clinicId: entry.clinicId,
      event,
      // Ids and the offered time only: no names, notes or contact details leave by this path.
      data: {
        entryId,
        clinicId: entry.clinicId,
        patientId: entry.patientId,
        providerId: entry.agentId,
        priority: entry.priority,
        entryStatus: entry.status,
        offeredStart,
        appointmentId: entry.appointmentId,
      },
      appointmentId: null,
    },
    at,
  );
}
