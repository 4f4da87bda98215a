import { describe, expect, it } from 'vitest';
import { googleCalendarUrl, outlookCalendarUrl } from './calendar-links';

const event = {
  title: 'Video visit with Dr. Priya Raman',
  start: new Date('2026-11-25T15:00:00Z'),
  end: new Date('2026-11-25T15:30:00Z'),
  details: 'Join: https://clinic.example/session/?token=abc&x=1',
};

describe('calendar links', () => {
  it('gives Google the UTC times in basic form and the text escaped', () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.hostname).toBe('calendar.google.com');
    expect(url.searchParams.get('dates')).toBe('20261125T150000Z/20261125T153000Z');
    expect(url.searchParams.get('text')).toBe(event.title);
    expect(url.searchParams.get('details')).toBe(event.details);
  });

  it('gives Outlook ISO times', () => {
    const url = new URL(outlookCalendarUrl(event));
    expect(url.searchParams.get('startdt')).toBe('2026-11-25T15:00:00.000Z');
    expect(url.searchParams.get('enddt')).toBe('2026-11-25T15:30:00.000Z');
    expect(url.searchParams.get('subject')).toBe(event.title);
  });
});
