// What each text says (ADR 050). Short on purpose: the patient's first name, the clinic, the time
// and a link, nothing else a stranger glancing at a phone should read (issue 44). One function
// per kind of message, from the same visit data as the e-mail of that kind, so that they can be
// put into the patient's language, as are the answers to a patient's replies.
// Pure, so that Clinic settings previews the very words the worker sends (issue 44).
import type { PatientLanguage } from './patients';

/** What a text about a visit needs beside the e-mail's snapshot. */
export interface TextContext {
  /** The patient's preferred or first name, as the record says when the text goes. */
  firstName: string;
  /** The patient's page of the visit (self-service, confirm, join). */
  link: string;
  /** The patient's language (their record's, else their clinic's); English without one. */
  language?: PatientLanguage;
}

/** "Mon, Nov 30, 8:30 AM" on the clinic's clock, in plain spaces (ICU's narrow one is UCS-2). */
export function textTime(iso: string, timeZone: string, language: PatientLanguage = 'en'): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  })
    .format(new Date(iso))
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** What a visit text says of its visit: the clinic (name, clock) and the start. */
type VisitData = { clinic: { name: string; timezone: string }; start: string };

/** One language's words for the visit texts: name, clinic, time (words) and link only. */
interface TextWords {
  booked: (name: string, clinic: string, when: string, link: string) => string;
  rescheduled: (name: string, clinic: string, when: string, link: string) => string;
  reassigned: (name: string, clinic: string, when: string, link: string) => string;
  cancelled: (name: string, clinic: string, when: string) => string;
  seeYou: (name: string, clinic: string, when: string, link: string) => string;
  remind: (name: string, clinic: string, when: string, link: string) => string;
  offer: (name: string, clinic: string, when: string, until: string, link: string) => string;
}

/** The patient's texts in their language (issue 44): short, plain and polite. */
const TEXT_WORDS: Record<PatientLanguage, TextWords> = {
  en: {
    booked: (n, c, w, l) => `${n}, your visit at ${c} is booked for ${w}. Details: ${l}`,
    rescheduled: (n, c, w, l) => `${n}, your visit at ${c} moved to ${w}. Details: ${l}`,
    reassigned: (n, c, w, l) =>
      `${n}, your visit at ${c} on ${w} is now with another provider. Details: ${l}`,
    cancelled: (n, c, w) => `${n}, your visit at ${c} on ${w} was cancelled.`,
    seeYou: (n, c, w, l) => `${n}, see you at ${c} on ${w}. Details: ${l}`,
    remind: (n, c, w, l) =>
      `${n}, reminder: your visit at ${c} on ${w}. Reply C to confirm, R for your link. ${l}`,
    offer: (n, c, w, u, l) => `${n}, ${c} has an earlier time for you: ${w}. Answer by ${u}: ${l}`,
  },
  es: {
    booked: (n, c, w, l) => `${n}, su cita en ${c} queda reservada para el ${w}. Detalles: ${l}`,
    rescheduled: (n, c, w, l) => `${n}, su cita en ${c} pasa al ${w}. Detalles: ${l}`,
    reassigned: (n, c, w, l) =>
      `${n}, su cita en ${c} del ${w} será con otro profesional. Detalles: ${l}`,
    cancelled: (n, c, w) => `${n}, su cita en ${c} del ${w} fue cancelada.`,
    seeYou: (n, c, w, l) => `${n}, le esperamos en ${c} el ${w}. Detalles: ${l}`,
    remind: (n, c, w, l) =>
      `${n}, recordatorio: su cita en ${c} el ${w}. Responda C para confirmar, R para su enlace. ${l}`,
    offer: (n, c, w, u, l) =>
      `${n}, ${c} tiene una hora antes para usted: ${w}. Responda antes del ${u}: ${l}`,
  },
  fr: {
    booked: (n, c, w, l) => `${n}, votre rendez-vous à ${c} est réservé le ${w}. Détails : ${l}`,
    rescheduled: (n, c, w, l) =>
      `${n}, votre rendez-vous à ${c} est déplacé au ${w}. Détails : ${l}`,
    reassigned: (n, c, w, l) =>
      `${n}, votre rendez-vous à ${c} le ${w} sera avec un autre praticien. Détails : ${l}`,
    cancelled: (n, c, w) => `${n}, votre rendez-vous à ${c} le ${w} est annulé.`,
    seeYou: (n, c, w, l) => `${n}, à bientôt à ${c} le ${w}. Détails : ${l}`,
    remind: (n, c, w, l) =>
      `${n}, rappel : votre rendez-vous à ${c} le ${w}. Répondez C pour confirmer, R pour votre lien. ${l}`,
    offer: (n, c, w, u, l) =>
      `${n}, ${c} a un horaire plus tôt pour vous : ${w}. Répondez avant le ${u} : ${l}`,
  },
};

