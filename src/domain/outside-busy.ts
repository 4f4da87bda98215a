import ICAL from 'ical.js';
import { isValidTimeZone, toDateKey, wallClockToUtc, type DateKey } from './zoned-time';

/**
 * Busy times from an outside calendar (issue 46, ADR 053): which instants an iCalendar object
 * keeps a person busy, in a window. Pure: the text, the window and the zone are arguments. The
 * parsing and the recurrence rules are ical.js's (RRULE, EXDATE, RDATE, RECURRENCE-ID overrides,
 * VTIMEZONE); what blocks is ours:
 * - an event blocks unless it is TRANSP:TRANSPARENT or STATUS:CANCELLED, per instance (an
 *   override may make one instance free or cancelled, or busy again);
 * - an all-day event (DTSTART;VALUE=DATE) blocks its whole days, midnight to midnight in the
 *   calendar's own zone (X-WR-TIMEZONE, else the zone given), however many days it spans;
 * - a time in a zone the file does not define is read in that zone if it is one of the tz
 *   database's, else in the calendar's zone; a floating time is read in the calendar's zone.
 */
export interface BusyInstance {
  uid: string;
  /** The instance's RECURRENCE-ID (its original start, UTC ISO), '' for a single event. */
  instance: string;
  start: Date;
  end: Date;
}

export interface BusyWindow {
  from: Date;
  to: Date;
  /** The zone all-day and floating times are read in when the calendar names none. */
  zone: string;
}

/** A series is expanded at most this far: a daily event since 1990 still ends in time. */
const MAX_OCCURRENCES = 20_000;
/** How far after the window an instance may start and still be moved into it by an override. */
const DAY_MS = 86_400_000;
const MOVED_OVERRIDE_REACH_MS = 31 * DAY_MS;

/** The calendar's own zone: X-WR-TIMEZONE when it names a tz database zone, else `fallback`. */
export function calendarZoneOf(calendar: ICAL.Component, fallback: string): string {
  const named = calendar.getFirstPropertyValue('x-wr-timezone');
  return typeof named === 'string' && isValidTimeZone(named) ? named : fallback;
}

function dateKeyOf(time: ICAL.Time): DateKey {
  return toDateKey(time.year, time.month, time.day);
}

/** The instant a date-time of the file stands for (see the rules above). */
function instantOf(time: ICAL.Time, zoneHint: string | null, calendarZone: string): number {
  const zone = time.zone;
  if (zone === ICAL.Timezone.utcTimezone || zone?.tzid === 'UTC' || zone?.tzid === 'Z') {
    return time.toUnixTime() * 1000;
  }
  // A zone the file defines (VTIMEZONE): its own rules, as ical.js reads them.
  if (zone && zone.component) return time.toUnixTime() * 1000;
  const named = zoneHint ?? (time as unknown as { timezone?: string }).timezone ?? null;
  const wallZone = named && isValidTimeZone(named) ? named : calendarZone;
  return (
    wallClockToUtc(dateKeyOf(time), time.hour * 60 + time.minute, wallZone) + time.second * 1000
  );
}

function midnightOf(time: ICAL.Time, calendarZone: string): number {
  return wallClockToUtc(dateKeyOf(time), 0, calendarZone);
}

/** Whether an event (or an override of one instance) keeps its person busy. */
export function blocksTime(event: ICAL.Component): boolean {
  const transparency = String(event.getFirstPropertyValue('transp') ?? 'OPAQUE').toUpperCase();
  const status = String(event.getFirstPropertyValue('status') ?? 'CONFIRMED').toUpperCase();
  return transparency !== 'TRANSPARENT' && status !== 'CANCELLED';
}

function tzidOf(event: ICAL.Component, property: string): string | null {
  const tzid = event.getFirstProperty(property)?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : null;
}

/** One instance's start and end as instants, all-day ones as whole days in the calendar zone. */
function spanOf(
  start: ICAL.Time,
  end: ICAL.Time,
  item: ICAL.Component,
  calendarZone: string,
): { start: number; end: number } {
  if (start.isDate) {
    // DTEND of a date is exclusive; a missing or not later end is one day (RFC 5545 3.6.1). A
    // date-time end closes its own day too.
    let close: ICAL.Time;
    if (end.compare(start) > 0) {
      close = ICAL.Time.fromData({ year: end.year, month: end.month, day: end.day, isDate: true });
      if (!end.isDate && (end.hour > 0 || end.minute > 0 || end.second > 0))
        close.adjust(1, 0, 0, 0);
    } else {
      close = start.clone();
      close.adjust(1, 0, 0, 0);
    }
    return { start: midnightOf(start, calendarZone), end: midnightOf(close, calendarZone) };
  }
  return {
    start: instantOf(start, tzidOf(item, 'dtstart'), calendarZone),
    end: instantOf(end, tzidOf(item, 'dtend') ?? tzidOf(item, 'dtstart'), calendarZone),
  };
}

