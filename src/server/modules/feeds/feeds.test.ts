import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { createdCalendarFeed, feedUrlWithOptions, myCalendarFeed } from '@contracts/feeds';
import * as t from '../../db/schema';
import { type Api } from '../../test/api-client';
import { lineProblems, readCalendar } from '../../test/calendar-readers';
import { createAppointment, createService } from '../../test/factories';
import { bookThroughApi } from '../../test/scenario';
import { useScenario, useTestApp } from '../../test/test-app';

// The US clocks go forward on 2027-03-14: 9:00 AM in New York is 14:00 UTC before, 13:00 after.
const env = useTestApp({ now: '2027-03-01T12:00:00Z' });
const { s, staff, provider, admin } = useScenario(env, 'provider', 'admin');

async function subscribe(as: Api = provider): Promise<string> {
  const res = await as.post('/api/auth/calendar-feed');
  expect(res.statusCode, res.body).toBe(201);
  const { url } = createdCalendarFeed.parse(res.json());
  expect(url).toMatch(/^http:\/\/localhost:3000\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
  return new URL(url).pathname;
}

const fetchFeed = (path: string, headers: Record<string, string> = {}) =>
  env.app.inject({ method: 'GET', url: path, headers });

async function eventsOf(path: string): Promise<VEvent[]> {
  const res = await fetchFeed(path);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  return Object.values(ical.sync.parseICS(res.body)).filter(
    (c): c is VEvent => c?.type === 'VEVENT',
  );
}

const book = (start: string) => bookThroughApi(staff, s, start);

describe('a staff member’s calendar feed', () => {
  it('holds their appointments at the right instants across a clock change, with a stable UID', async () => {
    const before = await book('2027-03-12T14:00:00.000Z');
    const after = await book('2027-03-15T13:00:00.000Z');
    // Another provider's appointment and one older than 30 days stay out.
    await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.nurse.id },
      { start: new Date('2027-03-12T15:00:00Z') },
    );
    await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2027-01-10T15:00:00Z') },
    );
    const path = await subscribe();
    const events = await eventsOf(path);
    expect(events.map((e) => e.uid).sort()).toEqual(
      [`${before._id}@carebook`, `${after._id}@carebook`].sort(),
    );
    const byUid = new Map(events.map((e) => [e.uid, e]));
    const first = byUid.get(`${before._id}@carebook`)!;
    const second = byUid.get(`${after._id}@carebook`)!;
    expect(new Date(first.start).toISOString()).toBe('2027-03-12T14:00:00.000Z');
    expect(new Date(first.end!).toISOString()).toBe('2027-03-12T14:30:00.000Z');
    // The same 9:00 AM on the wall clock, an hour earlier in UTC after the change.
    expect(new Date(second.start).toISOString()).toBe('2027-03-15T13:00:00.000Z');
    expect(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', timeStyle: 'short' }).format(
        second.start!,
      ),
    ).toBe('9:00 AM');
    expect(first.summary).toBe('Appointment — José N.');
    expect(first.status).toBe('CONFIRMED');
    // A video visit happens on the staff's side of its call.
    expect(first.location).toBe(`http://localhost:3000/session/${before._id}`);
    // No more health data than needed: no notes, no full name, no e-mail.
    const body = (await fetchFeed(path)).body;
    expect(body).not.toContain('Núñez');
    expect(body).not.toContain('First visit');
    expect(body).not.toContain(s.patient.email);
  });

  it('raises SEQUENCE on each change and marks a cancellation', async () => {
    const booked = await book('2027-03-12T14:00:00.000Z');
    const path = await subscribe();
    const sequenceOf = async () => Number((await eventsOf(path))[0]!.sequence);
    const first = await sequenceOf();

    const moved = await staff.put(`/api/appointments/${booked._id}`, {
      date: '2027-03-12T16:00:00.000Z',
      staff: { id: s.provider.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const second = await sequenceOf();
    expect(second).toBeGreaterThan(first);
    expect(new Date((await eventsOf(path))[0]!.start).toISOString()).toBe(
      '2027-03-12T16:00:00.000Z',
    );

    const cancelled = await staff.post(`/api/appointments/${booked._id}?action=cancel`, {
      reason: 'Sick',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [event] = await eventsOf(path);
    expect(event!.status).toBe('CANCELLED');
    expect(Number(event!.sequence)).toBeGreaterThan(second);
    expect(event!.uid).toBe(`${booked._id}@carebook`);
  });

  it('answers 304 to a client whose copy is current, and 200 once something changed', async () => {
    const booked = await book('2027-03-12T14:00:00.000Z');
    const path = await subscribe();
    const first = await fetchFeed(path);
    const etag = first.headers.etag as string;
    const lastModified = first.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const byTag = await fetchFeed(path, { 'if-none-match': etag });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.body).toBe('');
    expect((await fetchFeed(path, { 'if-modified-since': lastModified })).statusCode).toBe(304);

    env.advance(60_000);
    await staff.post(`/api/appointments/${booked._id}?action=cancel`, { reason: 'Sick' });
    const changed = await fetchFeed(path, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await fetchFeed(path, { 'if-modified-since': lastModified })).statusCode).toBe(200);
  });

  it('is a bare 404 once rotated or revoked, and for any unknown secret', async () => {
    const old = await subscribe();
    expect((await fetchFeed(old)).statusCode).toBe(200);
    const rotated = await subscribe();
    expect(rotated).not.toBe(old);
    const gone = await fetchFeed(old);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: 'not_found', message: 'Not found.' });
    expect((await fetchFeed(rotated)).statusCode).toBe(200);

    const state = myCalendarFeed.parse((await provider.get('/api/auth/calendar-feed')).json());
    expect(state.feed).toMatchObject({ createdAt: '2027-03-01T12:00:00.000Z' });
    expect(state.feed!.lastFetchedAt).not.toBeNull();

    expect((await provider.call('DELETE', '/api/auth/calendar-feed')).json()).toEqual({
      feed: null,
    });
    for (const path of [rotated, '/ical/nothing.ics', `/ical/${'A'.repeat(43)}.ics`, '/ical/x']) {
      const res = await fetchFeed(path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Not found.' });
    }
  });

  it('keeps only the secret’s hash', async () => {
    const path = await subscribe();
    const secret = path.slice('/ical/'.length, -'.ics'.length);
    const rows = await env.db.select().from(t.calendarFeeds);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(secret);
  });

  it('stops for a deactivated member', async () => {
    const path = await subscribe();
    await env.db.update(t.users).set({ active: false }).where(eq(t.users.id, s.provider.id));
    expect((await fetchFeed(path)).statusCode).toBe(404);
  });
});