const whenOf = (visit: VisitData, language: PatientLanguage) =>
  textTime(visit.start, visit.clinic.timezone, language);

export function bookedText(visit: VisitData, c: TextContext): string {
  const l = c.language ?? 'en';
  return TEXT_WORDS[l].booked(c.firstName, visit.clinic.name, whenOf(visit, l), c.link);
}

export function rescheduledText(visit: VisitData, c: TextContext): string {
  const l = c.language ?? 'en';
  return TEXT_WORDS[l].rescheduled(c.firstName, visit.clinic.name, whenOf(visit, l), c.link);
}

export function reassignedText(visit: VisitData, c: TextContext): string {
  const l = c.language ?? 'en';
  return TEXT_WORDS[l].reassigned(c.firstName, visit.clinic.name, whenOf(visit, l), c.link);
}

export function cancelledText(
  visit: VisitData,
  c: Pick<TextContext, 'firstName' | 'language'>,
): string {
  const l = c.language ?? 'en';
  return TEXT_WORDS[l].cancelled(c.firstName, visit.clinic.name, whenOf(visit, l));
}

export function reminderText(visit: VisitData & { confirmed: boolean }, c: TextContext): string {
  const l = c.language ?? 'en';
  const words = TEXT_WORDS[l];
  return (visit.confirmed ? words.seeYou : words.remind)(
    c.firstName,
    visit.clinic.name,
    whenOf(visit, l),
    c.link,
  );
}

/** An offer of freed time to a waiting patient: when, until when it holds, and its page. */
export function offerText(
  offer: { clinic: { name: string; timezone: string }; start: string; expiresAt: string },
  c: TextContext,
): string {
  const tz = offer.clinic.timezone;
  const l = c.language ?? 'en';
  return TEXT_WORDS[l].offer(
    c.firstName,
    offer.clinic.name,
    textTime(offer.start, tz, l),
    textTime(offer.expiresAt, tz, l),
    c.link,
  );
}

/** One language's answers to a patient's reply: clinic first, one segment with a usual name. */
export interface AnswerWords {
  confirmed: (clinic: string, when: string) => string;
  nothingToConfirm: (clinic: string, phone: string | null) => string;
  link: (clinic: string, when: string, link: string) => string;
  noLink: (clinic: string) => string;
  stopped: (clinic: string) => string;
  started: (clinic: string) => string;
  help: (clinic: string, phone: string | null) => string;
}

/**
 * The answers to a patient's reply (C, R, STOP, START, HELP) in their language (issue 44). Worded
 * within GSM-7 (no á, í, ó, ú, ê, ç), so that one segment holds 160 characters, not 70. The
 * keywords named are the ones every carrier knows (STOP, START), whatever the language.
 */
export const answerTexts: Record<PatientLanguage, AnswerWords> = {
  en: {
    confirmed: (c, w) => `${c}: thank you, your visit on ${w} is confirmed.`,
    nothingToConfirm: (c, p) =>
      `${c}: we found no upcoming visit to confirm.${p ? ` Please call ${p}.` : ''}`,
    link: (c, w, l) => `${c}: your visit on ${w}: ${l}`,
    noLink: (c) => `${c}: you have no upcoming visit.`,
    stopped: (c) => `${c}: you will get no more texts from us. Reply START to get them again.`,
    started: (c) => `${c}: texts are on again. Reply STOP to stop them.`,
    help: (c, p) =>
      `${c} appointment texts. Reply C to confirm your next visit, R for its link, STOP to stop texts.${p ? ` Call ${p}.` : ''}`,
  },
  es: {
    confirmed: (c, w) => `${c}: gracias, su cita del ${w} queda confirmada.`,
    nothingToConfirm: (c, p) =>
      `${c}: no encontramos ninguna cita programada que confirmar.${p ? ` Por favor, llame al ${p}.` : ''}`,
    link: (c, w, l) => `${c}: su cita del ${w}: ${l}`,
    noLink: (c) => `${c}: no tiene ninguna cita programada.`,
    stopped: (c) => `${c}: ya no le enviaremos mensajes. Responda START para volver a recibirlos.`,
    started: (c) =>
      `${c}: vuelve a recibir nuestros mensajes. Responda STOP para dejar de recibirlos.`,
    help: (c, p) =>
      `Citas de ${c}: responda C para confirmar su siguiente cita, R para su enlace, STOP para no recibir mensajes.${p ? ` Llame al ${p}.` : ''}`,
  },
  fr: {
    confirmed: (c, w) => `${c} : merci, votre rendez-vous du ${w} est confirmé.`,
    nothingToConfirm: (c, p) =>
      `${c} : nous n'avons trouvé aucun rendez-vous à confirmer.${p ? ` Veuillez appeler le ${p}.` : ''}`,
    link: (c, w, l) => `${c} : votre rendez-vous du ${w} : ${l}`,
    noLink: (c) => `${c} : vous n'avez aucun rendez-vous à venir.`,
    stopped: (c) =>
      `${c} : vous ne recevrez plus nos SMS. Répondez START pour les recevoir à nouveau.`,
    started: (c) =>
      `${c} : vous recevez à nouveau nos SMS. Répondez STOP pour ne plus les recevoir.`,
    help: (c, p) =>
      `Rendez-vous de ${c} : répondez C pour confirmer, R pour votre lien, STOP pour ne plus recevoir de SMS.${p ? ` Appelez le ${p}.` : ''}`,
  },
};

