import { dateTimeWithZoneIn, dateWithWeekdayIn } from '@domain/localized-format';
import { mailHtml, mailText, type MailContent } from './mail-layout';
import { ENGLISH_MAIL, type MailMessageId, type MailWords } from './mail-words';
import { clinicFoot, whenWords, type MessageClinic, type RenderedMessage } from './messages';

// The e-mails of a time kept for a patient who has not booked it yet: a waitlist offer and an
// online booking's hold to confirm. One renderer of a kept time; they differ in words and link.

/** The kind of a waitlist offer's message (ADR 019); its payload is an OfferSnapshot. */
export const OFFER_KIND = 'waitlist.offer';

/** A time kept for a patient a while: when, where, with whom, until when, and its link's token. */
interface KeptTimeSnapshot {
  token: string;
  clinic: { name: string; timezone: string };
  start: string;
  durationMinutes: number;
  expiresAt: string;
  staff: { name: string };
}

/** A kept time's day, hours and end of hold, on the clinic's clock and named. */
function keptTimeWords(snapshot: KeptTimeSnapshot, words: MailWords) {
  const tz = snapshot.clinic.timezone;
  return {
    date: dateWithWeekdayIn(words.language, snapshot.start, tz),
    when: whenWords(snapshot.start, snapshot.durationMinutes, tz, words),
    until: dateTimeWithZoneIn(words.language, snapshot.expiresAt, tz),
  };
}

/**
 * A message about a kept time (an offer, a hold): what it is, when and with whom, until when it
 * is kept, and the link that takes it. No calendar file: nothing is booked until the patient acts.
 */
function renderKeptTime(
  snapshot: KeptTimeSnapshot,
  to: string,
  clinic: MessageClinic | undefined,
  words: MailWords,
  message: {
    greeting: string;
    ids: Record<'intro' | 'kept' | 'link' | 'subject', MailMessageId>;
    url: string;
    service?: { name: string };
    closing?: string[];
  },
): RenderedOffer {
  const { t } = words;
  const { date, when, until } = keptTimeWords(snapshot, words);
  const mail: MailContent = {
    language: words.language,
    greeting: message.greeting,
    headline: t(message.ids.intro, { clinic: snapshot.clinic.name }).replace(/\.$/, ''),
    details: [
      ...(message.service ? [{ label: t('label.service'), value: message.service.name }] : []),
      { label: t('label.when'), value: when },
      { label: t('label.provider'), value: snapshot.staff.name },
    ],
    after: [t(message.ids.kept, { until })],
    button: { label: t(message.ids.link), url: message.url },
    ...(message.closing ? { closing: message.closing } : {}),
    clinic: clinicFoot(snapshot.clinic.name, clinic, words),
  };
  return {
    to,
    subject: t(message.ids.subject, { date, clinic: snapshot.clinic.name }),
    text: mailText(mail),
    html: mailHtml(mail),
  };
}

/** What an offer of freed time says: when, where, with whom, and until when it holds. */
export interface OfferSnapshot extends KeptTimeSnapshot {
  patient: { name: string };
}

export type RenderedOffer = Omit<RenderedMessage, 'ics' | 'icsMethod'>;

/** The page that shows an offer with Accept and No thanks (patient bundle). */
export function offerLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/offer/${encodeURIComponent(token)}`;
}

/**
 * An offer of an earlier time to a waiting patient. No calendar file: nothing is booked until
 * the patient accepts on the page.
 */
export function renderOffer(
  snapshot: OfferSnapshot,
  to: string,
  publicUrl: string,
  clinic?: MessageClinic,
  words: MailWords = ENGLISH_MAIL,
): RenderedOffer {
  return renderKeptTime(snapshot, to, clinic, words, {
    greeting: words.t('mail.hello', { name: snapshot.patient.name }),
    ids: {
      intro: 'offer.intro',
      kept: 'offer.holds',
      link: 'offer.link',
      subject: 'offer.subject',
    },
    url: offerLink(publicUrl, snapshot.token),
  });
}

/** The kind of an online booking's confirmation message (ADR 022); its payload a HoldSnapshot. */
export const HOLD_KIND = 'online.hold';

/**
 * What the confirmation of a held online booking says. No patient name: what a stranger typed on
 * a public page is not put into a mail (ADR 031).
 */
export interface HoldSnapshot extends KeptTimeSnapshot {
  /** The service held (issue 42); absent from messages queued before services. */
  service?: { name: string };
}

/** The link that books a held time (the public booking page confirms it). */
export function holdLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/book-online/confirm/${encodeURIComponent(token)}`;
}

/**
 * Asks the patient to prove their e-mail: nothing is booked until they open the link. It greets
 * nobody by name: anyone may type any name with anyone's address, and the clinic would be
 * sending their words (messages queued before carry a name; it is left out of them too). A
 * stranger has no record: it reads in the clinic's language.
 */
export function renderHold(
  snapshot: HoldSnapshot,
  to: string,
  publicUrl: string,
  clinic?: MessageClinic,
  words: MailWords = ENGLISH_MAIL,
): RenderedOffer {
  return renderKeptTime(snapshot, to, clinic, words, {
    greeting: words.t('mail.helloAnonymous'),
    ids: { intro: 'hold.intro', kept: 'hold.held', link: 'hold.link', subject: 'hold.subject' },
    url: holdLink(publicUrl, snapshot.token),
    service: snapshot.service,
    closing: [words.t('hold.ignore')],
  });
}
