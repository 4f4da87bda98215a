// Sends the texts in the outbox (ADR 050), as the e-mail worker sends the e-mails: claimed with a
// lease and SKIP LOCKED, retried with the same back-off, given up after OUTBOX_MAX_ATTEMPTS.
// Quiet hours hold a text until they end; a number that said STOP gets none.
import type { FastifyBaseLogger } from 'fastify';
import { isOpenStatus } from '@domain/appointment-status';
import { reminderHold } from '@domain/reminders';
import { minutesOfTime, textSendableAt } from '@domain/text-messages';
import type { AppDeps } from '../../app-deps';
import { drainBatches, repeatEvery } from '../../core/repeating-task';
import { planTextTwins, retryDelayMs, stoppedNumbers } from '../notifications';
import { textBodyOf } from './text-body';
import { STAFF_TEXT_KIND } from './patient-texts';
import { textGatewayOf, type TextGateway } from './text-gateway';
import * as repo from './texts.repository';

const LEASE_MS = 5 * 60_000;
/** Texts the gateway took, marked sent together: one commit for many (ADR 050's amendment). */
const MARK_EVERY = 50;

type SentMark = Parameters<typeof repo.markTextsSent>[2][number];
interface SentMarks {
  add(mark: SentMark): Promise<void>;
  flush(): Promise<void>;
}

/**
 * Collects the texts a gateway took and marks them sent in one statement every MARK_EVERY, and
 * at the end of the batch. A commit per text (its fsync) cost more than the gateway's own time;
 * the texts taken but not yet marked are still under their claim's lease, as one text is between
 * the gateway's answer and its mark, so what a dying worker leaves is the one gap ADR 050 names.
 */
function sentMarks(write: (rows: SentMark[]) => Promise<void>): SentMarks {
  let pending: SentMark[] = [];
  const flush = async () => {
    const rows = pending;
    pending = [];
    if (rows.length > 0) await write(rows);
  };
  return {
    async add(mark) {
      pending.push(mark);
      if (pending.length >= MARK_EVERY) await flush();
    },
    flush,
  };
}
const BATCH = 500;
const CONCURRENCY = 25;

const STOPPED_REASON = 'The number replied STOP: the clinic sends it no texts.';
const GONE_REASON = 'The appointment is no longer there to text about.';
const NOT_OPEN_REASON = 'The appointment is no longer open.';
const MOVED_REASON = 'The appointment moved; this reminder was for its earlier time.';
const STARTED_REASON = 'The appointment had started before this reminder could be sent.';
const OPTED_OUT_REASON = 'The patient asked not to be reminded.';
const OFFER_ENDED_REASON = 'The offer had ended before it could be texted.';