/** The events of a calendar grouped by UID: the master and its overridden instances. */
function seriesOf(calendar: ICAL.Component): Map<string, ICAL.Component[]> {
  const byUid = new Map<string, ICAL.Component[]>();
  for (const event of calendar.getAllSubcomponents('vevent')) {
    const uid = String(event.getFirstPropertyValue('uid') ?? '');
    const list = byUid.get(uid) ?? [];
    list.push(event);
    byUid.set(uid, list);
  }
  return byUid;
}

function instanceKey(recurrenceId: ICAL.Time | null | undefined, calendarZone: string): string {
  if (!recurrenceId) return '';
  const at = recurrenceId.isDate
    ? midnightOf(recurrenceId, calendarZone)
    : instantOf(recurrenceId, null, calendarZone);
  return new Date(at).toISOString();
}

/**
 * Every busy instance of the events of one parsed VCALENDAR that overlaps [from, to): repeating
 * events expanded with their exceptions, free and cancelled ones left out. Instances are cut to
 * nothing: an instance that only overlaps the window's edge is kept whole.
 */
export function busyInstancesOf(calendar: ICAL.Component, window: BusyWindow): BusyInstance[] {
  const calendarZone = calendarZoneOf(calendar, window.zone);
  const from = window.from.getTime();
  const to = window.to.getTime();
  const out: BusyInstance[] = [];
  const keep = (uid: string, instance: string, span: { start: number; end: number }) => {
    if (span.end > span.start && span.start < to && span.end > from) {
      out.push({ uid, instance, start: new Date(span.start), end: new Date(span.end) });
    }
  };
  for (const [uid, components] of seriesOf(calendar)) {
    const master = components.find((c) => !c.hasProperty('recurrence-id'));
    const overrides = components.filter((c) => c.hasProperty('recurrence-id'));
    if (!master) {
      // Overrides whose series is not in this object: each stands for itself.
      for (const single of overrides) {
        const event = new ICAL.Event(single);
        if (!blocksTime(single) || !event.startDate) continue;
        keep(
          uid,
          instanceKey(event.recurrenceId, calendarZone),
          spanOf(event.startDate, event.endDate, single, calendarZone),
        );
      }
      continue;
    }
    // Given explicitly: left alone, ical.js relates every override in the file, of any UID.
    const event = new ICAL.Event(master, { strictExceptions: true, exceptions: overrides });
    if (!event.startDate) continue;
    if (!event.isRecurring()) {
      if (blocksTime(master)) {
        keep(uid, '', spanOf(event.startDate, event.endDate, master, calendarZone));
      }
      continue;
    }
    const iterator = event.iterator();
    // The wall clock read as UTC is within a day of the instant in any zone: enough to pass over
    // instances long before the window without converting each (a daily series of years), and
    // to stop. Instances come in order of their original start; an override may move one, so
    // with overrides nothing is passed over, and the loop stops a month past the window.
    const length = event.duration.toSeconds() * 1000;
    const canSkip = overrides.length === 0;
    for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES; n++) {
      const rough = Date.UTC(next.year, next.month - 1, next.day, next.hour, next.minute);
      if (rough >= to + MOVED_OVERRIDE_REACH_MS) break;
      if (canSkip && rough + length + 2 * DAY_MS < from) {
        next = iterator.next();
        continue;
      }
      const details = event.getOccurrenceDetails(next);
      const item = details.item.component;
      const span = spanOf(details.startDate, details.endDate, item, calendarZone);
      if (blocksTime(item)) keep(uid, instanceKey(details.recurrenceId, calendarZone), span);
      next = iterator.next();
    }
  }
  return out;
}

/** Parses an iCalendar text (one or more VCALENDARs) and gives its busy instances. */
export function busyInstancesFromText(text: string, window: BusyWindow): BusyInstance[] {
  const parsed = ICAL.parse(text);
  const roots = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
  return roots.flatMap((jcal) =>
    busyInstancesOf(new ICAL.Component(jcal as ICAL.Component['jCal']), window),
  );
}
