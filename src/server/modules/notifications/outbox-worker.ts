import { drainBatches, repeatEvery } from '../../core/repeating-task';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { isOpenStatus } from '@domain/appointment-status';
import { reminderHold } from '@domain/reminders';
import { addresseesOf, renderOutboxMail, type OutboxMail } from './outbox-render';
import type { VisitKind } from '@domain/visit-kind';
import { clinicsOfRows, visitsOfRows } from './message-visits';
import type { MessageClinic } from './messages';
import { hasAddress } from './outbox-row';
import * as repo from './outbox.repository';
import * as reminders from './reminders.repository';
import { OFFER_KIND } from './kept-time-messages';
import { planTextTwins, textTwinned } from './text-twins';

const LEASE_MS = 5 * 60_000;
/** Messages claimed at once; a full batch is followed by the next at once, not after a poll. */
const BATCH = 100;
/** Messages in flight at once, over as many pooled SMTP connections. */
const CONCURRENCY = 5;

/** SMTP_URL with a connection pool unless it says otherwise: one connection per message is slow. */
export function pooledSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  if (!url.searchParams.has('maxConnections')) {
    url.searchParams.set('maxConnections', String(CONCURRENCY));
  }
  return url.toString();
}

const STARTED_REASON = 'The appointment had started before this reminder could be sent.';
const OPTED_OUT_REASON = 'The patient asked not to be reminded.';
const NO_ADDRESS_REASON = 'The patient has no e-mail address on their record.';
const MOVED_REASON = 'The appointment moved; this reminder was for its earlier time.';

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
    options.transport ??
    (config.SMTP_URL ? nodemailer.createTransport(pooledSmtpUrl(config.SMTP_URL)) : null);

  /**
   * Whether a reminder still goes out, or settles why it will not: never for a cancelled or
   * marked appointment, never for one whose visit has begun, never for a time the appointment
   * has moved from.
   */
  async function reminderStillDue(
    row: repo.OutboxRow,
    current: reminders.ReminderDelivery | undefined,
  ): Promise<boolean> {
    const plannedFor = (row.payload as { start?: string }).start;
    const hold = current
      ? reminderHold({ start: current.startAt, open: isOpenStatus(current.status) }, deps.now())
      : 'not-open';
    if (!current || hold === 'not-open') {
      await reminders.settleUnsent(
        deps.db.db,
        row.id,
        'withdrawn',
        'The appointment is no longer open.',
      );
      return false;
    }
    if (!plannedFor || new Date(plannedFor).getTime() !== current.startAt.getTime()) {
      await reminders.settleUnsent(deps.db.db, row.id, 'withdrawn', MOVED_REASON);
      return false;
    }
    if (!current.patient.email) {
      await reminders.settleUnsent(deps.db.db, row.id, 'withdrawn', NO_ADDRESS_REASON);
      return false;
    }
    if (current.patient.remindersOptOut) {
      await reminders.settleUnsent(deps.db.db, row.id, 'withdrawn', OPTED_OUT_REASON);
      return false;
    }
    if (hold === 'started') {
      await reminders.settleUnsent(deps.db.db, row.id, 'dropped', STARTED_REASON);
      return false;
    }
    return true;
  }

  /**
   * One Message-ID per outbox row and addressee: a message sent again (its row's mark lost with
   * the process) carries the same identity, which mail systems and the failover test recognise.
   */
  const messageHost = new URL(config.PUBLIC_URL).hostname || 'carebook';
  async function send(message: OutboxMail, messageId: string): Promise<void> {
    await transport!.sendMail({
      messageId,
      from: config.MAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.ics
        ? {
            icalEvent: {
              method: message.icsMethod,
              filename: 'appointment.ics',
              content: message.ics,
            },
          }
        : {}),
    });
  }

  /** Each addressee who has not turned this kind off gets the message renderOutboxMail writes. */
  async function deliver(
    row: repo.OutboxRow,
    current: reminders.ReminderDelivery | undefined,
    visit: VisitKind | undefined,
    byText: boolean,
    clinic: MessageClinic | undefined,
  ): Promise<void> {
    for (const [index, { recipient, optedOut }] of (
      await addresseesOf(deps.db.db, row)
    ).entries()) {
      // A patient without an e-mail address on their record is not written to; one who is
      // texted this message (its text twin, ADR 050) is not e-mailed it as well.
      if (optedOut || !hasAddress(recipient)) continue;
      if (byText && recipient.role === 'patient') continue;
      const message = renderOutboxMail(row, recipient, config.PUBLIC_URL, current, visit, clinic);
      if (message) await send(message, `<outbox-${row.id}-${index}@${messageHost}>`);
    }
  }

  /** Rows sent whose mark as sent failed (the database went away in between), with when. */
  const sentUnmarked = new Map<number, Date>();

  /** One claimed batch; `claimed` says whether it was full, so that the next follows at once. */
  async function runBatch(): Promise<{ sent: number; claimed: number }> {
    if (!transport) return { sent: 0, claimed: 0 };
    for (const [id, at] of sentUnmarked) {
      await repo.markSent(deps.db.db, id, at);
      sentUnmarked.delete(id);
    }
    const now = deps.now();
    // Texts in place of e-mails are planned before any e-mail is claimed (ADR 050).
    await planTextTwins(deps.db.db, now);
    const claimed = await repo.claimDue(deps.db.db, now, LEASE_MS, BATCH);
    // And for what was claimed: an e-mail made due after that planning looked, before the claim.
    await planTextTwins(
      deps.db.db,
      now,
      claimed.map((row) => row.id),
    );
    const twinned = await textTwinned(
      deps.db.db,
      claimed.map((row) => row.id),
    );
    const reminderIds = claimed
      .filter((row) => row.kind === reminders.REMINDER_KIND && row.appointmentId)
      .map((row) => row.appointmentId!);
    const current = new Map(
      (await reminders.reminderDeliveries(deps.db.db, [...new Set(reminderIds)])).map((d) => [
        d.appointmentId,
        d,
      ]),
    );
    const [visits, clinics] = await Promise.all([
      visitsOfRows(deps.db.db, claimed),
      clinicsOfRows(deps.db.db, claimed, config.MAIL_FROM),
    ]);
    let sent = 0;
    const queue = [...claimed];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        if (await deliverOne(row, current, visits, twinned.has(row.id), clinics)) sent++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
    return { sent, claimed: claimed.length };
  }

  async function deliverOne(
    row: repo.OutboxRow,
    current: Map<string, reminders.ReminderDelivery>,
    visits: Map<string, VisitKind>,
    byText: boolean,
    clinics: Map<string, MessageClinic>,
  ): Promise<boolean> {
    try {
      if (byText && (row.kind === reminders.REMINDER_KIND || row.kind === OFFER_KIND)) {
        // A reminder or an offer is the patient's alone: its text is the message (ADR 050).
        await repo.markSent(deps.db.db, row.id, deps.now());
        return false;
      }
      const reminder =
        row.kind === reminders.REMINDER_KIND ? current.get(row.appointmentId ?? '') : undefined;
      if (row.kind === reminders.REMINDER_KIND && !(await reminderStillDue(row, reminder))) {
        return false;
      }
      await deliver(
        row,
        reminder,
        visits.get(row.appointmentId ?? ''),
        byText,
        clinics.get(row.clinicId ?? ''),
      );
    } catch (err) {
      await failedAttempt(row, err);
      return false;
    }
    // Sent: from here on it must never be sent again. A database that went away this instant
    // (a failover) leaves the row leased for minutes; it is marked before anything else is
    // claimed, once the database answers again (ADR 063).
    const at = deps.now();
    try {
      await repo.markSent(deps.db.db, row.id, at);
    } catch (err) {
      sentUnmarked.set(row.id, at);
      options.logger.warn(
        { outboxId: row.id, err: err instanceof Error ? err.message : String(err) },
        'notification sent but not yet marked: marking it before the next claim',
      );
    }
    return true;
  }

  async function failedAttempt(row: repo.OutboxRow, err: unknown) {
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

  /** Delivers everything due now, batch after batch; returns how many messages were sent. */
  async function runOnce(): Promise<number> {
    return drainBatches(runBatch, BATCH, () => task.stopped);
  }

  const task = repeatEvery(runOnce, {
    intervalMs: config.OUTBOX_POLL_MS,
    start: transport !== undefined,
    onError: (err) => options.logger.warn({ err }, 'outbox worker pass failed; will retry'),
  });

  return {
    runOnce,
    async stop() {
      await task.stop();
      transport?.close();
    },
  };
}
