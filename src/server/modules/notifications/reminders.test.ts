import { beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { NOT_A_VALID_LINK } from '@contracts/session';
import { useScenario, useTestApp } from '../../test/test-app';
import { bookThroughApi } from '../../test/scenario';
import { ONLINE_BOOKING_DEFAULTS } from '../../test/online-booking-kit';
import * as t from '../../db/schema';
import { sinkWorker } from '../../test/mail-worker';
import { unfoldMail, useSmtpSink } from '../../test/smtp-sink';

const sink = useSmtpSink();

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // 7:00 AM in New York
const { s, staff, admin, signInAgain } = useScenario(env, 'admin');
beforeEach(() => {
  sink.inbox.length = 0;
});

/** A worker of its own, as another instance would have, delivering to the real SMTP sink. */
const worker = () =>
  sinkWorker(env, sink, { config: { PUBLIC_URL: 'https://care.example.org' }, pool: true });

/** Moves the clock; staff sign in again, as their sessions do not outlive days of idleness. */
async function travel(at: string) {
  env.setNow(at);
  await signInAgain();
}

async function deliverAt(at: string, workers = 1) {
  await travel(at);
  const ws = Array.from({ length: workers }, worker);
  const sent = await Promise.all(ws.map((w) => w.runOnce()));
  await Promise.all(ws.map((w) => w.stop()));
  return sent.reduce((a, b) => a + b, 0);
}

const book = (start: string) => bookThroughApi(staff, s, start);

function reminders(appointmentId?: string) {
  return env.db
    .select()
    .from(t.outbox)
    .where(
      and(
        eq(t.outbox.kind, 'appointment.reminder'),
        appointmentId ? eq(t.outbox.appointmentId, appointmentId) : undefined,
      ),
    )
    .orderBy(asc(t.outbox.dueAt), asc(t.outbox.id));
}

const iso = (d: Date | null) => d?.toISOString();

describe('reminders in the outbox', () => {
  it('a booking plans one per offset of the policy, due at start minus offset, in its transaction', async () => {
    const a = await book('2026-11-25T14:00:00.000Z'); // 9:00 AM EST
    const rows = await reminders(a._id);
    expect(rows.map((r) => [r.offsetMinutes, iso(r.dueAt), r.status])).toEqual([
      [1440, '2026-11-24T14:00:00.000Z', 'pending'],
      [120, '2026-11-25T12:00:00.000Z', 'pending'],
    ]);
    expect(rows[0]!.recipients).toEqual([
      { email: s.patient.email, name: 'José Núñez', role: 'patient' },
    ]);
  });

  it('a late booking creates no reminder whose time has passed', async () => {
    const soon = await book('2026-11-23T16:00:00.000Z'); // in 4 hours: only the 2-hour one
    expect((await reminders(soon._id)).map((r) => r.offsetMinutes)).toEqual([120]);
    const sooner = await book('2026-11-23T13:30:00.000Z'); // in 90 minutes: none
    expect(await reminders(sooner._id)).toEqual([]);
  });

  it('keeps the clinic’s wall time for the day-before reminder across the spring clock change', async () => {
    await travel('2027-03-10T12:00:00Z');
    // Monday March 15, 2027, 9:00 AM EDT; New York moved its clocks on Sunday the 14th.
    const a = await book('2027-03-15T13:00:00.000Z');
    await admin.put(`/api/admin/clinics/${s.clinic.slug}/policy`, {
      reminders: { offsetsMinutes: [2880, 1440] },
    });
    const rows = await reminders(a._id);
    expect(rows.map((r) => [r.offsetMinutes, iso(r.dueAt)])).toEqual([
      [2880, '2027-03-13T14:00:00.000Z'], // Saturday 9:00 AM EST: 47 hours before
      [1440, '2027-03-14T13:00:00.000Z'], // Sunday 9:00 AM EDT
    ]);
  });

  it('a reschedule moves them, a reassign keeps them, a cancel withdraws them', async () => {
    const a = await book('2026-11-25T14:00:00.000Z');
    const moved = await staff.put(`/api/appointments/${a._id}`, {
      date: '2026-11-26T15:00:00.000Z',
      staff: { id: s.provider.id },
    });
    expect(moved.statusCode).toBe(200);
    let rows = await reminders(a._id);
    expect(rows.map((r) => [r.offsetMinutes, iso(r.dueAt), r.status])).toEqual([
      [1440, '2026-11-25T15:00:00.000Z', 'pending'],
      [120, '2026-11-26T13:00:00.000Z', 'pending'],
    ]);
    const ids = rows.map((r) => r.id);

    await staff.put(`/api/appointments/${a._id}`, {
      date: '2026-11-26T15:00:00.000Z',
      staff: { id: s.nurse.id },
    });
    rows = await reminders(a._id);
    expect(rows.map((r) => [r.id, iso(r.dueAt), r.status])).toEqual([
      [ids[0], '2026-11-25T15:00:00.000Z', 'pending'],
      [ids[1], '2026-11-26T13:00:00.000Z', 'pending'],
    ]);

    await staff.post(`/api/appointments/${a._id}?action=cancel`, { reason: 'Feeling better' });
    rows = await reminders(a._id);
    expect(rows.map((r) => [r.status, r.lastError])).toEqual([
      ['withdrawn', 'The appointment was cancelled.'],
      ['withdrawn', 'The appointment was cancelled.'],
    ]);
    await deliverAt('2026-11-26T14:00:00Z');
    expect(sink.inbox.filter((m) => m.raw.includes('Subject: Reminder'))).toEqual([]);
  });

  it('a move to a time whose reminder has passed withdraws it, and a sent one is sent again for the new time', async () => {
    const a = await book('2026-11-25T14:00:00.000Z');
    expect(await deliverAt('2026-11-24T20:00:00Z')).toBe(2); // the booking and the day-before
    // Moved to later the same day: the day-before reminder for the new time has passed.
    await staff.put(`/api/appointments/${a._id}`, {
      date: '2026-11-25T18:00:00.000Z',
      staff: { id: s.provider.id },
    });
    let rows = await reminders(a._id);
    expect(rows.map((r) => [r.offsetMinutes, r.status, iso(r.dueAt)])).toEqual([
      [1440, 'sent', '2026-11-24T14:00:00.000Z'],
      [120, 'pending', '2026-11-25T16:00:00.000Z'],
    ]);
    // Moved two days later: the day-before is planned again for the new time.
    await staff.put(`/api/appointments/${a._id}`, {
      date: '2026-11-27T18:00:00.000Z',
      staff: { id: s.provider.id },
    });
    rows = await reminders(a._id);
    expect(rows.map((r) => [r.offsetMinutes, r.status, iso(r.dueAt)])).toEqual([
      [1440, 'sent', '2026-11-24T14:00:00.000Z'],
      [1440, 'pending', '2026-11-26T18:00:00.000Z'],
      [120, 'pending', '2026-11-27T16:00:00.000Z'],
    ]);
  });

  it('a mark withdraws what has not gone out', async () => {
    const a = await book('2026-11-23T16:00:00.000Z');
    await travel('2026-11-23T16:10:00Z'); // the 2-hour reminder was never delivered
    const marked = await staff.post(`/api/appointments/${a._id}?action=completed`);
    expect(marked.statusCode).toBe(200);
    expect((await reminders(a._id)).map((r) => [r.status, r.lastError])).toEqual([
      ['withdrawn', 'The appointment was marked completed.'],
    ]);
  });
});

describe('delivering reminders', () => {
  it('writes the time out in the clinic’s zone with the provider, the visit link, a Confirm link and an .ics', async () => {
    const a = await book('2026-11-25T14:00:00.000Z');
    await deliverAt('2026-11-23T12:00:00Z'); // the booking message
    sink.inbox.length = 0;
    expect(await deliverAt('2026-11-24T14:00:30Z')).toBe(1);
    expect(sink.inbox).toHaveLength(1);
    expect(sink.inbox[0]!.to).toEqual([s.patient.email]);
    const mail = unfoldMail(sink.inbox[0]!.raw);
    expect(mail).toContain('Wednesday, November 25, 2026, 9:00 AM');
    expect(mail).toContain('Eastern Time');
    expect(mail).toContain('Provider: Dr. Priya Raman');
    expect(mail).toContain(`https://care.example.org/session/?token=3D${a.token}&confirm=3D1`);
    expect(mail).toContain(`https://care.example.org/session/?token=3D${a.token}`);
    expect(mail).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const [first] = await reminders(a._id);
    expect(first).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('says the provider as it is when the reminder goes out, not when it was planned', async () => {
    const a = await book('2026-11-25T14:00:00.000Z');
    await staff.put(`/api/appointments/${a._id}`, { date: a.date, staff: { id: s.nurse.id } });
    await deliverAt('2026-11-23T12:00:00Z');
    sink.inbox.length = 0;
    await deliverAt('2026-11-24T14:00:00Z');
    expect(unfoldMail(sink.inbox[0]!.raw)).toContain('Provider: Nora Kelly');
  });

  it('two instances deliver each reminder exactly once', async () => {
    for (let i = 0; i < 12; i++) {
      await book(new Date(Date.UTC(2026, 10, 25, 13, 0) + i * 30 * 60_000).toISOString());
    }
    await deliverAt('2026-11-23T12:00:00Z', 2); // the booking messages
    sink.inbox.length = 0;
    expect(await deliverAt('2026-11-24T20:00:00Z', 2)).toBe(12);
    const byRecipientAndSubject = sink.inbox.map(
      (m) => unfoldMail(m.raw).match(/Subject: (.*)/)![1],
    );
    expect(new Set(byRecipientAndSubject).size).toBe(12);
    expect(sink.inbox).toHaveLength(12);
  });

  it('one that fell due while nothing ran goes out late before the start, and is dropped after it', async () => {
    const late = await book('2026-11-25T14:00:00.000Z');
    const missed = await book('2026-11-23T18:00:00.000Z');
    await deliverAt('2026-11-23T12:00:00Z');
    sink.inbox.length = 0;
    // Nothing ran from the 23rd until 8:30 AM on the 25th.
    expect(await deliverAt('2026-11-25T13:30:00Z')).toBe(2); // both of `late`'s, late
    const missedRows = await reminders(missed._id);
    expect(missedRows.map((r) => [r.status, r.lastError])).toEqual([
      ['dropped', 'The appointment had started before this reminder could be sent.'],
    ]);
    expect((await reminders(late._id)).map((r) => r.status)).toEqual(['sent', 'sent']);
  });
});

describe('the clinic’s reminder policy', () => {
  const url = () => `/api/admin/clinics/${s.clinic.slug}/policy`;

  it('is 24 hours and 2 hours until an admin changes it, and the change plans again what was not sent', async () => {
    expect((await admin.get(url())).json()).toEqual({
      clinic: {
        id: s.clinic.id,
        slug: s.clinic.slug,
        name: s.clinic.name,
        timezone: 'America/New_York',
      },
      policy: {
        reminders: { offsetsMinutes: [1440, 120] },
        selfService: {
          allowReschedule: true,
          allowCancel: true,
          cutoffHours: 24,
          maxReschedules: 2,
          phone: null,
        },
        signIn: { secondFactor: 'off', passkeySignIn: false },
        waitlist: { offersAtOnce: 1, holdMinutes: 120 },
        onlineBooking: ONLINE_BOOKING_DEFAULTS,
        patientRecords: { editorRoles: ['staff'] },
        texts: {
          quietHoursStart: '21:00',
          quietHoursEnd: '08:00',
          country: 'US',
          sendingNumber: null,
        },
        outsideCalendars: { dropFailingAfterDay: false },
        reports: { viewerRoles: [] },
        patientLanguage: { defaultLanguage: 'en' },
      },
    });
    const reminded = await book('2026-11-24T14:00:00.000Z');
    const fresh = await book('2026-11-26T14:00:00.000Z');
    await deliverAt('2026-11-23T14:00:00Z'); // reminded's day-before goes out
    const res = await admin.put(url(), { reminders: { offsetsMinutes: [60, 2880] } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      policy: { reminders: { offsetsMinutes: [2880, 60] } },
      rescheduledAppointments: 1,
    });
    expect(
      (await reminders(fresh._id)).map((r) => [r.offsetMinutes, iso(r.dueAt), r.status]),
    ).toEqual([
      [2880, '2026-11-24T14:00:00.000Z', 'pending'],
      [60, '2026-11-26T13:00:00.000Z', 'pending'],
    ]);
    // Already reminded under the old policy: left as it was.
    expect((await reminders(reminded._id)).map((r) => [r.offsetMinutes, r.status])).toEqual([
      [1440, 'sent'],
      [120, 'pending'],
    ]);
    // New bookings follow the new policy; none at all is a policy too.
    await admin.put(url(), { reminders: { offsetsMinutes: [] } });
    expect(await reminders(fresh._id).then((r) => r.filter((x) => x.status === 'pending'))).toEqual(
      [],
    );
    const after = await book('2026-11-27T14:00:00.000Z');
    expect(await reminders(after._id)).toEqual([]);
  });

  it('keeps the waitlist’s part when a change leaves it out, and changes it when given', async () => {
    const changed = await admin.put(url(), {
      reminders: { offsetsMinutes: [1440] },
      waitlist: { offersAtOnce: 3, holdMinutes: 45 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().policy.waitlist).toEqual({ offersAtOnce: 3, holdMinutes: 45 });
    await admin.put(url(), { reminders: { offsetsMinutes: [120] } });
    expect((await admin.get(url())).json().policy).toMatchObject({
      reminders: { offsetsMinutes: [120] },
      waitlist: { offersAtOnce: 3, holdMinutes: 45 },
    });
    for (const waitlist of [
      { offersAtOnce: 0, holdMinutes: 120 },
      { offersAtOnce: 1, holdMinutes: 4 },
      { offersAtOnce: 1, holdMinutes: 10_081 },
    ]) {
      const res = await admin.put(url(), { reminders: { offsetsMinutes: [] }, waitlist });
      expect(res.statusCode).toBe(400);
    }
  });

  it('sets the patients’ language, audited, and refuses one we do not have (issue 44)', async () => {
    const put = (patientLanguage: unknown) =>
      admin.put(url(), { reminders: { offsetsMinutes: [1440, 120] }, patientLanguage });
    const unknown = await put({ defaultLanguage: 'de' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toMatch(/must be en, es or fr/);
    const saved = await put({ defaultLanguage: 'fr' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().policy.patientLanguage).toEqual({ defaultLanguage: 'fr' });
    expect((await admin.get(url())).json().policy.patientLanguage).toEqual({
      defaultLanguage: 'fr',
    });
    const [clinic] = await env.db.select().from(t.clinics).where(eq(t.clinics.id, s.clinic.id));
    expect(clinic!.defaultLanguage).toBe('fr');
    // Saved again unchanged, and a save without it: one audit entry, the language kept.
    await put({ defaultLanguage: 'fr' });
    await admin.put(url(), { reminders: { offsetsMinutes: [1440, 120] } });
    const audits = await env.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.entityType, 'clinic'), eq(t.auditLog.entityId, s.clinic.id)));
    expect(audits.map((a) => a.details)).toEqual([
      { changes: [{ field: 'patientLanguage.defaultLanguage', from: 'en', to: 'fr' }] },
    ]);
    expect((await admin.get(url())).json().policy.patientLanguage.defaultLanguage).toBe('fr');
  });

  it('refuses what is not a policy, and anyone but the clinic’s admins', async () => {
    for (const offsetsMinutes of [[10], [10081], [60, 60], [60, 120, 180, 240], [1.5], ['60']]) {
      const res = await admin.put(url(), { reminders: { offsetsMinutes } });
      expect(res.statusCode, JSON.stringify(offsetsMinutes)).toBe(400);
      expect(res.json().error).toBeTruthy();
    }
    expect((await admin.get(url())).json().policy.reminders.offsetsMinutes).toEqual([1440, 120]);
    expect((await staff.get(url())).statusCode).toBe(403);
    expect((await staff.put(url(), { reminders: { offsetsMinutes: [] } })).statusCode).toBe(403);
    const other = await admin.get(`/api/admin/clinics/${s.foreign.slug}/policy`);
    expect(other.statusCode).toBe(404);
  });
});

describe('confirmation', () => {
  it('the patient confirms once from the link: CONFIRMED, by "Patient", a second time changes nothing', async () => {
    const a = await book('2026-11-25T14:00:00.000Z');
    const first = await env.app.inject({
      method: 'POST',
      url: '/api/session/confirm',
      payload: { token: a.token },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'CONFIRMED', confirmable: false });
    const again = await env.app.inject({
      method: 'POST',
      url: '/api/session/confirm',
      payload: { token: a.token },
    });
    expect(again.statusCode).toBe(200);
    const view = (await staff.get(`/api/appointments/${a._id}`)).json();
    expect(view.metadata.status).toBe('CONFIRMED');
    expect(view.statusHistory.filter((h: { type: string }) => h.type === 'CONFIRMED')).toEqual([
      expect.objectContaining({ type: 'CONFIRMED', by: 'Patient' }),
    ]);
  });

  it('a cancelled appointment cannot be confirmed, and a bad token says no more than the page', async () => {
    const a = await book('2026-11-25T14:00:00.000Z');
    await staff.post(`/api/appointments/${a._id}?action=cancel`, { reason: 'Clinic closed' });
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/session/confirm',
      payload: { token: a.token },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This appointment was cancelled, so there is nothing to confirm.',
    );
    for (const token of ['x'.repeat(43), 'not a token', '']) {
      const bad = await env.app.inject({
        method: 'POST',
        url: '/api/session/confirm',
        payload: { token },
      });
      expect(bad.statusCode).toBe(404);
      expect(bad.json().message).toBe(NOT_A_VALID_LINK);
    }
    const malformed = await env.app.inject({
      method: 'POST',
      url: '/api/session/confirm',
      payload: { nope: 1 },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('staff confirm by phone in their own name; a reschedule returns it to BOOKED', async () => {
    const a = await book('2026-11-25T14:00:00.000Z');
    const confirmed = await staff.post(`/api/appointments/${a._id}?action=confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().metadata.status).toBe('CONFIRMED');
    expect(confirmed.json().statusHistory.at(-1)).toMatchObject({
      type: 'CONFIRMED',
      by: 'Sam Ortiz',
    });
    const moved = await staff.put(`/api/appointments/${a._id}`, {
      date: '2026-11-26T14:00:00.000Z',
      staff: { id: s.provider.id },
    });
    expect(moved.json().metadata.status).toBe('BOOKED');
    await travel('2026-11-26T14:05:00Z');
    const late = await staff.post(`/api/appointments/${a._id}?action=confirm`);
    expect(late.statusCode).toBe(409);
  });

  it('the dashboard lists today’s and tomorrow’s unconfirmed appointments', async () => {
    const today = await book('2026-11-23T16:00:00.000Z');
    const tomorrow = await book('2026-11-24T16:00:00.000Z');
    await book('2026-11-25T16:00:00.000Z'); // the day after tomorrow: not yet
    const confirmed = await book('2026-11-24T18:00:00.000Z');
    await staff.post(`/api/appointments/${confirmed._id}?action=confirm`);
    const dash = (await staff.get('/api/dashboard?timezone=America/New_York')).json();
    expect(dash.unconfirmed.map((x: { _id: string }) => x._id)).toEqual([today._id, tomorrow._id]);
    expect(dash.unconfirmedTotal).toBe(2);
  });
});

describe('the outbox page', () => {
  it('shows reminders with their due time and filters by kind', async () => {
    await book('2026-11-25T14:00:00.000Z');
    const res = await admin.get('/api/admin/outbox?kind=appointment.reminder');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows).toHaveLength(2);
    expect(rows.map((r: { dueAt: string }) => r.dueAt).sort()).toEqual([
      '2026-11-24T14:00:00.000Z',
      '2026-11-25T12:00:00.000Z',
    ]);
    expect((await admin.get('/api/admin/outbox?kind=appointment.booked')).json().data).toHaveLength(
      1,
    );
    expect((await admin.get('/api/admin/outbox?kind=nope')).statusCode).toBe(400);
  });
});