describe('what calendar apps read in a feed (issue 47)', () => {
  // Accents, an emoji (four octets), a guillemet, commas and a semicolon: folding must keep each
  // character whole and escaping must give back the same text.
  const LONG_NAME = 'Clinique médicale « Les Érables », Montréal; Centre de santé 🩺 du Plateau';

  it('names the clinic as organizer, describes and links each event, and ends every line with CRLF', async () => {
    const booked = await book('2027-03-12T14:00:00.000Z');
    const path = await subscribe();
    const res = await fetchFeed(path);
    expect(lineProblems(res.body)).toEqual([]);
    const { method, events } = readCalendar(res.body);
    // A subscription, not an iTIP message: DTSTAMP is the event's last change.
    expect(method).toBeNull();
    const [row] = await env.db
      .select({ updatedAt: t.appointments.updatedAt })
      .from(t.appointments)
      .where(eq(t.appointments.id, booked._id));
    const link = `http://localhost:3000/calendar?date=2027-03-12&appointment=${booked._id}`;
    expect(events).toEqual([
      expect.objectContaining({
        uid: `${booked._id}@carebook`,
        stamp: row!.updatedAt.toISOString().replace('.000Z', 'Z'),
        organizer: { cn: s.clinic.name, uri: 'mailto:no-reply@carebook.test' },
        url: link,
        description: `Video visit at ${s.clinic.name}\nOpen in Carebook: ${link}`,
        // Neither is asked for: a feed has them only by its URL's choice.
        attendees: [],
        alarms: [],
      }),
    ]);
  });

  it('adds the member and the patient as attendees and the clinic’s reminders as alarms when its URL asks', async () => {
    await env.db
      .update(t.clinics)
      .set({ reminderOffsetsMinutes: [1440, 45] })
      .where(eq(t.clinics.id, s.clinic.id));
    const booked = await book('2027-03-12T14:00:00.000Z');
    const path = await subscribe();
    // The URL as Settings shows it with both boxes ticked.
    const res = await fetchFeed(feedUrlWithOptions(path, { alarms: true, attendees: true }));
    expect(lineProblems(res.body)).toEqual([]);
    const [event] = readCalendar(res.body).events;
    expect(event!.attendees).toEqual([
      { cn: s.provider.name, uri: `mailto:${s.provider.email}` },
      // As far as the clinic lets feeds name a patient, by an id that reaches nobody.
      { cn: 'José N.', uri: `urn:uuid:${s.patient.id}` },
    ]);
    expect(event!.alarms).toEqual([
      { action: 'DISPLAY', trigger: -86_400, description: 'Appointment — José N.' },
      { action: 'DISPLAY', trigger: -2_700, description: 'Appointment — José N.' },
    ]);
    expect(res.body).not.toContain(s.patient.email);
    expect(res.body).not.toContain('Núñez');

    // A clinic that names no patient in feeds has no patient attendee either.
    await admin.put(`/api/admin/clinics/${s.clinic.slug}/calendar-feed`, { summary: 'none' });
    const [unnamed] = readCalendar((await fetchFeed(`${path}?attendees=1`)).body).events;
    expect(unnamed!.attendees).toEqual([
      { cn: s.provider.name, uri: `mailto:${s.provider.email}` },
    ]);
    expect(unnamed!.alarms).toEqual([]);
    expect(booked._id).toBeTruthy();
  });

  it('gives each event its own clinic’s name, place and reminders, and never another clinic’s appointments', async () => {
    await env.db
      .update(t.clinics)
      .set({
        name: LONG_NAME,
        address: '12 rue Saint-Denis\nMontréal, QC',
        reminderOffsetsMinutes: [90],
      })
      .where(eq(t.clinics.id, s.foreign.id));
    await env.db.insert(t.clinicMembers).values({ userId: s.provider.id, clinicId: s.foreign.id });
    const inPerson = await createService(env.db, s.foreign.id, { kind: 'in_person' });
    const own = await book('2027-03-12T14:00:00.000Z');
    const there = await createAppointment(
      env.db,
      { clinicId: s.foreign.id, patientId: s.foreignPatient.id, staffId: s.provider.id },
      { start: new Date('2027-03-13T10:00:00Z'), serviceId: inPerson.id },
    );
    // The other clinic's own provider's appointment is not this member's.
    const theirs = await createAppointment(
      env.db,
      { clinicId: s.foreign.id, patientId: s.foreignPatient.id, staffId: s.foreignAgent.id },
      { start: new Date('2027-03-13T11:00:00Z') },
    );
    const path = await subscribe();
    const res = await fetchFeed(`${path}?alarms=1`);
    expect(lineProblems(res.body)).toEqual([]);
    const { events } = readCalendar(res.body);
    expect(events.map((e) => e.uid)).toEqual([`${own._id}@carebook`, `${there.id}@carebook`]);
    expect(res.body).not.toContain(theirs.id);
    const [here, away] = events;
    expect(here!.organizer!.cn).toBe(s.clinic.name);
    expect(here!.location).toBe(`http://localhost:3000/session/${own._id}`);
    expect(here!.alarms.map((a) => a.trigger)).toEqual([-86_400, -7_200]);
    expect(JSON.stringify(here)).not.toContain('Montréal');
    expect(away!.organizer).toEqual({ cn: LONG_NAME, uri: 'mailto:no-reply@carebook.test' });
    expect(away!.location).toBe('12 rue Saint-Denis, Montréal, QC');
    expect(away!.alarms.map((a) => a.trigger)).toEqual([-5_400]);
    expect(away!.description).toBe(
      `Physiotherapy (in person) at ${LONG_NAME}\nOpen in Carebook: http://localhost:3000/calendar?date=2027-03-13&appointment=${there.id}`,
    );
    expect(JSON.stringify(away)).not.toContain(s.clinic.name);
  });
});

