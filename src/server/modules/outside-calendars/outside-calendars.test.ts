import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { OutsideCalendarView } from '@contracts/outside-calendars';
import type { SlotsResponse } from '@contracts/clinics';
import { testConfig } from '../../config';
import { READ_REUSE_MS } from '../../core/reuse';
import * as t from '../../db/schema';
import type { Api } from '../../test/api-client';
import { icsOf, startIcsServer, startRadicale } from '../../test/calendar-servers';
import { apiAs } from '../../test/api-client';
import { createSignInUser } from '../../test/auth-helpers';
import { bookThroughApi, createBody, createUserOfBothClinics } from '../../test/scenario';
import { buildTestApp, useScenario, useTestApp } from '../../test/test-app';
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
async function freeStarts(day: string, as: Api = staff, clinic = s.clinic.slug): Promise<string[]> {
  const res = await as.get(
    `/api/clinics/${clinic}/slots?from=${day}&to=${day}&agentId=${s.provider.id}&timezone=America/New_York`,
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

/** Ten to eleven in New York on Tuesday 24 November: the busy hour most tests block. */
const TUESDAY_TEN = ['DTSTART:20261124T150000Z', 'DTEND:20261124T160000Z'];

/** Mondays 09:00–10:00 New York, ten of them from 26 October: the CalDAV tests' weekly clinic. */
const MONDAY_CLINIC = [
  'UID:monday-clinic',
  'DTSTART;TZID=America/New_York:20261026T090000',
  'DTEND;TZID=America/New_York:20261026T100000',
  'RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=10',
];

/** The provider's own calendar at an .ics address under /secret that serves these events. */
async function connectIcs(name: string, file: string, events: string[][], extra?: string[]) {
  ics.files.set(file, icsOf(events, extra));
  return connect(provider, { kind: 'ical-url', name, url: ics.url(file) });
}

describe('an iCalendar address', () => {
  it('blocks its busy events, not its free ones, and lets go of deleted ones at the next sync', async () => {
    const calendar = await connectIcs('Hospital rota', '/secret/basic.ics', [
      ['UID:rota-1', ...TUESDAY_TEN, 'SUMMARY:Ward round'],
      ['UID:free-1', 'DTSTART:20261124T170000Z', 'DTEND:20261124T180000Z', 'TRANSP:TRANSPARENT'],
      ['UID:gone-1', 'DTSTART:20261124T190000Z', 'DTEND:20261124T193000Z', 'STATUS:CANCELLED'],
    ]);
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
    await connectIcs('Personal', '/secret/over.ics', [['UID:x', ...TUESDAY_TEN]]);
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
    // The audit row names who overrode: the staff member signed in.
    expect(audit).toMatchObject({
      action: 'create',
      userId: s.staff.id,
      details: { outsideBusyOverridden: true },
    });
    // The override is for the outside calendar only: a time booked here stays taken.
    const twice = await staff.post(
      '/api/appointments',
      createBody(s, '2026-11-24T15:00:00.000Z', { overrideOutsideBusy: true }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'conflict' });
  });

  it('blocks an all-day event as the whole day in the calendar’s own zone', async () => {
    await connectIcs(
      'Leave',
      '/secret/allday.ics',
      [['UID:leave', 'DTSTART;VALUE=DATE:20261125', 'DTEND;VALUE=DATE:20261126']],
      // Tokyo's 25 November is 10:00 on the 24th to 10:00 on the 25th in New York.
      ['X-WR-TIMEZONE:Asia/Tokyo'],
    );
    const tuesday = await freeStarts('2026-11-24');
    expect(tuesday).toContain('09:30');
    expect(tuesday).not.toContain('10:00');
    expect(tuesday).not.toContain('17:30');
    const wednesday = await freeStarts('2026-11-25');
    expect(wednesday).not.toContain('09:30');
    expect(wednesday).toContain('10:00');
  });

  it('keeps the last known busy times when a sync fails, and says why in words', async () => {
    const calendar = await connectIcs('Flaky', '/secret/flaky.ics', [['UID:x', ...TUESDAY_TEN]]);
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
          ...MONDAY_CLINIC,
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
      icsOf([[...MONDAY_CLINIC, 'TRANSP:TRANSPARENT']]),
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

/** The audit rows of outside calendars, oldest first. */
async function calendarAudit() {
  const rows = await env.db
    .select()
    .from(t.auditLog)
    .where(eq(t.auditLog.entityType, 'outside_calendar'));
  return rows.sort((a, b) => a.id - b.id);
}

describe('moving an appointment onto an outside busy time', () => {
  it('is checked as overridable, refused without the override, moved with it and audited naming who', async () => {
    const booked = await bookThroughApi(staff, s, '2026-11-24T14:00:00.000Z');
    const id = booked._id;
    await connectIcs('Rota', '/secret/move.ics', [['UID:m', ...TUESDAY_TEN]]);
    const body = {
      id,
      date: '2026-11-24T15:00:00.000Z',
      staff: { id: s.provider.id, name: s.provider.name, email: s.provider.email },
      duration: 30,
    };
    const check = await staff.post(`/api/appointments/${id}/move-check`, body);
    expect(check.json()).toEqual({
      bookable: false,
      message: 'Dr. Priya Raman is busy in their outside calendar at this time. Pick another slot.',
      conflict: null,
      overridable: true,
    });
    const refused = await staff.put(`/api/appointments/${id}`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'outside_busy' });
    const moved = await staff.put(`/api/appointments/${id}`, {
      ...body,
      overrideOutsideBusy: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await env.db.select().from(t.auditLog).where(eq(t.auditLog.entityId, id));
    expect(rows.find((r) => r.action === 'reschedule')).toMatchObject({
      userId: s.staff.id,
      details: expect.objectContaining({ outsideBusyOverridden: true }),
    });
    // A time taken here is not overridable: only the outside calendar is.
    const other = await staff.post('/api/appointments', createBody(s, '2026-11-24T17:00:00.000Z'));
    const otherId = (other.json() as { _id: string })._id;
    const taken = await staff.post(`/api/appointments/${otherId}/move-check`, {
      ...body,
      id: otherId,
    });
    expect(taken.json()).toMatchObject({ bookable: false });
    expect(taken.json()).not.toHaveProperty('overridable');
  });
});

describe('audit of outside calendars', () => {
  it('records connect, sync on demand and disconnect, naming who and whose, never the secrets', async () => {
    ics.files.set('/secret/audited-feed.ics', icsOf([]));
    const calendar = await connect(
      admin,
      { kind: 'ical-url', name: 'Department', url: ics.url('/secret/audited-feed.ics') },
      `/api/admin/agents/${s.provider.id}/outside-calendars`,
    );
    await syncNow(calendar.id);
    ics.files.delete('/secret/audited-feed.ics');
    await syncNow(calendar.id);
    const gone = await provider.call('DELETE', `/api/outside-calendars/${calendar.id}`);
    expect(gone.statusCode).toBe(200);

    const rows = await calendarAudit();
    expect(rows.map((r) => [r.action, r.userId])).toEqual([
      ['connect', s.admin.id],
      ['sync', s.provider.id],
      ['sync', s.provider.id],
      ['disconnect', s.provider.id],
    ]);
    for (const row of rows) {
      expect(row.entityId).toBe(calendar.id);
      expect(row.details).toMatchObject({ staffId: s.provider.id, name: 'Department' });
      expect(JSON.stringify(row.details)).not.toContain('audited-feed');
    }
    expect(rows[1]!.details).toMatchObject({ ok: true });
    expect(rows[2]!.details).toMatchObject({
      ok: false,
      error: 'No calendar was found at this address (HTTP 404).',
    });
  });

  it('records nothing for a calendar that is not the caller’s', async () => {
    ics.files.set('/secret/theirs.ics', icsOf([]));
    const foreign = await apiAs(env.app, s.foreignAgent.email);
    const theirs = await connect(foreign, {
      kind: 'ical-url',
      name: 'Theirs',
      url: ics.url('/secret/theirs.ics'),
    });
    const before = (await calendarAudit()).length;
    // A guessed id of another person's calendar: the same 404 as an id that does not exist.
    expect((await provider.post(`/api/outside-calendars/${theirs.id}/sync`)).statusCode).toBe(404);
    expect((await provider.call('DELETE', `/api/outside-calendars/${theirs.id}`)).statusCode).toBe(
      404,
    );
    expect(
      (await admin.post(`/api/admin/agents/${s.provider.id}/outside-calendars/${theirs.id}/sync`))
        .statusCode,
    ).toBe(404);
    expect((await calendarAudit()).length).toBe(before);
    const still = await foreign.get('/api/outside-calendars');
    expect((still.json() as { items: unknown[] }).items).toHaveLength(1);
  });
});

describe('the admins’ list of outside calendars', () => {
  it('shows each calendar of their own clinics’ staff with its sync state, and none of another clinic', async () => {
    ics.files.set('/secret/a.ics', icsOf([]));
    ics.files.set('/secret/b.ics', icsOf([]));
    const mine = await connect(provider, {
      kind: 'ical-url',
      name: 'Priya’s rota',
      url: ics.url('/secret/a.ics'),
    });
    ics.files.delete('/secret/a.ics');
    await syncNow(mine.id);
    const foreignAgent = await apiAs(env.app, s.foreignAgent.email);
    const theirs = await connect(foreignAgent, {
      kind: 'ical-url',
      name: 'Elsewhere rota',
      url: ics.url('/secret/b.ics'),
    });
    const foreignAdminUser = await createSignInUser(env.db, {
      role: 'admin',
      name: 'Eli Admin',
      clinicIds: [s.foreign.id],
    });
    const foreignAdmin = await apiAs(env.app, foreignAdminUser.email);

    const ours = await admin.get('/api/admin/outside-calendars');
    expect(ours.statusCode, ours.body).toBe(200);
    expect(ours.json()).toEqual({
      items: [
        expect.objectContaining({
          id: mine.id,
          name: 'Priya’s rota',
          staff: {
            id: s.provider.id,
            name: 'Dr. Priya Raman',
            email: s.provider.email,
            role: 'provider',
          },
          lastSyncedAt: mine.lastSyncedAt,
          lastError: 'No calendar was found at this address (HTTP 404).',
        }),
      ],
    });
    expect(ours.body).not.toContain('secret');
    const elsewhere = await foreignAdmin.get('/api/admin/outside-calendars');
    expect((elsewhere.json() as { items: { id: string }[] }).items.map((c) => c.id)).toEqual([
      theirs.id,
    ]);
    // Clinic B's admin reaches none of clinic A's staff calendars by their ids either.
    expect(
      (await foreignAdmin.get(`/api/admin/agents/${s.provider.id}/outside-calendars`)).statusCode,
    ).toBe(404);
    expect(
      (
        await foreignAdmin.call(
          'DELETE',
          `/api/admin/agents/${s.provider.id}/outside-calendars/${mine.id}`,
        )
      ).statusCode,
    ).toBe(404);
    // Only admins see the list.
    expect((await provider.get('/api/admin/outside-calendars')).statusCode).toBe(403);
  });
});

/** Whether the calendar draws the provider's 10:00 New York block on 24 November, as `as` asks. */
async function drawn(as: Api, clinic?: string): Promise<boolean> {
  const res = await as.get(
    `/api/outside-busy?from=2026-11-24T00:00:00Z&to=2026-11-25T00:00:00Z${clinic ? `&clinic=${clinic}` : ''}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const { busy } = res.json() as { busy: Array<{ agentId: string; start: string }> };
  return busy.some((b) => b.agentId === s.provider.id && b.start === '2026-11-24T15:00:00.000Z');
}

describe('a calendar that keeps failing', () => {
  it('keeps blocking by default, and stops after a day of failures where the clinic says so', async () => {
    // The provider also works at a clinic that keeps failing calendars (the default); someone
    // of both clinics looks at each.
    await env.db.insert(t.clinicMembers).values({ userId: s.provider.id, clinicId: s.foreign.id });
    const bothUser = await createUserOfBothClinics(env.db, s, { role: 'nurse', name: 'Bo Both' });
    const both = await apiAs(env.app, bothUser.email);
    const calendar = await connectIcs('Failing', '/secret/failing.ics', [
      ['UID:f', ...TUESDAY_TEN],
    ]);
    ics.files.delete('/secret/failing.ics');
    await syncNow(calendar.id);
    const lastGood = async (hoursAgo: number) => {
      await env.db
        .update(t.outsideCalendars)
        .set({ lastSyncedAt: new Date(env.now().getTime() - hoursAgo * 3_600_000) })
        .where(eq(t.outsideCalendars.id, calendar.id));
      // Time passes (nothing else moves the data version): a reused slot answer has lapsed.
      env.advance(READ_REUSE_MS + 1);
    };
    await lastGood(30);
    expect(await freeStarts('2026-11-24')).not.toContain('10:00');
    expect(await drawn(staff)).toBe(true);

    const policyUrl = `/api/admin/clinics/${s.clinic.slug}/policy`;
    // Another clinic's admin has no say here.
    const outsider = await createSignInUser(env.db, {
      role: 'admin',
      name: 'Eli Admin',
      clinicIds: [s.foreign.id],
    });
    const refused = await (
      await apiAs(env.app, outsider.email)
    ).put(policyUrl, {
      reminders: { offsetsMinutes: [] },
      outsideCalendars: { dropFailingAfterDay: true },
    });
    expect(refused.statusCode).toBe(404);
    const current = await admin.get(policyUrl);
    expect(current.statusCode, current.body).toBe(200);
    const policy = (current.json() as { policy: Record<string, unknown> }).policy;
    expect(policy.outsideCalendars).toEqual({ dropFailingAfterDay: false });
    const saved = await admin.put(policyUrl, {
      reminders: policy.reminders,
      outsideCalendars: { dropFailingAfterDay: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { policy: Record<string, unknown> }).policy.outsideCalendars).toEqual({
      dropFailingAfterDay: true,
    });

    // Failing for 30 hours: no longer blocks, in the picker nor for a staff booking, and the
    // calendar no longer draws it in that clinic; in the other clinic it still blocks, and shows.
    expect(await freeStarts('2026-11-24')).toContain('10:00');
    expect(await drawn(staff)).toBe(false);
    expect(await drawn(staff, s.clinic.slug)).toBe(false);
    expect(await drawn(both, s.clinic.slug)).toBe(false);
    expect(await drawn(both, s.foreign.slug)).toBe(true);
    expect(await drawn(both)).toBe(true); // both clinics shown: it blocks in one of them
    // Failing for 20 hours only: still blocks, and shows.
    await lastGood(20);
    expect(await freeStarts('2026-11-24')).not.toContain('10:00');
    expect(await drawn(staff, s.clinic.slug)).toBe(true);
    await lastGood(30);
    // The other clinic keeps it: its slots leave the time out.
    expect(await freeStarts('2026-11-24', both, s.foreign.slug)).not.toContain('10:00');
    // A server that drops calendars failing a day (OUTSIDE_CALENDAR_DROP_AFTER_HOURS) draws it
    // in no clinic, as it blocks in none: the other clinic's slots offer the time.
    const dropping = await buildTestApp(env.handle, {
      now: () => env.now(),
      config: { OUTSIDE_CALENDAR_ALLOW_PRIVATE: true, OUTSIDE_CALENDAR_DROP_AFTER_HOURS: 24 },
    });
    try {
      const bothThere = await apiAs(dropping, bothUser.email);
      expect(await drawn(bothThere, s.foreign.slug)).toBe(false);
      // Answers are reused per database, not per server setting: the first app's has to lapse.
      env.advance(READ_REUSE_MS + 1);
      expect(await freeStarts('2026-11-24', bothThere, s.foreign.slug)).toContain('10:00');
    } finally {
      await dropping.close();
    }
    await bookThroughApi(staff, s, '2026-11-24T15:00:00.000Z');
  });
});

describe('an address that leads to a private network', () => {
  it('is refused in words where private addresses are not allowed, and nothing is stored', async () => {
    const strict = await buildTestApp(env.handle, {
      now: () => env.now(),
      config: { OUTSIDE_CALENDAR_ALLOW_PRIVATE: false },
    });
    try {
      const as = await apiAs(strict, s.provider.email);
      for (const url of [
        ics.url('/secret/anything.ics'),
        'http://169.254.169.254/latest/meta-data',
        'https://10.0.0.5/calendar.ics',
      ]) {
        const res = await as.post('/api/outside-calendars', { kind: 'ical-url', name: 'x', url });
        expect(res.statusCode, url).toBe(422);
        expect(res.json()).toMatchObject({
          message:
            'This address cannot be used: it leads to a private or local network, or its server cannot be found.',
        });
      }
      expect(await env.db.select().from(t.outsideCalendars)).toEqual([]);
      expect(await calendarAudit()).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});
