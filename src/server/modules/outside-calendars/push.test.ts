import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { OutsideCalendarView, StaffOutsideCalendarView } from '@contracts/outside-calendars';
import { testConfig } from '../../config';
import * as t from '../../db/schema';
import { apiAs, type Api } from '../../test/api-client';
import { createSignInUser } from '../../test/auth-helpers';
import { startRadicale } from '../../test/calendar-servers';
import { readWithIcalJs, readWithPython } from '../../test/calendar-readers';
import { bookThroughApi } from '../../test/scenario';
import { useScenario, useTestApp } from '../../test/test-app';
import { createCalendarPushWorker } from './push-worker';
import { claimDuePushes } from './push.repository';
import { leaseMsOf } from './sync-calendar';

// Push (issue 46, ADR 062) against a real CalDAV server: Radicale, on this file's own port.
let radicale: Awaited<ReturnType<typeof startRadicale>>;
beforeAll(async () => {
  radicale = await startRadicale({ port: 48010 });
}, 60_000);
afterAll(async () => {
  await radicale?.close();
});

// A Friday; the provider and the nurse work 08:00–18:00 New York time every day (the scenario).
const env = useTestApp({
  now: new Date('2026-11-20T12:00:00Z'),
  config: {
    OUTSIDE_CALENDAR_ALLOW_PRIVATE: true,
    OUTSIDE_CALENDAR_TIMEOUT_MS: 5_000,
    OUTSIDE_CALENDAR_PUSH_POLL_MS: 3_600_000,
  },
});
const { s, staff, provider, admin } = useScenario(env, 'provider', 'admin');

const TUESDAY_10AM = '2026-11-24T15:00:00.000Z';
const TUESDAY_2PM = '2026-11-24T19:00:00.000Z';

const deps = () => ({
  config: testConfig({
    OUTSIDE_CALENDAR_ALLOW_PRIVATE: true,
    OUTSIDE_CALENDAR_TIMEOUT_MS: 5_000,
    OUTSIDE_CALENDAR_PUSH_POLL_MS: 3_600_000,
  }),
  db: env.handle,
  now: () => env.now(),
  version: 'test',
});

/** One pass of a push worker, as an instance runs it; answers how many appointments it tried. */
async function pushNow(): Promise<number> {
  const worker = createCalendarPushWorker(deps(), { logger: env.app.log });
  try {
    return await worker.runOnce();
  } finally {
    await worker.stop();
  }
}

let collections = 0;
/** A fresh Radicale calendar of `user`, connected by `as` (its owner, or an admin's URL). */
async function connectCalDav(as: Api, user: string, url = '/api/outside-calendars') {
  const calendarUrl = await radicale.makeCalendar(user, `work-${++collections}-${Date.now()}`);
  const res = await as.post(url, {
    kind: 'caldav',
    name: 'Work calendar',
    url: calendarUrl,
    username: user,
    password: 'app-password',
  });
  expect(res.statusCode, res.body).toBe(201);
  return { calendar: res.json() as OutsideCalendarView, url: calendarUrl };
}