describe('admins', () => {
  it('see who has a feed and revoke it', async () => {
    const path = await subscribe();
    expect((await staff.get('/api/admin/calendar-feeds')).statusCode).toBe(403);
    const list = await admin.get('/api/admin/calendar-feeds');
    expect(list.json()).toEqual({
      data: [
        {
          user: {
            id: s.provider.id,
            name: s.provider.name,
            email: s.provider.email,
            role: 'provider',
          },
          createdAt: '2027-03-01T12:00:00.000Z',
          lastFetchedAt: null,
        },
      ],
    });
    const revoked = await admin.call('DELETE', `/api/admin/calendar-feeds/${s.provider.id}`);
    expect(revoked.json()).toEqual({ data: [] });
    expect((await fetchFeed(path)).statusCode).toBe(404);
    expect(
      (await admin.call('DELETE', `/api/admin/calendar-feeds/${s.foreignAgent.id}`)).statusCode,
    ).toBe(404);
  });

  it('choose that feeds say only "Appointment"', async () => {
    await book('2027-03-12T14:00:00.000Z');
    const path = await subscribe();
    const settings = `/api/admin/clinics/${s.clinic.slug}/calendar-feed`;
    expect((await admin.get(settings)).json()).toEqual({ summary: 'initial' });
    expect((await staff.put(settings, { summary: 'none' })).statusCode).toBe(403);
    expect((await admin.put(settings, { summary: 'everything' })).statusCode).toBe(400);
    expect((await admin.put(settings, { summary: 'none' })).json()).toEqual({ summary: 'none' });
    expect((await eventsOf(path))[0]!.summary).toBe('Appointment');
    expect((await admin.get(`/api/admin/clinics/${s.foreign.slug}/calendar-feed`)).statusCode).toBe(
      404,
    );
  });
});
