// Calendar files read back by two parsers that share no code with ours or each other (issue 47):
// ical.js in this process and Python's icalendar (the Debian package, run by the system Python),
// both brought to one shape so a test can ask that they agree, then what the file says. Neither
// parser minds a missing last CRLF or an overlong line, so `lineProblems` checks those itself.
import { spawnSync } from 'node:child_process';
import ICAL from 'ical.js';

export interface ReadParty {
  cn: string | null;
  uri: string;
}

export interface ReadAlarm {
  action: string;
  /** Seconds from the start (negative: before). */
  trigger: number;
  description: string | null;
}

export interface ReadEvent {
  uid: string;
  summary: string | null;
  description: string | null;
  location: string | null;
  url: string | null;
  status: string | null;
  sequence: number | null;
  start: string;
  end: string | null;
  /** ISO, in UTC. */
  stamp: string;
  organizer: ReadParty | null;
  attendees: ReadParty[];
  alarms: ReadAlarm[];
}

export interface ReadCalendar {
  method: string | null;
  prodId: string | null;
  events: ReadEvent[];
}

const iso = (time: ICAL.Time | null | undefined) =>
  time ? time.toJSDate().toISOString().replace('.000Z', 'Z') : null;

function icalJsParty(property: ICAL.Property): ReadParty {
  const cn = property.getParameter('cn');
  return { cn: typeof cn === 'string' ? cn : null, uri: String(property.getFirstValue()) };
}

const text = (component: ICAL.Component, name: string) => {
  const value = component.getFirstPropertyValue(name);
  return value === null || value === undefined ? null : String(value);
};

/** The file as ical.js reads it. */
export function readWithIcalJs(ics: string): ReadCalendar {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return {
    method: text(calendar, 'method'),
    prodId: text(calendar, 'prodid'),
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const organizer = vevent.getFirstProperty('organizer');
      const sequence = vevent.getFirstPropertyValue('sequence');
      return {
        uid: String(vevent.getFirstPropertyValue('uid')),
        summary: text(vevent, 'summary'),
        description: text(vevent, 'description'),
        location: text(vevent, 'location'),
        url: text(vevent, 'url'),
        status: text(vevent, 'status'),
        sequence: sequence === null ? null : Number(sequence),
        start: iso(vevent.getFirstPropertyValue('dtstart') as ICAL.Time)!,
        end: iso(vevent.getFirstPropertyValue('dtend') as ICAL.Time),
        stamp: iso(vevent.getFirstPropertyValue('dtstamp') as ICAL.Time)!,
        organizer: organizer ? icalJsParty(organizer) : null,
        attendees: vevent.getAllProperties('attendee').map(icalJsParty),
        alarms: vevent.getAllSubcomponents('valarm').map((valarm) => ({
          action: String(valarm.getFirstPropertyValue('action')),
          trigger: (valarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds(),
          description: text(valarm, 'description'),
        })),
      };
    }),
  };
}

const PYTHON_READER = String.raw`
import json, sys
from datetime import timezone
from icalendar import Calendar

def s(v):
    return None if v is None else str(v)

def party(p):
    return {"cn": s(p.params.get("CN")), "uri": str(p)}

def when(v):
    if v is None:
        return None
    return v.dt.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")

cal = Calendar.from_ical(sys.stdin.buffer.read())
events = []
for ev in cal.walk("VEVENT"):
    attendees = ev.get("attendee")
    if attendees is None:
        attendees = []
    elif not isinstance(attendees, list):
        attendees = [attendees]
    organizer = ev.get("organizer")
    sequence = ev.get("sequence")
    events.append({
        "uid": str(ev.get("uid")),
        "summary": s(ev.get("summary")),
        "description": s(ev.get("description")),
        "location": s(ev.get("location")),
        "url": s(ev.get("url")),
        "status": s(ev.get("status")),
        "sequence": None if sequence is None else int(sequence),
        "start": when(ev.get("dtstart")),
        "end": when(ev.get("dtend")),
        "stamp": when(ev.get("dtstamp")),
        "organizer": None if organizer is None else party(organizer),
        "attendees": [party(a) for a in attendees],
        "alarms": [{
            "action": str(al.get("action")),
            "trigger": int(al.get("trigger").dt.total_seconds()),
            "description": s(al.get("description")),
        } for al in ev.walk("VALARM")],
    })
print(json.dumps({"method": s(cal.get("method")), "prodId": s(cal.get("prodid")), "events": events}))
`;

/** The file as Python's icalendar reads it. */
export function readWithPython(ics: string): ReadCalendar {
  const run = spawnSync('/usr/bin/python3', ['-c', PYTHON_READER], {
    input: ics,
    encoding: 'utf8',
  });
  if (run.status !== 0)
    throw new Error(`Python's icalendar could not read the file: ${run.stderr}`);
  return JSON.parse(run.stdout) as ReadCalendar;
}

/** Both parsers' reading, after checking they agree on every field. */
export function readCalendar(ics: string): ReadCalendar {
  const byIcalJs = readWithIcalJs(ics);
  const byPython = readWithPython(ics);
  if (JSON.stringify(byIcalJs) !== JSON.stringify(byPython)) {
    throw new Error(
      `ical.js and Python's icalendar read the file differently:\n${JSON.stringify(byIcalJs, null, 1)}\n${JSON.stringify(byPython, null, 1)}`,
    );
  }
  return byIcalJs;
}

/**
 * What RFC 5545 §3.1 asks of the lines that no parser checks: each ends with CRLF (the last too,
 * and no bare CR or LF), none is longer than 75 octets, and a folded line goes on with a space.
 */
export function lineProblems(ics: string): string[] {
  const problems: string[] = [];
  if (!ics.endsWith('\r\n')) problems.push('the last line has no CRLF');
  if (/\r(?!\n)|(?<!\r)\n/.test(ics)) problems.push('a line ends without CRLF');
  const lines = ics.split('\r\n').slice(0, -1);
  lines.forEach((line, i) => {
    const octets = Buffer.byteLength(line, 'utf8');
    if (octets > 75) problems.push(`line ${i + 1} has ${octets} octets: ${line}`);
    if (line.includes('\uFFFD')) problems.push(`line ${i + 1} splits a character`);
  });
  // Each line, folded or not, is whole UTF-8: no character was cut between two lines.
  for (const line of lines) {
    if (Buffer.from(line, 'utf8').toString('utf8') !== line) problems.push('a broken character');
  }
  return problems;
}
