import { repeatEvery } from '../../core/repeating-task';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { shouldDisableEndpoint, webhookRetryDelayMs } from '@domain/webhook-events';
import type { AppDeps } from '../../app-deps';
import { adminNoticeRow, queueNotifications } from '../notifications';
import { postWebhook } from './send-webhook';
import * as repo from './webhooks.repository';

const BATCH = 50;
const CONCURRENCY = 5;

export interface WebhookWorker {
  /** Delivers what is due now, round after round; returns how many deliveries succeeded. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** Signs a body as Standard Webhooks says: the three headers a receiver's verifier reads. */
export function signedHeaders(
  secret: string,
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

/**
 * Delivers webhook deliveries: claims due ones (in order per endpoint and appointment), signs and
 * POSTs each, and records the answer. A 2xx is delivered; anything else, a timeout or a refused
 * address is retried with backoff, and an endpoint that has failed for a day is disabled and its
 * clinics' admins are e-mailed.
 */
export function createWebhookWorker(
  deps: AppDeps,
  options: { logger: FastifyBaseLogger },
): WebhookWorker {
  const { config } = deps;
  // Longer than one attempt can take, so a live worker's row is never claimed twice.
  const leaseMs = config.WEBHOOK_TIMEOUT_MS * 3 + 1_000;

  async function attempt({ delivery, endpoint }: repo.ClaimedDelivery): Promise<boolean> {
    const body = JSON.stringify(delivery.payload);
    const sentAt = deps.now();
    let failure: { responseStatus: number | null; error: string };
    try {
      const response = await postWebhook(
        endpoint.url,
        signedHeaders(endpoint.secret, delivery.messageId, sentAt, body),
        body,
        { timeoutMs: config.WEBHOOK_TIMEOUT_MS, allowPrivate: config.WEBHOOK_ALLOW_PRIVATE },
      );
      if (response.status >= 200 && response.status < 300) {
        await repo.markDelivered(deps.db.db, delivery, response.status, deps.now());
        return true;
      }
      failure = { responseStatus: response.status, error: `HTTP ${response.status}` };
    } catch (err) {
      failure = { responseStatus: null, error: err instanceof Error ? err.message : String(err) };
    }
    const now = deps.now();
    const failingSince = await repo.markFailed(deps.db.db, delivery, {
      ...failure,
      retryAt: new Date(now.getTime() + webhookRetryDelayMs(delivery.attempts)),
      now,
    });
    options.logger.warn(
      { webhookDeliveryId: delivery.id, attempts: delivery.attempts, err: failure.error },
      'webhook delivery failed',
    );
    if (shouldDisableEndpoint(failingSince, now)) await disable(endpoint, now);
    return false;
  }

  async function disable(endpoint: repo.EndpointRow, now: Date) {
    const reason = 'Every delivery failed for 24 hours.';
    await deps.db.db.transaction(async (tx) => {
      const disabled = await repo.disableEndpoint(tx, endpoint.id, reason, now);
      if (!disabled) return;
      const admins = await repo.adminsOfClinics(tx, endpoint.clinicIds);
      if (admins.length === 0) return;
      await queueNotifications(
        tx,
        [
          adminNoticeRow(
            admins,
            {
              subject: 'A webhook endpoint was disabled',
              text:
                `Carebook stopped sending webhooks to ${endpoint.url} because every delivery ` +
                `failed for 24 hours.\n\nDeliveries not yet made are kept. Once the receiver works ` +
                `again, enable the endpoint in Admin › Integrations and they go out in order.\n\n` +
                `${config.PUBLIC_URL.replace(/\/$/, '')}/admin/integrations\n`,
            },
            // An endpoint of one clinic is that clinic's business; one of several is no single one's.
            endpoint.clinicIds.length === 1 ? endpoint.clinicIds[0]! : null,
          ),
        ],
        now,
      );
    });
    options.logger.warn({ webhookEndpointId: endpoint.id }, 'webhook endpoint disabled');
  }

  async function runRound(): Promise<{ delivered: number; claimed: number }> {
    const claimed = await repo.claimDue(deps.db.db, deps.now(), leaseMs, BATCH);
    let delivered = 0;
    const queue = [...claimed];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        if (await attempt(next)) delivered++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
    return { delivered, claimed: claimed.length };
  }

  async function runOnce(): Promise<number> {
    let delivered = 0;
    // A delivery can free the next one of its appointment: go on while rounds deliver.
    for (;;) {
      const round = await runRound();
      delivered += round.delivered;
      if (round.claimed === 0 || round.delivered === 0 || task.stopped) return delivered;
    }
  }

  const task = repeatEvery(runOnce, {
    intervalMs: config.OUTBOX_POLL_MS,
    onError: (err) => options.logger.warn({ err }, 'webhook worker pass failed; will retry'),
  });

  return {
    runOnce,
    stop: () => task.stop(),
  };
}