async function setPush(as: Api, path: string, body: Record<string, unknown>) {
  const res = await as.patch(`${path}/push`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OutsideCalendarView;
}

const fileOf = (appointmentId: string) => `carebook-${appointmentId}.ics`;

/** The pushed event as Radicale keeps it, read by Python's icalendar and by ical.js alike. */
async function pushedEvent(url: string, user: string, appointmentId: string) {
  const stored = await radicale.get(url, user, fileOf(appointmentId));
  if (!stored) return null;
  const read = readWithPython(stored.text);
  expect(readWithIcalJs(stored.text).events).toEqual(read.events);
  expect(read.events).toHaveLength(1);
  return { ...read.events[0]!, raw: stored.text };
}

const reschedule = (id: string, date: string, agentId = s.provider.id) =>
  staff.put(`/api/appointments/${id}`, { date, staff: { id: agentId } });

describe('pushing to a CalDAV calendar', () => {
  it('writes a booking under its UID, moves it when rescheduled and removes it when cancelled, without the patient by default', async () => {
    const { calendar, url } = await connectCalDav(provider, 'priya');
    expect(calendar.push).toMatchObject({ enabled: false, patientNames: false });
    // Nothing is pushed until the owner switches it on.
    const before = await bookThroughApi(staff, s, '2026-11-23T15:00:00.000Z');
    expect(await pushNow()).toBe(0);
    expect(await radicale.list(url, 'priya')).toEqual([]);

    const on = await setPush(provider, `/api/outside-calendars/${calendar.id}`, { enabled: true });
    expect(on.push).toMatchObject({ enabled: true, patientNames: false, waiting: 1 });
    // Switched on: the owner's upcoming appointments go, and every booking after.
    const created = await bookThroughApi(staff, s, TUESDAY_10AM);
    expect(await pushNow()).toBe(2);
    expect(await radicale.list(url, 'priya')).toEqual(
      [fileOf(before._id), fileOf(created._id)].sort(),
    );
    const event = await pushedEvent(url, 'priya', created._id);
    expect(event).toMatchObject({
      uid: `${created._id}@carebook`,
      start: '2026-11-24T15:00:00Z',
      end: '2026-11-24T15:30:00Z',
      summary: 'Appointment: Video visit',
      status: 'CONFIRMED',
      location: s.clinic.name,
    });
    // No patient data: neither name nor e-mail anywhere in the file.
    for (const word of ['José', 'Núñez', 'Nunez', 'jose.nunez'])
      expect(event!.raw).not.toContain(word);

    expect((await reschedule(created._id, TUESDAY_2PM)).statusCode).toBe(200);
    expect(await pushNow()).toBe(1);
    expect(await pushedEvent(url, 'priya', created._id)).toMatchObject({
      uid: `${created._id}@carebook`,
      start: '2026-11-24T19:00:00Z',
      end: '2026-11-24T19:30:00Z',
    });

    const cancelled = await staff.post(`/api/appointments/${created._id}?action=cancel`, {
      reason: 'Patient asked',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await pushNow()).toBe(1);
    expect(await radicale.get(url, 'priya', fileOf(created._id))).toBeNull();
    expect(await radicale.list(url, 'priya')).toEqual([fileOf(before._id)]);

    const [view] = (await provider.get('/api/outside-calendars')).json()
      .items as OutsideCalendarView[];
    expect(view!.push).toMatchObject({ lastError: null, waiting: 0, lastConflictAt: null });
    expect(view!.push.lastPushedAt).not.toBeNull();
    // The switch is in the audit log, naming who and whose calendar.
    const audit = await env.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entityId, calendar.id), eq(t.auditLog.action, 'update')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      userId: s.provider.id,
      details: expect.objectContaining({
        staffId: s.provider.id,
        push: {
          from: { enabled: false, patientNames: false },
          to: { enabled: true, patientNames: false },
        },
      }),
    });
  });

  it('takes a reassigned appointment off the old agent’s calendar and writes it into the new one’s', async () => {
    const priya = await connectCalDav(provider, 'priya');
    await setPush(provider, `/api/outside-calendars/${priya.calendar.id}`, { enabled: true });
    // The nurse's calendar, connected and switched on for her by an admin.
    const nora = await connectCalDav(
      admin,
      'nora',
      `/api/admin/agents/${s.nurse.id}/outside-calendars`,
    );
    await setPush(admin, `/api/admin/agents/${s.nurse.id}/outside-calendars/${nora.calendar.id}`, {
      enabled: true,
    });
    const created = await bookThroughApi(staff, s, TUESDAY_10AM);
    await pushNow();
    expect(await radicale.list(priya.url, 'priya')).toEqual([fileOf(created._id)]);

    expect((await reschedule(created._id, TUESDAY_10AM, s.nurse.id)).statusCode).toBe(200);
    expect(await pushNow()).toBe(1);
    expect(await radicale.list(priya.url, 'priya')).toEqual([]);
    expect(await pushedEvent(nora.url, 'nora', created._id)).toMatchObject({
      uid: `${created._id}@carebook`,
      start: '2026-11-24T15:00:00Z',
    });
  });

  it('names the patient only where the owner allows it, and rewrites the events when that changes', async () => {
    const { calendar, url } = await connectCalDav(provider, 'priya');
    const path = `/api/outside-calendars/${calendar.id}`;
    await setPush(provider, path, { enabled: true });
    const created = await bookThroughApi(staff, s, TUESDAY_10AM);
    await pushNow();
    expect((await pushedEvent(url, 'priya', created._id))!.summary).toBe(
      'Appointment: Video visit',
    );

    expect((await setPush(provider, path, { patientNames: true })).push.patientNames).toBe(true);
    expect(await pushNow()).toBe(1);
    expect((await pushedEvent(url, 'priya', created._id))!.summary).toBe(
      'Appointment: Video visit with José Núñez',
    );

    await setPush(provider, path, { patientNames: false });
    await pushNow();
    expect((await pushedEvent(url, 'priya', created._id))!.summary).toBe(
      'Appointment: Video visit',
    );
  });

  it('puts back an event someone edited on the server (412), and says so', async () => {
    const { calendar, url } = await connectCalDav(provider, 'priya');
    await setPush(provider, `/api/outside-calendars/${calendar.id}`, { enabled: true });
    const created = await bookThroughApi(staff, s, TUESDAY_10AM);
    await pushNow();
    const pushed = await radicale.get(url, 'priya', fileOf(created._id));
    // Another client edits it: its ETag moves, so Carebook's If-Match no longer holds.
    await radicale.put(
      url,
      'priya',
      fileOf(created._id),
      pushed!.text.replace(/SUMMARY:[^\r\n]*/, 'SUMMARY:Lunch'),
    );
    expect((await radicale.get(url, 'priya', fileOf(created._id)))!.etag).not.toBe(pushed!.etag);

    expect((await reschedule(created._id, TUESDAY_2PM)).statusCode).toBe(200);
    expect(await pushNow()).toBe(1);
    expect(await pushedEvent(url, 'priya', created._id)).toMatchObject({
      summary: 'Appointment: Video visit',
      start: '2026-11-24T19:00:00Z',
    });
    const [view] = (await provider.get('/api/outside-calendars')).json()
      .items as OutsideCalendarView[];
    expect(view!.push).toMatchObject({ lastError: null, lastConflictAt: env.now().toISOString() });
    const conflicts = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'push_conflict'));
    expect(conflicts).toHaveLength(1);
    expect(conflicts[0]).toMatchObject({
      entityId: calendar.id,
      details: expect.objectContaining({ appointmentId: created._id, staffId: s.provider.id }),
    });

    // Edited again, then cancelled: the DELETE meets the same 412 and still removes it.
    const now = await radicale.get(url, 'priya', fileOf(created._id));
    await radicale.put(
      url,
      'priya',
      fileOf(created._id),
      now!.text.replace(/SUMMARY:[^\r\n]*/, 'SUMMARY:Edited'),
    );
    await staff.post(`/api/appointments/${created._id}?action=cancel`, { reason: 'Ill' });
    await pushNow();
    expect(await radicale.get(url, 'priya', fileOf(created._id))).toBeNull();
  });

  it('does not import its own pushed events as outside busy times', async () => {
    const { calendar } = await connectCalDav(provider, 'priya');
    await setPush(provider, `/api/outside-calendars/${calendar.id}`, { enabled: true });
    const created = await bookThroughApi(staff, s, TUESDAY_10AM);
    await pushNow();
    const synced = await provider.post(`/api/outside-calendars/${calendar.id}/sync`);
    expect(synced.json()).toMatchObject({ lastError: null });
    const busy = await env.db
      .select()
      .from(t.outsideBusyTimes)
      .where(eq(t.outsideBusyTimes.calendarId, calendar.id));
    expect(busy).toEqual([]);
    // Moving it leaves its old time free at once: the pushed copy never blocked it.
    expect((await reschedule(created._id, TUESDAY_2PM)).statusCode).toBe(200);
    await bookThroughApi(staff, s, TUESDAY_10AM);
  });
});

