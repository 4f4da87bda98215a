// What a patient's text to the clinic does (ADR 050). C or YES confirms their next visit through
// the visit link's own confirm (the one path a patient confirms by); R answers with the link;
// STOP, START and HELP are honoured per number and clinic; anything else is kept on the
// patient's record for staff to read. Only an authenticated gateway's request gets here. Every
// answer is in the patient's language (their record's, else the clinic's default): a number no
// patient is found for gets the clinic's default.
import { choosePatientLanguage } from '@domain/patient-language';
import { gatewayNumberToE164, toE164 } from '@domain/phone-numbers';
import { replyActionOf, type ReplyAction } from '@domain/text-messages';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { sessionLink } from '../notifications';
import { confirmPatientSession } from '../sessions';
import { answerTexts, textTime } from '@domain/text-templates';
import * as repo from './texts.repository';
import { clinicForAnswers } from './text-clinic';

export interface InboundText {
  gateway: 'kannel' | 'twilio';
  from: string;
  to: string | null;
  body: string;
  /** The gateway's id of the message: a second delivery of it changes nothing. */
  messageId: string | null;
  /** The gateway's address, for the audit of a confirmation. */
  ip: string;
}

/** Whose conversation a text is: the clinic and patient last texted at that number. */
async function conversationOf(db: Executor, from: string, to: string | null) {
  const toNumber = to ? gatewayNumberToE164(to) : null;
  const ownClinic = toNumber ? await repo.clinicByTextNumber(db, toNumber) : null;
  const last = await repo.lastTextTo(db, from, ownClinic);
  const clinicId = ownClinic ?? last?.clinicId ?? null;
  if (!clinicId) return null;
  if (last?.patientId) return { clinicId, patientId: last.patientId };
  // Nobody was texted at this number yet: the clinic's one patient with it, if one.
  const country = (await clinicForAnswers(db, clinicId))?.textCountry ?? 'US';
  const candidates = (await repo.patientsMaybeAt(db, clinicId, from)).filter(
    (p) => p.phone && toE164(p.phone, country) === from,
  );
  return { clinicId, patientId: candidates.length === 1 ? candidates[0]!.id : null };
}

/** Handles one inbound text; answers what was done, for the log. */
export async function receiveText(deps: AppDeps, text: InboundText): Promise<string> {
  const db = deps.db.db;
  const now = deps.now();
  const from = gatewayNumberToE164(text.from);
  if (!from) return 'ignored: not a phone number';
  const conversation = await conversationOf(db, from, text.to);
  if (!conversation) return 'ignored: no clinic has texted this number';
  const action = replyActionOf(text.body);
  const replyId = await repo.insertReply(db, {
    clinicId: conversation.clinicId,
    patientId: conversation.patientId,
    fromNumber: from,
    toNumber: text.to,
    body: text.body,
    action,
    gateway: text.gateway,
    gatewayMessageId: text.messageId,
    receivedAt: now,
  });
  if (replyId === null) return 'ignored: received before';
  const outcome = await act(deps, action, { ...conversation, from, ip: text.ip });
  await repo.setReplyOutcome(db, replyId, outcome.said);
  if (outcome.answer) {
    await repo.queueAnswer(db, {
      clinicId: conversation.clinicId,
      patientId: conversation.patientId,
      to: from,
      text: outcome.answer,
      now,
    });
  }
  return `${action}: ${outcome.said}`;
}

interface Conversation {
  clinicId: string;
  patientId: string | null;
  from: string;
  ip: string;
}

async function act(
  deps: AppDeps,
  action: ReplyAction,
  c: Conversation,
): Promise<{ said: string; answer: string | null }> {
  const db = deps.db.db;
  const now = deps.now();
  const clinic = (await clinicForAnswers(db, c.clinicId))!;
  const language = choosePatientLanguage({
    preferred: c.patientId ? await repo.preferredLanguageOf(db, c.patientId) : null,
    clinicDefault: clinic.defaultLanguage,
  });
  const answers = answerTexts[language];
  switch (action) {
    case 'stop':
      await repo.setNumberStopped(db, c.clinicId, c.from, now, now);
      return { said: 'Texts stopped for this number.', answer: answers.stopped(clinic.name) };
    case 'start':
      await repo.setNumberStopped(db, c.clinicId, c.from, null, now);
      return { said: 'Texts started again.', answer: answers.started(clinic.name) };
    case 'help':
      return { said: 'Sent the help text.', answer: answers.help(clinic.name, clinic.phone) };
    case 'inbox':
      return { said: 'For the clinic to read.', answer: null };
    case 'confirm':
    case 'link': {
      const visit = c.patientId ? await repo.nextVisitOf(db, c.patientId, now) : undefined;
      if (!visit) {
        return action === 'confirm'
          ? {
              said: 'No upcoming visit to confirm.',
              answer: answers.nothingToConfirm(clinic.name, clinic.phone),
            }
          : { said: 'No upcoming visit to link to.', answer: answers.noLink(clinic.name) };
      }
      // What staff read of it stays in English; the patient's answer is in their language.
      const when = textTime(visit.startAt.toISOString(), clinic.timezone);
      const theirWhen = textTime(visit.startAt.toISOString(), clinic.timezone, language);
      if (action === 'link') {
        return {
          said: `Sent the link of the visit on ${when}.`,
          answer: answers.link(
            clinic.name,
            theirWhen,
            sessionLink(deps.config.PUBLIC_URL, visit.token),
          ),
        };
      }
      try {
        await confirmPatientSession(deps, visit.token, c.ip);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        return { said: `Not confirmed: ${reason}`, answer: null };
      }
      return {
        said: `Confirmed the visit on ${when}.`,
        answer: answers.confirmed(clinic.name, theirWhen),
      };
    }
  }
}
