// What each text says (ADR 050). Short on purpose: the patient's first name, the clinic, the time
// and a link, nothing else a stranger glancing at a phone should read (issue 44). One function
// per kind of message, from the same visit data as the e-mail of that kind, so that they can be
// put into the patient's language one by one. Plain English for now.
import type { NotificationSnapshot } from '../notifications';

/** What a text about a visit needs beside the e-mail's snapshot. */
export interface TextContext {
  /** The patient's preferred or first name, as the record says when the text goes. */
  firstName: string;
  /** The patient's page of the visit (self-service, confirm, join). */
  link: string;
}

/** "Mon, Nov 30, 8:30 AM" on the clinic's clock, in plain spaces (ICU's narrow one is UCS-2). */
export function textTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
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

type VisitData = Pick<NotificationSnapshot, 'clinic' | 'start'>;

export function bookedText(visit: VisitData, c: TextContext): string {
  return `${c.firstName}, your visit at ${visit.clinic.name} is booked for ${textTime(visit.start, visit.clinic.timezone)}. Details: ${c.link}`;
}

export function rescheduledText(visit: VisitData, c: TextContext): string {
  return `${c.firstName}, your visit at ${visit.clinic.name} moved to ${textTime(visit.start, visit.clinic.timezone)}. Details: ${c.link}`;
}

export function reassignedText(visit: VisitData, c: TextContext): string {
  return `${c.firstName}, your visit at ${visit.clinic.name} on ${textTime(visit.start, visit.clinic.timezone)} is now with another provider. Details: ${c.link}`;
}

export function cancelledText(visit: VisitData, c: Pick<TextContext, 'firstName'>): string {
  return `${c.firstName}, your visit at ${visit.clinic.name} on ${textTime(visit.start, visit.clinic.timezone)} was cancelled.`;
}

export function reminderText(visit: VisitData & { confirmed: boolean }, c: TextContext): string {
  const when = textTime(visit.start, visit.clinic.timezone);
  return visit.confirmed
    ? `${c.firstName}, see you at ${visit.clinic.name} on ${when}. Details: ${c.link}`
    : `${c.firstName}, reminder: your visit at ${visit.clinic.name} on ${when}. Reply C to confirm, R for your link. ${c.link}`;
}

/** An offer of freed time to a waiting patient: when, until when it holds, and its page. */
export function offerText(
  offer: { clinic: { name: string; timezone: string }; start: string; expiresAt: string },
  c: TextContext,
): string {
  const tz = offer.clinic.timezone;
  return `${c.firstName}, ${offer.clinic.name} has an earlier time for you: ${textTime(offer.start, tz)}. Answer by ${textTime(offer.expiresAt, tz)}: ${c.link}`;
}

/** The answers to a patient's reply. */
export const answerTexts = {
  confirmed: (clinicName: string, when: string) =>
    `${clinicName}: thank you, your visit on ${when} is confirmed.`,
  nothingToConfirm: (clinicName: string, phone: string | null) =>
    `${clinicName}: we found no upcoming visit to confirm.${phone ? ` Please call ${phone}.` : ''}`,
  link: (clinicName: string, when: string, link: string) =>
    `${clinicName}: your visit on ${when}: ${link}`,
  noLink: (clinicName: string) => `${clinicName}: you have no upcoming visit.`,
  stopped: (clinicName: string) =>
    `${clinicName}: you will get no more texts from us. Reply START to get them again.`,
  started: (clinicName: string) => `${clinicName}: texts are on again. Reply STOP to stop them.`,
  help: (clinicName: string, phone: string | null) =>
    `${clinicName} appointment texts. Reply C to confirm your next visit, R for its link, STOP to stop texts.${phone ? ` Call ${phone}.` : ''}`,
};