describe('the push queue', () => {
  it('pushes each change once however many instances run, and a restart loses nothing nor doubles anything', async () => {
    const { calendar, url } = await connectCalDav(provider, 'priya');
    await setPush(provider, `/api/outside-calendars/${calendar.id}`, { enabled: true });
    const booked = [];
    for (const start of ['2026-11-24T14:00:00.000Z', TUESDAY_10AM, '2026-11-24T16:00:00.000Z']) {
      booked.push(await bookThroughApi(staff, s, start));
    }
    // An instance takes the rows and dies before pushing: they stay leased, no one else pushes.
    const taken = await claimDuePushes(env.db, env.now(), leaseMsOf(deps()), 20);
    expect(taken).toHaveLength(3);
    expect(await pushNow()).toBe(0);
    expect(await radicale.list(url, 'priya')).toEqual([]);
    // Its lease runs out: the next pass pushes them, and two instances at once share the work.
    env.advance(leaseMsOf(deps()) + 1_000);
    const workers = [1, 2].map(() => createCalendarPushWorker(deps(), { logger: env.app.log }));
    try {
      const counts = await Promise.all(workers.map((w) => w.runOnce()));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect(await radicale.list(url, 'priya')).toEqual(booked.map((b) => fileOf(b._id)).sort());
    expect(await env.db.select().from(t.outsideCalendarPushQueue)).toEqual([]);

    // A push that reached the server but died before its outcome was stored is done again:
    // the same resource under the same UID (If-None-Match meets it, it is read back and
    // replaced), so the calendar still has each appointment once.
    await env.db.delete(t.outsideCalendarPushedEvents);
    await env.db
      .insert(t.outsideCalendarPushQueue)
      .values(booked.map((b) => ({ appointmentId: b._id })));
    expect(await pushNow()).toBe(3);
    expect(await radicale.list(url, 'priya')).toEqual(booked.map((b) => fileOf(b._id)).sort());
    for (const b of booked) {
      expect((await pushedEvent(url, 'priya', b._id))!.uid).toBe(`${b._id}@carebook`);
    }
    const [view] = (await provider.get('/api/outside-calendars')).json()
      .items as OutsideCalendarView[];
    expect(view!.push.lastConflictAt).toBeNull();
  });

  it('keeps a failing push with its words beside the calendar, and tries again later', async () => {
    // A collection that is not there (deleted on the server since it was connected): its sync
    // fails as well, and the push says why in words.
    const res = await provider.post('/api/outside-calendars', {
      kind: 'caldav',
      name: 'Old calendar',
      url: `${radicale.base}/priya/deleted-${Date.now()}/`,
      username: 'priya',
      password: 'app-password',
    });
    const calendar = res.json() as OutsideCalendarView;
    await setPush(provider, `/api/outside-calendars/${calendar.id}`, { enabled: true });
    const created = await bookThroughApi(staff, s, TUESDAY_10AM);
    expect(await pushNow()).toBe(1);
    const words = 'No calendar was found at this address (HTTP 409).';
    const [view] = (await provider.get('/api/outside-calendars')).json()
      .items as OutsideCalendarView[];
    expect(view!.push).toMatchObject({ enabled: true, lastError: words, waiting: 1 });
    const [listed] = (await admin.get('/api/admin/outside-calendars')).json()
      .items as StaffOutsideCalendarView[];
    expect(listed!.push.lastError).toBe(words);
    const [row] = await env.db
      .select()
      .from(t.outsideCalendarPushQueue)
      .where(eq(t.outsideCalendarPushQueue.appointmentId, created._id));
    expect(row).toMatchObject({ attempts: 1, lastError: words, leasedUntil: null });
    // Back-off: not again at once, but 30 s on.
    expect(row!.dueAt!.getTime() - env.now().getTime()).toBe(30_000);
    expect(await pushNow()).toBe(0);
    env.advance(30_000);
    expect(await pushNow()).toBe(1);
  });
});

describe('who may switch push on', () => {
  it('is the owner or an admin of their clinics; another clinic’s admin meets 404, and an iCalendar address cannot push', async () => {
    const { calendar } = await connectCalDav(provider, 'priya');
    const stranger = await createSignInUser(env.db, {
      role: 'admin',
      name: 'Olu Bello',
      clinicIds: [s.foreign.id],
    });
    const other = await apiAs(env.app, stranger.email);
    const refused = await other.patch(
      `/api/admin/agents/${s.provider.id}/outside-calendars/${calendar.id}/push`,
      { enabled: true },
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({
      error: expect.any(String),
      message: expect.any(String),
    });
    // Nor through the owner's own route: it is not theirs.
    expect(
      (await other.patch(`/api/outside-calendars/${calendar.id}/push`, { enabled: true }))
        .statusCode,
    ).toBe(403);
    const [row] = await env.db
      .select()
      .from(t.outsideCalendars)
      .where(eq(t.outsideCalendars.id, calendar.id));
    expect(row!.pushEnabled).toBe(false);

    const byAdmin = await setPush(
      admin,
      `/api/admin/agents/${s.provider.id}/outside-calendars/${calendar.id}`,
      { enabled: true, patientNames: true },
    );
    expect(byAdmin.push).toMatchObject({ enabled: true, patientNames: true });

    const bad = await provider.patch(`/api/outside-calendars/${calendar.id}/push`, {});
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain(
      'Say whether to push (enabled) or whether to name patients (patientNames).',
    );

    const feed = await env.db
      .insert(t.outsideCalendars)
      .values({
        staffId: s.provider.id,
        kind: 'ical-url',
        name: 'Rota',
        url: 'https://calendar.example.com/secret.ics',
        urlHint: 'calendar.example.com/…',
      })
      .returning();
    const icalUrl = await provider.patch(`/api/outside-calendars/${feed[0]!.id}/push`, {
      enabled: true,
    });
    expect(icalUrl.statusCode).toBe(422);
    expect(icalUrl.json()).toMatchObject({
      message:
        'Appointments can only be written into a CalDAV calendar: an iCalendar address can only be read.',
    });
  });
});
