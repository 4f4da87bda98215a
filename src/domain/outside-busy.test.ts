import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { busyInstancesFromText, type BusyWindow } from './outside-busy';
import { addDaysToKey, localDateKeyOf, partsOf, zoneFormat, type DateKey } from './zoned-time';

// Zones whose clocks change inside the generated series (March to November 2026), both ways.
const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Tokyo'];
const WINDOW: BusyWindow = {
  from: new Date('2026-01-01T00:00:00Z'),
  to: new Date('2029-01-01T00:00:00Z'),
  zone: 'UTC',
};

const compact = (key: DateKey) => key.replaceAll('-', '');
const two = (n: number) => String(n).padStart(2, '0');

function calendar(events: string[], extra: string[] = []): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Carebook//test//EN', ...extra, ...events]
    .concat('END:VCALENDAR')
    .join('\r\n');
}

function vevent(lines: string[]): string {
  return ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'].join('\r\n');
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock an instant shows in a zone, as "YYYY-MM-DD HH:MM". */
function wallClock(at: Date, zone: string): string {
  const p = partsOf(
    zoneFormat(formats, zone, {
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }),
    at,
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}

const seriesArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  firstDay: fc.integer({ min: 0, max: 200 }).map((d) => addDaysToKey('2026-03-01', d)),
  // Daytime only: a wall time in the spring-forward gap is moved by the rules, not kept.
  hour: fc.integer({ min: 6, max: 20 }),
  minute: fc.constantFrom(0, 15, 30, 45),
  minutes: fc.integer({ min: 5, max: 240 }),
  count: fc.integer({ min: 1, max: 40 }),
  everyDays: fc.constantFrom(1, 7, 14),
  skipped: fc.uniqueArray(fc.integer({ min: 1, max: 39 }), { maxLength: 5 }),
});

