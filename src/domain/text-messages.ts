// The rules of text messages (ADR 050): quiet hours, what a reply asks for, and how long a text
// is on the air. Pure: the clock, the zone and every setting are arguments.
import {
  addDaysToKey,
  localDateKeyOf,
  MINUTE_MS,
  partsOf,
  wallClockToUtc,
  zoneFormat,
} from './zoned-time';

/** The kinds of message a patient may choose to get by text. */
export const TEXT_KINDS = ['reminder', 'change'] as const;
export type TextKind = (typeof TEXT_KINDS)[number];

/** How a patient's consent to texts was given. */
export const TEXT_CONSENT_METHODS = ['verbal', 'written', 'online', 'text'] as const;
export type TextConsentMethod = (typeof TEXT_CONSENT_METHODS)[number];

/** Where a text stands, as the gateway's reports tell it. */
export const TEXT_DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type TextDeliveryStatus = (typeof TEXT_DELIVERY_STATUSES)[number];

const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** Minutes after midnight on the clocks of `timeZone` at `at`. */
function wallMinutesAt(at: Date, timeZone: string): number {
  const parts = partsOf(
    zoneFormat(clockFormats, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    at,
  );
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/** 'HH:mm' or 'HH:mm:ss' (PostgreSQL's time) to minutes after midnight. */
export function minutesOfTime(value: string): number {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) throw new RangeError(`Not a time of day: ${value}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export interface QuietHours {
  /** Minutes after midnight, clinic time: from `start` until `end` no text leaves. */
  start: number;
  end: number;
}

/**
 * When a text due at `now` may leave: `now` itself outside the clinic's quiet hours, else the
 * moment they end on the clinic's clocks (the next morning for 21:00–08:00 at 23:00; the same
 * morning at 02:00). A text is held, never dropped. Equal start and end mean no quiet hours.
 */
export function textSendableAt(now: Date, timeZone: string, quiet: QuietHours): Date {
  if (quiet.start === quiet.end) return now;
  const minutes = wallMinutesAt(now, timeZone);
  const wraps = quiet.start > quiet.end;
  const inside = wraps
    ? minutes >= quiet.start || minutes < quiet.end
    : minutes >= quiet.start && minutes < quiet.end;
  if (!inside) return now;
  const today = localDateKeyOf(now, timeZone);
  // Past midnight of a wrapping night (or inside a same-day span), the end is today's.
  const endDay = wraps && minutes >= quiet.start ? addDaysToKey(today, 1) : today;
  return new Date(wallClockToUtc(endDay, quiet.end, timeZone));
}

/** What a patient's reply asks for. Anything else is for staff to read. */
export type ReplyAction = 'confirm' | 'link' | 'stop' | 'start' | 'help' | 'inbox';

// The carriers' own words for stopping and starting (CTIA, Twilio's defaults) count too, and the
// standard words of the patients' other languages (issue 44): SÍ/SI and OUI confirm; ALTO and
// AYUDA are the US carriers' Spanish STOP and HELP, BAJA Spain's; ARRÊT/ARRET and AIDE are
// Canada's French ones. Accents are ignored (SÍ reads as SI). PARAR and CANCELAR are no
// carrier's keyword and "cancelar" may mean the visit: they stay for staff to read.
const REPLY_WORDS: Record<string, ReplyAction> = {
  C: 'confirm',
  YES: 'confirm',
  Y: 'confirm',
  CONFIRM: 'confirm',
  SI: 'confirm',
  CONFIRMAR: 'confirm',
  OUI: 'confirm',
  CONFIRMER: 'confirm',
  R: 'link',
  STOP: 'stop',
  STOPALL: 'stop',
  UNSUBSCRIBE: 'stop',
  CANCEL: 'stop',
  END: 'stop',
  QUIT: 'stop',
  ALTO: 'stop',
  BAJA: 'stop',
  ARRET: 'stop',
  START: 'start',
  UNSTOP: 'start',
  HELP: 'help',
  INFO: 'help',
  AYUDA: 'help',
  AIDE: 'help',
};

/**
 * A reply's action: the whole text, trimmed, any case and accents, punctuation around it ignored
 * ("Yes!", " c ", "¡Sí!"). A sentence that merely contains a keyword ("yes but can we move it")
 * is for staff.
 */
export function replyActionOf(text: string): ReplyAction {
  const word = text
    .trim()
    .replace(/^[¡¿\s]+/u, '')
    .replace(/[.!?,;:\s]+$/u, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase();
  return REPLY_WORDS[word] ?? 'inbox';
}

// GSM 03.38's default alphabet, and the characters of its extension table (each takes two).
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

export interface TextLength {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets for GSM-7 (an extended character counts two), UTF-16 code units for UCS-2. */
  length: number;
  segments: number;
}

/**
 * How a text travels: in GSM-7 when every character is in its alphabet (160 a message, 153 a
 * part when split), else in UCS-2 (70, 67 a part). A single character outside GSM-7 (an emoji,
 * a curly quote) turns the whole text to UCS-2 and may double its cost.
 */
export function textLengthOf(text: string): TextLength {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) septets += 1;
    else if (GSM7_EXTENDED.includes(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    return { encoding: 'GSM-7', length: septets, segments: segmentsOf(septets, 160, 153) };
  }
  return { encoding: 'UCS-2', length: text.length, segments: segmentsOf(text.length, 70, 67) };
}

const segmentsOf = (length: number, single: number, part: number) =>
  length === 0 ? 0 : length <= single ? 1 : Math.ceil(length / part);

/** Whole minutes between two instants, for "sent when quiet hours end" in messages. */
export const minutesBetween = (from: Date, to: Date) =>
  Math.round((to.getTime() - from.getTime()) / MINUTE_MS);

/** "GSM-7 · 132 characters · 1 segment": what a text costs on the air (ADR 050). */
export function textLengthLabel(body: string): string {
  const { encoding, length, segments } = textLengthOf(body);
  return `${encoding} · ${length} characters · ${segments} segment${segments === 1 ? '' : 's'}`;
}
