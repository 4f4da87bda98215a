import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { NotificationParty, NotificationSnapshot } from './outbox-row';
import { renderMessage } from './messages';
import * as repo from './outbox.repository';

const LEASE_MS = 5 * 60_000;
const BATCH = 20;

/** Minutes until the next try after `attempts` failures: 1, 2, 4 … capped at six hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** Math.max(0, attempts - 1), 360) * 60_000;
}

export interface OutboxWorker {
  /** Delivers what is due now; returns how many messages were sent. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Delivers the outbox over SMTP. Without SMTP_URL it sends nothing and the messages wait,
 * visible to admins; with it, failures retry with backoff until OUTBOX_MAX_ATTEMPTS.
 */
export function createOutboxWorker(
  deps: AppDeps,
  options: { logger: FastifyBaseLogger; transport?: Transporter },
): OutboxWorker {
  const { config } = deps;
  const transport =
    options.transport ?? (config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function deliver(row: repo.OutboxRow): Promise<void> {
    const snapshot = row.payload as NotificationSnapshot;
    const recipients = row.recipients as NotificationParty[];
    // Staff choose in Settings which changes they hear about; patients always hear.
    const event = row.kind.replace(/^appointment\./, '');
    const optedOut = await repo.staffOptedOut(
      deps.db.db,
      recipients.filter((r) => r.role === 'staff').map((r) => r.email),
      event,
    );
    for (const recipient of recipients) {
      if (recipient.role === 'staff' && optedOut.has(recipient.email.toLowerCase())) continue;
      const message = renderMessage(row.kind, snapshot, recipient, config.PUBLIC_URL);
      await transport!.sendMail({
        from: config.MAIL_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        icalEvent: { method: message.icsMethod, filename: 'appointment.ics', content: message.ics },
      });
    }
  }

  async function runOnce(): Promise<number> {
    if (!transport) return 0;
    const now = deps.now();
    const claimed = await repo.claimDue(deps.db.db, now, LEASE_MS, BATCH);
    let sent = 0;
    for (const row of claimed) {
      try {
        await deliver(row);
        await repo.markSent(deps.db.db, row.id, deps.now());
        sent++;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        const giveUp = row.attempts >= config.OUTBOX_MAX_ATTEMPTS;
        await repo.markFailedAttempt(
          deps.db.db,
          row.id,
          message,
          giveUp
            ? { giveUp: true }
            : { retryAt: new Date(deps.now().getTime() + retryDelayMs(row.attempts)) },
        );
        options.logger.warn(
          { outboxId: row.id, attempts: row.attempts, err: message },
          'notification delivery failed',
        );
      }
    }
    return sent;
  }

  const tick = () => {
    if (stopped) return;
    running = runOnce()
      .catch((err: unknown) => {
        options.logger.warn({ err }, 'outbox worker pass failed; will retry');
        return 0;
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, config.OUTBOX_POLL_MS);
      });
  };
  if (transport) timer = setTimeout(tick, config.OUTBOX_POLL_MS);

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      transport?.close();
    },
  };
}