describe('busyInstancesFromText', () => {
  it('keeps a repeating series at its wall time across a DST change, less its EXDATEs', () => {
    fc.assert(
      fc.property(seriesArb, (s) => {
        const at = `T${two(s.hour)}${two(s.minute)}00`;
        const freq = s.everyDays === 1 ? 'DAILY;INTERVAL=1' : `WEEKLY;INTERVAL=${s.everyDays / 7}`;
        const skipped = s.skipped.filter((i) => i < s.count);
        const text = calendar([
          vevent([
            'UID:series',
            `DTSTART;TZID=${s.zone}:${compact(s.firstDay)}${at}`,
            `DURATION:PT${s.minutes}M`,
            `RRULE:FREQ=${freq};COUNT=${s.count}`,
            ...skipped.map(
              (i) =>
                `EXDATE;TZID=${s.zone}:${compact(addDaysToKey(s.firstDay, i * s.everyDays))}${at}`,
            ),
          ]),
        ]);
        const busy = busyInstancesFromText(text, WINDOW);
        const expected = Array.from({ length: s.count }, (_, i) => i)
          .filter((i) => !skipped.includes(i))
          .map(
            (i) => `${addDaysToKey(s.firstDay, i * s.everyDays)} ${two(s.hour)}:${two(s.minute)}`,
          );
        expect(busy.map((b) => wallClock(b.start, s.zone))).toEqual(expected);
        for (const b of busy) expect(b.end.getTime() - b.start.getTime()).toBe(s.minutes * 60_000);
        expect(new Set(busy.map((b) => b.instance)).size).toBe(busy.length);
      }),
    );
  });

  it('blocks nothing for free or cancelled events, and an override can free one instance', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('TRANSP:TRANSPARENT', 'STATUS:CANCELLED'),
        fc.integer({ min: 1, max: 9 }),
        (free, freedIndex) => {
          const start = '20260601T100000Z';
          const lone = vevent(['UID:lone', `DTSTART:${start}`, 'DTEND:20260601T110000Z', free]);
          const freedDay = compact(addDaysToKey('2026-06-01', freedIndex));
          const series = [
            vevent([
              'UID:daily',
              'DTSTART:20260601T140000Z',
              'DTEND:20260601T150000Z',
              'RRULE:FREQ=DAILY;COUNT=10',
            ]),
            vevent([
              'UID:daily',
              `RECURRENCE-ID:${freedDay}T140000Z`,
              `DTSTART:${freedDay}T140000Z`,
              `DTEND:${freedDay}T150000Z`,
              free,
            ]),
          ];
          const busy = busyInstancesFromText(calendar([lone, ...series]), WINDOW);
          expect(busy.some((b) => b.uid === 'lone')).toBe(false);
          expect(busy).toHaveLength(9);
          expect(
            busy.some(
              (b) => b.instance === `${addDaysToKey('2026-06-01', freedIndex)}T14:00:00.000Z`,
            ),
          ).toBe(false);
        },
      ),
    );
  });

  it('blocks all-day and multi-day events as whole days in the calendar’s own zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: 0, max: 300 }).map((d) => addDaysToKey('2026-01-01', d)),
        fc.integer({ min: 1, max: 5 }),
        (zone, day, days) => {
          const text = calendar(
            [
              vevent([
                'UID:away',
                `DTSTART;VALUE=DATE:${compact(day)}`,
                `DTEND;VALUE=DATE:${compact(addDaysToKey(day, days))}`,
              ]),
            ],
            [`X-WR-TIMEZONE:${zone}`],
          );
          const [busy, ...more] = busyInstancesFromText(text, WINDOW);
          expect(more).toEqual([]);
          expect(wallClock(busy!.start, zone)).toBe(`${day} 00:00`);
          expect(wallClock(busy!.end, zone)).toBe(`${addDaysToKey(day, days)} 00:00`);
          expect(localDateKeyOf(busy!.end.getTime() - 1, zone)).toBe(addDaysToKey(day, days - 1));
        },
      ),
    );
  });

  it('gives only instances that overlap the window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 60 }),
        (from, length) => {
          const window = {
            from: new Date(Date.UTC(2026, 0, 1 + from)),
            to: new Date(Date.UTC(2026, 0, 1 + from + length)),
            zone: 'UTC',
          };
          const text = calendar([
            vevent(['UID:d', 'DTSTART:20260101T120000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY']),
          ]);
          const busy = busyInstancesFromText(text, window);
          expect(busy).toHaveLength(length);
          for (const b of busy) {
            expect(b.start < window.to && b.end > window.from && b.end > b.start).toBe(true);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('honours a VTIMEZONE the file defines, RDATEs and moved instances', () => {
    const text = calendar([
      [
        'BEGIN:VTIMEZONE',
        'TZID:Custom Berlin',
        'BEGIN:DAYLIGHT',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        'DTSTART:19700329T020000',
        'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
        'END:DAYLIGHT',
        'BEGIN:STANDARD',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0100',
        'DTSTART:19701025T030000',
        'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
        'END:STANDARD',
        'END:VTIMEZONE',
      ].join('\r\n'),
      vevent([
        'UID:w',
        'DTSTART;TZID=Custom Berlin:20260316T090000',
        'DTEND;TZID=Custom Berlin:20260316T100000',
        'RRULE:FREQ=WEEKLY;COUNT=3',
        'RDATE;TZID=Custom Berlin:20260325T140000',
      ]),
      vevent([
        'UID:w',
        'RECURRENCE-ID;TZID=Custom Berlin:20260330T090000',
        'DTSTART;TZID=Custom Berlin:20260330T110000',
        'DTEND;TZID=Custom Berlin:20260330T120000',
      ]),
    ]);
    expect(
      busyInstancesFromText(text, WINDOW).map((b) => [b.start.toISOString(), b.instance]),
    ).toEqual([
      ['2026-03-16T08:00:00.000Z', '2026-03-16T08:00:00.000Z'],
      ['2026-03-23T08:00:00.000Z', '2026-03-23T08:00:00.000Z'],
      ['2026-03-25T13:00:00.000Z', '2026-03-25T13:00:00.000Z'],
      // Summer time from 29 March: 11:00 in Berlin is 09:00 UTC.
      ['2026-03-30T09:00:00.000Z', '2026-03-30T07:00:00.000Z'],
    ]);
  });
});
