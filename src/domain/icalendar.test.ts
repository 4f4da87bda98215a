import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { calendarText, escapeText, foldLine, mailboxAddress, mailtoUri } from './icalendar';

const octets = (line: string) => new TextEncoder().encode(line).length;

describe('iCalendar lines (RFC 5545 §3.1)', () => {
  it('folds at 75 octets, continuing with a space, and never inside a character', () => {
    // 73 ASCII octets, then a four-octet emoji that would end at octet 77: it moves down whole.
    const line = `SUMMARY:${'a'.repeat(65)}🩺${'é'.repeat(40)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded[0]).toBe(`SUMMARY:${'a'.repeat(65)}`);
    expect(folded[1]!.startsWith(' 🩺')).toBe(true);
    for (const part of folded) expect(octets(part)).toBeLessThanOrEqual(75);
    expect(folded.map((part, i) => (i ? part.slice(1) : part)).join('')).toBe(line);
    // A line of exactly 75 octets stays whole.
    expect(foldLine(`X:${'b'.repeat(73)}`)).not.toContain('\r\n');
  });

  it('escapes text and keeps quotes out of a parameter, and ends the last line with CRLF', () => {
    expect(escapeText('a,b;c\\d\r\ne\nf')).toBe('a\\,b\\;c\\\\d\\ne\\nf');
    const text = calendarText({
      product: 'Test',
      method: 'REQUEST',
      events: [
        {
          uid: 'u-1@carebook',
          sequence: 0,
          stamp: new Date('2026-11-23T12:00:00.250Z'),
          start: new Date('2026-11-25T15:00:00Z'),
          end: new Date('2026-11-25T15:30:00Z'),
          summary: 'Appointment at St. "Mary", Dublin; Ireland',
          status: 'CONFIRMED',
          organizer: { name: 'St. "Mary", Dublin', uri: mailtoUri('front desk@example.ie') },
          alarms: [{ minutesBefore: 90, description: 'Soon' }],
        },
      ],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text).toContain('DTSTAMP:20261123T120000Z\r\n');
    expect(text).toContain('TRIGGER:-PT1H30M\r\n');
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('summary')).toBe(
      'Appointment at St. "Mary", Dublin; Ireland',
    );
    const organizer = vevent.getFirstProperty('organizer')!;
    expect(organizer.getParameter('cn')).toBe("St. 'Mary', Dublin");
    expect(organizer.getFirstValue()).toBe('mailto:front%20desk@example.ie');
  });

  it('finds the address in a From header', () => {
    expect(mailboxAddress('Carebook <no-reply@carebook.test>')).toBe('no-reply@carebook.test');
    expect(mailboxAddress('clinic@example.org')).toBe('clinic@example.org');
    expect(mailboxAddress('Carebook')).toBeNull();
  });
});