/** The texts a clinic sends, in the order Clinic settings previews them. */
export const PREVIEWED_TEXTS = [
  { kind: 'reminder', label: 'Reminder' },
  { kind: 'confirmed-reminder', label: 'Reminder of a confirmed visit' },
  { kind: 'booked', label: 'Booked' },
  { kind: 'rescheduled', label: 'New time' },
  { kind: 'reassigned', label: 'Another provider' },
  { kind: 'cancelled', label: 'Cancelled' },
  { kind: 'offer', label: 'Waitlist offer' },
] as const;
export type PreviewedText = (typeof PREVIEWED_TEXTS)[number]['kind'];

/** Each text as a patient would read it in `language`, from sample visit data. */
export function textPreviews(
  sample: { clinic: { name: string; timezone: string }; start: string; expiresAt: string },
  context: TextContext,
): Array<{ kind: PreviewedText; label: string; body: string }> {
  const bodies: Record<PreviewedText, string> = {
    reminder: reminderText({ ...sample, confirmed: false }, context),
    'confirmed-reminder': reminderText({ ...sample, confirmed: true }, context),
    booked: bookedText(sample, context),
    rescheduled: rescheduledText(sample, context),
    reassigned: reassignedText(sample, context),
    cancelled: cancelledText(sample, context),
    offer: offerText(sample, context),
  };
  return PREVIEWED_TEXTS.map(({ kind, label }) => ({ kind, label, body: bodies[kind] }));
}

/** The answers to a patient's replies, in the order Clinic settings previews them. */
export const PREVIEWED_ANSWERS = [
  { kind: 'confirmed', label: 'C or YES: the visit is confirmed' },
  { kind: 'nothing-to-confirm', label: 'C or YES with no visit to confirm' },
  { kind: 'link', label: 'R: the visit’s link' },
  { kind: 'no-link', label: 'R with no upcoming visit' },
  { kind: 'stopped', label: 'STOP' },
  { kind: 'started', label: 'START' },
  { kind: 'help', label: 'HELP' },
] as const;
export type PreviewedAnswer = (typeof PREVIEWED_ANSWERS)[number]['kind'];

/**
 * Each answer to a reply as a patient reads it in `language` (the worker's own words), from sample
 * visit data and the clinic's phone (an answer offers a call only when there is one).
 */
export function answerPreviews(
  sample: { clinic: { name: string; timezone: string; phone: string | null }; start: string },
  context: Pick<TextContext, 'link' | 'language'>,
): Array<{ kind: PreviewedAnswer; label: string; body: string }> {
  const language = context.language ?? 'en';
  const words = answerTexts[language];
  const { name, phone } = sample.clinic;
  const when = textTime(sample.start, sample.clinic.timezone, language);
  const bodies: Record<PreviewedAnswer, string> = {
    confirmed: words.confirmed(name, when),
    'nothing-to-confirm': words.nothingToConfirm(name, phone),
    link: words.link(name, when, context.link),
    'no-link': words.noLink(name),
    stopped: words.stopped(name),
    started: words.started(name),
    help: words.help(name, phone),
  };
  return PREVIEWED_ANSWERS.map(({ kind, label }) => ({ kind, label, body: bodies[kind] }));
}