export interface TextWorker {
  /** Sends what is due now; answers how many texts the gateway took. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** How long after a patient's reply staff's answer to it may go in quiet hours. */
export const FRESH_REPLY_MS = 60 * 60_000;

/** Whether `row` is staff's answer to a reply the patient sent within the hour. */
function answersFreshReply(row: repo.TextRow, now: Date): boolean {
  if (row.kind !== STAFF_TEXT_KIND) return false;
  const at = (row.payload as { answersReplyAt?: string | null }).answersReplyAt;
  return !!at && now.getTime() - new Date(at).getTime() <= FRESH_REPLY_MS;
}

export function createTextWorker(
  deps: AppDeps,
  options: { logger: FastifyBaseLogger; gateway?: TextGateway | null },
): TextWorker {
  const { config } = deps;
  const gateway = options.gateway === undefined ? textGatewayOf(config) : options.gateway;
  const db = deps.db.db;

  /** Why a reminder will not go after all, or null while it still stands. */
  function reminderRefusal(row: repo.TextRow, visit: repo.TextVisit, now: Date) {
    const hold = reminderHold({ start: visit.startAt, open: isOpenStatus(visit.status) }, now);
    if (hold === 'not-open') return { status: 'withdrawn', reason: NOT_OPEN_REASON } as const;
    const plannedFor = (row.payload as { start?: string }).start;
    if (!plannedFor || new Date(plannedFor).getTime() !== visit.startAt.getTime()) {
      return { status: 'withdrawn', reason: MOVED_REASON } as const;
    }
    if (visit.remindersOptOut) return { status: 'withdrawn', reason: OPTED_OUT_REASON } as const;
    if (hold === 'started') return { status: 'dropped', reason: STARTED_REASON } as const;
    return null;
  }

  async function sendOne(
    row: repo.TextRow,
    clinic: repo.TextClinic | undefined,
    visit: repo.TextVisit | undefined,
    stopped: boolean,
    marks: SentMarks,
  ): Promise<boolean> {
    const now = deps.now();
    const answer = row.kind === 'text.answer';
    if (!clinic) {
      await repo.settleText(db, row.id, 'withdrawn', GONE_REASON);
      return false;
    }
    // An answer goes at once: the patient has just written (and STOP's own answer is the last).
    // So does staff's answer to a reply of the last hour; any other staff text waits out quiet
    // hours as the clinic's messages do (ADR 050).
    if (!answer) {
      const sendable = textSendableAt(now, clinic.timezone, {
        start: minutesOfTime(clinic.quietHoursStart),
        end: minutesOfTime(clinic.quietHoursEnd),
      });
      if (sendable > now && !answersFreshReply(row, now)) {
        await repo.deferText(db, row.id, sendable);
        return false;
      }
      if (stopped) {
        await repo.settleText(db, row.id, 'withdrawn', STOPPED_REASON);
        return false;
      }
      const offerEnds =
        row.kind === 'text.waitlist.offer' && (row.payload as { expiresAt?: string }).expiresAt;
      if (offerEnds && new Date(offerEnds) <= now) {
        await repo.settleText(db, row.id, 'dropped', OFFER_ENDED_REASON);
        return false;
      }
      if (row.kind === 'text.appointment.reminder') {
        const refusal = visit ? reminderRefusal(row, visit, now) : null;
        if (!visit || refusal) {
          await repo.settleText(
            db,
            row.id,
            refusal?.status ?? 'withdrawn',
            refusal?.reason ?? GONE_REASON,
          );
          return false;
        }
      }
    }
    const body = textBodyOf(row, clinic, visit, config.PUBLIC_URL);
    if (body === null) {
      await repo.settleText(db, row.id, 'withdrawn', GONE_REASON);
      return false;
    }
    try {
      const { gatewayId } = await gateway!.send({
        id: row.id,
        to: row.toNumber!,
        from: clinic.textNumber ?? config.TEXT_FROM,
        body,
      });
      await marks.add({ id: row.id, body, gateway: gateway!.name, gatewayId });
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const giveUp = row.attempts >= config.OUTBOX_MAX_ATTEMPTS;
      await repo.markTextAttempt(
        db,
        row.id,
        message,
        body,
        giveUp
          ? { giveUp: true }
          : { retryAt: new Date(deps.now().getTime() + retryDelayMs(row.attempts)) },
      );
      options.logger.warn(
        { outboxId: row.id, attempts: row.attempts, err: message },
        'text delivery failed',
      );
      return false;
    }
  }

  async function runBatch(): Promise<{ sent: number; claimed: number }> {
    if (!gateway) return { sent: 0, claimed: 0 };
    const now = deps.now();
    const claimed = await repo.claimDueTexts(db, now, LEASE_MS, BATCH);
    if (claimed.length === 0) return { sent: 0, claimed: 0 };
    const [clinics, visits, stopped] = await Promise.all([
      repo.clinicsOfTexts(db, [...new Set(claimed.map((r) => r.clinicId!))]),
      repo.visitsOfTexts(db, [
        ...new Set(claimed.flatMap((r) => (r.appointmentId ? [r.appointmentId] : []))),
      ]),
      stoppedNumbers(
        db,
        claimed.map((r) => ({ clinicId: r.clinicId!, number: r.toNumber! })),
      ),
    ]);
    const clinicById = new Map(clinics.map((c) => [c.id, c]));
    const visitById = new Map(visits.map((v) => [v.appointmentId, v]));
    let sent = 0;
    const queue = [...claimed];
    const marks = sentMarks((rows) => repo.markTextsSent(db, deps.now(), rows));
    const work = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const ok = await sendOne(
          row,
          clinicById.get(row.clinicId!),
          visitById.get(row.appointmentId ?? ''),
          stopped.has(`${row.clinicId}/${row.toNumber}`),
          marks,
        ).catch((err: unknown) => {
          options.logger.warn({ outboxId: row.id, err }, 'text could not be settled');
          return false;
        });
        if (ok) sent++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, work));
    await marks.flush();
    return { sent, claimed: claimed.length };
  }

  async function runOnce(): Promise<number> {
    if (!gateway) return 0;
    // Planned once a pass, not once a batch: planning reads every due e-mail still waiting, and
    // what falls due meanwhile is planned by the next pass (or the e-mail worker's).
    await planTextTwins(db, deps.now());
    return drainBatches(runBatch, BATCH, () => task.stopped);
  }

  const task = repeatEvery(runOnce, {
    intervalMs: config.OUTBOX_POLL_MS,
    start: gateway !== null && options.gateway === undefined,
    onError: (err) => options.logger.warn({ err }, 'text worker pass failed; will retry'),
  });

  return {
    runOnce,
    stop: () => task.stop(),
  };
}
