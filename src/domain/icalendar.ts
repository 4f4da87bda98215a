// iCalendar text (RFC 5545) for the calendar files Carebook writes: staff feeds, the patient's
// own file and the files e-mails carry (issue 47, ADR 055). Written here rather than by a library
// because each one we had got something wrong that calendar apps notice: no line break after the
// last line, lines folded by characters rather than octets, quotes in a name breaking its CN.

/** A person or the clinic as a calendar names them: the CN and a URI (mailto:, urn:uuid:). */
export interface CalendarParty {
  name: string;
  uri: string;
}

export interface CalendarAttendee extends CalendarParty {
  role?: 'REQ-PARTICIPANT' | 'OPT-PARTICIPANT' | 'NON-PARTICIPANT' | 'CHAIR';
  partstat?: 'NEEDS-ACTION' | 'ACCEPTED';
  /** False: the organizer expects no answer (the clinic cannot read one). */
  rsvp?: boolean;
}

/** A reminder the calendar app shows this many minutes before the start. */
export interface CalendarAlarm {
  minutesBefore: number;
  description: string;
}

export interface CalendarEvent {
  uid: string;
  sequence: number;
  /** DTSTAMP: when the object was made (with a METHOD) or the event last revised (without). */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  status: 'CONFIRMED' | 'CANCELLED';
  description?: string | null;
  location?: string | null;
  url?: string | null;
  organizer?: CalendarParty | null;
  attendees?: readonly CalendarAttendee[];
  alarms?: readonly CalendarAlarm[];
  created?: Date;
  lastModified?: Date;
}

export interface CalendarFile {
  /** The product, e.g. "Staff calendar feed": PRODID is "-//Carebook//<product>//EN". */
  product: string;
  /** An iTIP method (RFC 5546) for an invitation or its cancellation; none for a plain file. */
  method?: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  /** The calendar's name a subscribing app shows. */
  name?: string;
  /** How often a subscribing app should fetch again. */
  refreshMinutes?: number;
  events: readonly CalendarEvent[];
}

const CRLF = '\r\n';
/** RFC 5545 §3.1: lines SHOULD NOT be longer than 75 octets, excluding the line break. */
const MAX_OCTETS = 75;
// Control characters other than a tab are not allowed in any value (§3.1, §3.3.11).
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B-\u001F\u007F]/g;

/** A TEXT value (§3.3.11): backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROLS, '')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

/**
 * A parameter value (§3.2), always quoted: a name may hold commas, colons or semicolons. A
 * double quote cannot appear inside one at all, so it becomes a single quote, and a line break a
 * space.
 */
function paramValue(text: string): string {
  return `"${text
    .replace(/\r\n?|\n/g, ' ')
    .replace(CONTROLS, '')
    .replace(/"/g, "'")}"`;
}

/** A URI value: it is not TEXT, so nothing is escaped, but it cannot hold a line break. */
function uriValue(uri: string): string {
  return uri.replace(/[\r\n]/g, '').replace(CONTROLS, '');
}

/** 20261125T150000Z: a DATE-TIME in UTC (§3.3.5, form #2), whole seconds. */
export function utcDateTime(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** -PT24H, -PT1H30M: an exact duration before the start (§3.3.6); minutes, not nominal days. */
function durationBefore(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (whole === 0) return 'PT0M';
  return `-PT${hours ? `${hours}H` : ''}${rest ? `${rest}M` : ''}`;
}

const utf8Octets = (codePoint: number) =>
  codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;

/**
 * A content line folded (§3.1): no line over 75 octets, each continuation starting with one
 * space, and never inside a UTF-8 character (a code point is kept whole).
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char.codePointAt(0)!);
    if (octets + size > MAX_OCTETS) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

function partyParams(party: CalendarParty): string {
  return `;CN=${paramValue(party.name)}`;
}

function eventLines(event: CalendarEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.created) lines.push(`CREATED:${utcDateTime(event.created)}`);
  if (event.lastModified) lines.push(`LAST-MODIFIED:${utcDateTime(event.lastModified)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${uriValue(event.url)}`);
  if (event.organizer) {
    lines.push(`ORGANIZER${partyParams(event.organizer)}:${uriValue(event.organizer.uri)}`);
  }
  for (const attendee of event.attendees ?? []) {
    const params = [
      partyParams(attendee),
      ';CUTYPE=INDIVIDUAL',
      `;ROLE=${attendee.role ?? 'REQ-PARTICIPANT'}`,
      attendee.partstat ? `;PARTSTAT=${attendee.partstat}` : '',
      attendee.rsvp === undefined ? '' : `;RSVP=${attendee.rsvp ? 'TRUE' : 'FALSE'}`,
    ];
    lines.push(`ATTENDEE${params.join('')}:${uriValue(attendee.uri)}`);
  }
  // A cancelled visit reminds nobody.
  if (event.status !== 'CANCELLED') {
    for (const alarm of event.alarms ?? []) {
      lines.push(
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        `DESCRIPTION:${escapeText(alarm.description)}`,
        `TRIGGER:${durationBefore(alarm.minutesBefore)}`,
        'END:VALARM',
      );
    }
  }
  lines.push('END:VEVENT');
  return lines;
}

/** The whole file: every line folded and ended by CRLF, the last one too (§3.1). */
export function calendarText(file: CalendarFile): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:-//Carebook//${file.product}//EN`];
  lines.push('CALSCALE:GREGORIAN');
  if (file.method) lines.push(`METHOD:${file.method}`);
  if (file.name)
    lines.push(`NAME:${escapeText(file.name)}`, `X-WR-CALNAME:${escapeText(file.name)}`);
  if (file.refreshMinutes) {
    const every = durationBefore(file.refreshMinutes).replace(/^-/, '');
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${every}`, `X-PUBLISHED-TTL:${every}`);
  }
  for (const event of file.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map((line) => `${foldLine(line)}${CRLF}`).join('');
}

/** The address part of "Carebook <no-reply@carebook.test>" (or the whole, if it is bare). */
export function mailboxAddress(from: string): string | null {
  const angled = /<([^<>\s]+@[^<>\s]+)>/.exec(from);
  if (angled) return angled[1]!;
  const bare = from.trim();
  return /^[^\s@<>"]+@[^\s@<>"]+$/.test(bare) ? bare : null;
}

/** A mailto: URI of an e-mail address (RFC 6068: % and reserved characters escaped). */
export function mailtoUri(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at).replace(/[%?#&/ ]/g, (c) => encodeURIComponent(c));
  return `mailto:${local}${address.slice(at)}`;
}
