import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OutsideCalendarView } from '@contracts/outside-calendars';
import type { SlotsResponse } from '@contracts/clinics';
import { testConfig } from '../../config';
import * as t from '../../db/schema';
import type { Api } from '../../test/api-client';
import { icsOf, startIcsServer, startRadicale } from '../../test/calendar-servers';
import { createBody } from '../../test/scenario';
import { useScenario, useTestApp } from '../../test/test-app';
import { createCalendarSyncWorker } from './sync-worker';

// Real servers (issue 46): Radicale for CalDAV, and .ics files over local HTTP. Started once.
let radicale: Awaited<ReturnType<typeof startRadicale>>;
let ics: Awaited<ReturnType<typeof startIcsServer>>;
beforeAll(async () => {
  [radicale, ics] = await Promise.all([startRadicale(), startIcsServer()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([radicale?.close(), ics?.close()]);
});

// A Friday; the provider works 08:00–18:00 New York time every day (the scenario).
const env = useTestApp({
  now: new Date('2026-11-20T12:00:00Z'),
  config: { OUTSIDE_CALENDAR_ALLOW_PRIVATE: true, OUTSIDE_CALENDAR_TIMEOUT_MS: 5_000 },
});
const { s, staff, provider, admin } = useScenario(env, 'provider', 'admin');

/** The provider's free starts on one New York day, as "HH:MM" New York time. */
async function freeStarts(day: string): Promise<string[]> {
  const res = await staff.get(
    `/api/clinics/${s.clinic.slug}/slots?from=${day}&to=${day}&agentId=${s.provider.id}&timezone=America/New_York`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SlotsResponse).slots.map((slot) =>
    new Date(slot.startTime).toLocaleTimeString('en-GB', {
      timeZone: 'America/New_York',
      hour: '2-digit',
      minute: '2-digit',
    }),
  );
}

async function connect(as: Api, body: Record<string, unknown>, url = '/api/outside-calendars') {
  const res = await as.post(url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as OutsideCalendarView;
}

async function syncNow(id: string): Promise<OutsideCalendarView> {
  const res = await provider.post(`/api/outside-calendars/${id}/sync`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OutsideCalendarView;
}

describe('an iCalendar address', () => {
  it('blocks its busy events, not its free ones, and lets go of deleted ones at the next sync', async () => {
    ics.files.set(
      '/secret/basic.ics',
      icsOf([
        // 10:00–11:00 New York on Tuesday 24 November.
        ['UID:rota-1', 'DTSTART:20261124T150000Z', 'DTEND:20261124T160000Z', 'SUMMARY:Ward round'],
        ['UID:free-1', 'DTSTART:20261124T170000Z', 'DTEND:20261124T180000Z', 'TRANSP:TRANSPARENT'],
        ['UID:gone-1', 'DTSTART:20261124T190000Z', 'DTEND:20261124T193000Z', 'STATUS:CANCELLED'],
      ]),
    );
    const calendar = await connect(provider, {
      kind: 'ical-url',
      name: 'Hospital rota',
      url: ics.url('/secret/basic.ics'),
    });
    expect(calendar).toMatchObject({ lastError: null, address: expect.stringMatching(/\/…$/) });
    expect(calendar.lastSyncedAt).not.toBeNull();
    expect(JSON.stringify(calendar)).not.toContain('secret');

    const starts = await freeStarts('2026-11-24');
    expect(starts).not.toContain('10:00');
    expect(starts).not.toContain('10:30');
    expect(starts).toContain('09:30');
    expect(starts).toContain('11:00');
    expect(starts).toContain('12:00'); // transparent
    expect(starts).toContain('14:00'); // cancelled
    // The calendar's blocks: when and whose, never the event's title.
    const shown = await staff.get(
      '/api/outside-busy?from=2026-11-24T00:00:00Z&to=2026-11-25T00:00:00Z',
    );
    expect(shown.json()).toEqual({
      busy: [
        {
          agentId: s.provider.id,
          start: '2026-11-24T15:00:00.000Z',
          end: '2026-11-24T16:00:00.000Z',
        },
      ],
    });

    // Nothing changed: the ETag answers 304 and the busy time stands.
    await syncNow(calendar.id);
    expect(ics.requests.at(-1)).toMatchObject({ status: 304 });
    expect(await freeStarts('2026-11-24')).not.toContain('10:00');

    ics.files.set('/secret/basic.ics', icsOf([]));
    await syncNow(calendar.id);
    expect(await freeStarts('2026-11-24')).toContain('10:00');
  });

  it('refuses a staff booking over a busy time in words, and books it when staff override, audited', async () => {
    ics.files.set(
      '/secret/over.ics',
      icsOf([['UID:x', 'DTSTART:20261124T150000Z', 'DTEND:20261124T160000Z']]),
    );
    await connect(provider, {
      kind: 'ical-url',
      name: 'Personal',
      url: ics.url('/secret/over.ics'),
    });
    const refused = await staff.post(
      '/api/appointments',
      createBody(s, '2026-11-24T15:00:00.000Z'),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'outside_busy',
      message: 'Dr. Priya Raman is busy in their outside calendar at this time. Pick another slot.',
    });
    const booked = await staff.post(
      '/api/appointments',
      createBody(s, '2026-11-24T15:00:00.000Z', { overrideOutsideBusy: true }),
    );
    expect(booked.statusCode, booked.body).toBe(201);
    const id = (booked.json() as { _id: string })._id;
    const [audit] = await env.db.select().from(t.auditLog).where(eq(t.auditLog.entityId, id));
    expect(audit).toMatchObject({ action: 'create', details: { outsideBusyOverridden: true } });
    // The override is for the outside calendar only: a time booked here stays taken.
    const twice = await staff.post(
      '/api/appointments',
      createBody(s, '2026-11-24T15:00:00.000Z', { overrideOutsideBusy: true }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'conflict' });
  });

  it('blocks an all-day event as the whole day in the calendar’s own zone', async () => {
    ics.files.set(
      '/secret/allday.ics',
      icsOf(
        [['UID:leave', 'DTSTART;VALUE=DATE:20261125', 'DTEND;VALUE=DATE:20261126']],
        // Tokyo's 25 November is 10:00 on the 24th to 10:00 on the 25th in New York.
        ['X-WR-TIMEZONE:Asia/Tokyo'],
      ),
    );
    await connect(provider, {
      kind: 'ical-url',
      name: 'Leave',
      url: ics.url('/secret/allday.ics'),
    });
    const tuesday = await freeStarts('2026-11-24');
    expect(tuesday).toContain('09:30');
    expect(tuesday).not.toContain('10:00');
    expect(tuesday).not.toContain('17:30');
    const wednesday = await freeStarts('2026-11-25');
    expect(wednesday).not.toContain('09:30');
    expect(wednesday).toContain('10:00');
  });

  it('keeps the last known busy times when a sync fails, and says why in words', async () => {
    ics.files.set(
      '/secret/flaky.ics',
      icsOf([['UID:x', 'DTSTART:20261124T150000Z', 'DTEND:20261124T160000Z']]),
    );
    const calendar = await connect(provider, {
      kind: 'ical-url',
      name: 'Flaky',
      url: ics.url('/secret/flaky.ics'),
    });
    ics.files.delete('/secret/flaky.ics');
    const failed = await syncNow(calendar.id);
    expect(failed.lastError).toBe('No calendar was found at this address (HTTP 404).');
    expect(failed.lastSyncedAt).toBe(calendar.lastSyncedAt);
    expect(await freeStarts('2026-11-24')).not.toContain('10:00');
  });

  it('lets an admin connect one for a provider, and anyone disconnect only their own', async () => {
    ics.files.set('/secret/admin.ics', icsOf([]));
    const calendar = await connect(
      admin,
      { kind: 'ical-url', name: 'Department', url: ics.url('/secret/admin.ics') },
      `/api/admin/agents/${s.provider.id}/outside-calendars`,
    );
    const list = await provider.get('/api/outside-calendars');
    expect((list.json() as { items: OutsideCalendarView[] }).items.map((c) => c.id)).toEqual([
      calendar.id,
    ]);
    const foreign = await admin.call(
      'DELETE',
      `/api/admin/agents/${s.foreignAgent.id}/outside-calendars/${calendar.id}`,
    );
    expect(foreign.statusCode).toBe(404);
    const gone = await provider.call('DELETE', `/api/outside-calendars/${calendar.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await provider.get('/api/outside-calendars')).json()).toEqual({ items: [] });
  });
});

describe('a CalDAV calendar (Radicale)', () => {
  it('expands a repeating series with its exceptions and follows changes by sync token', async () => {
    const url = await radicale.makeCalendar('priya', `rota-${Date.now()}`);
    // Mondays 09:00–10:00 New York from 26 October, across the change of hour on 1 November:
    // the rule keeps 09:00 local on both sides.
    await radicale.put(
      url,
      'priya',
      'clinic.ics',
      icsOf([
        [
          'UID:monday-clinic',
          'DTSTART;TZID=America/New_York:20261026T090000',
          'DTEND;TZID=America/New_York:20261026T100000',
          'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10',
          'EXDATE;TZID=America/New_York:20261123T090000',
          'RDATE;TZID=America/New_York:20261124T130000',
        ],
        [
          'UID:monday-clinic',
          'RECURRENCE-ID;TZID=America/New_York:20261130T090000',
          'DTSTART;TZID=America/New_York:20261130T150000',
          'DTEND;TZID=America/New_York:20261130T160000',
        ],
      ]),
    );
    await radicale.put(
      url,
      'priya',
      'meeting.ics',
      icsOf([['UID:meeting', 'DTSTART:20261201T150000Z', 'DTEND:20261201T160000Z']]),
    );
    const calendar = await connect(provider, {
      kind: 'caldav',
      name: 'Department',
      url,
      username: 'priya',
      password: 'app-password',
    });
    expect(calendar).toMatchObject({ lastError: null, username: 'priya' });
    const [stored] = await env.db
      .select()
      .from(t.outsideCalendars)
      .where(eq(t.outsideCalendars.id, calendar.id));
    expect(stored!.syncToken).toBeTruthy();

    expect(await freeStarts('2026-11-23')).toContain('09:00'); // EXDATE
    expect(await freeStarts('2026-11-24')).not.toContain('13:00'); // RDATE
    const moved = await freeStarts('2026-11-30');
    expect(moved).toContain('09:00'); // moved away…
    expect(moved).not.toContain('15:00'); // …to here
    expect(await freeStarts('2026-12-07')).not.toContain('09:00'); // after the change of hour
    expect(await freeStarts('2026-12-01')).not.toContain('10:00'); // 15:00Z

    await radicale.remove(url, 'priya', 'meeting.ics');
    await radicale.put(
      url,
      'priya',
      'clinic.ics',
      icsOf([
        [
          'UID:monday-clinic',
          'DTSTART;TZID=America/New_York:20261026T090000',
          'DTEND;TZID=America/New_York:20261026T100000',
          'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10',
          'TRANSP:TRANSPARENT',
        ],
      ]),
    );
    const again = await syncNow(calendar.id);
    expect(again.lastError).toBeNull();
    expect(await freeStarts('2026-12-01')).toContain('10:00');
    expect(await freeStarts('2026-12-07')).toContain('09:00');
  });

  it('is synced by the worker once, however many instances run it', async () => {
    const url = await radicale.makeCalendar('nora', `cal-${Date.now()}`);
    await radicale.put(
      url,
      'nora',
      'a.ics',
      icsOf([['UID:a', 'DTSTART:20261124T150000Z', 'DTEND:20261124T160000Z']]),
    );
    await env.db.insert(t.outsideCalendars).values({
      staffId: s.provider.id,
      kind: 'caldav',
      name: 'Rota',
      url,
      urlHint: url,
      username: 'nora',
      password: 'x',
    });
    const deps = {
      config: testConfig({ OUTSIDE_CALENDAR_ALLOW_PRIVATE: true }),
      db: env.handle,
      now: () => env.now(),
      version: 'test',
    };
    const workers = [1, 2].map(() => createCalendarSyncWorker(deps, { logger: env.app.log }));
    try {
      const counts = await Promise.all(workers.map((w) => w.runOnce()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(await freeStarts('2026-11-24')).not.toContain('10:00');
  });
});
