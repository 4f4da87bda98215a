import { describe, expect, it } from 'vitest';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { createBody } from '../../test/scenario';
import { createAppointment } from '../../test/factories';
import * as t from '../../db/schema';

// Monday October 19, 2026, 8:00 AM in New York. The clinic's clocks go back on November 1.
const env = useTestApp({ now: '2026-10-19T12:00:00Z' });
const { s, staff, signInAgain } = useScenario(env);

// Tuesdays at 10:00 AM New York time: EDT (14:00Z) until November 1, EST (15:00Z) after.
const TUESDAYS = [
  '2026-10-20T14:00:00.000Z',
  '2026-10-27T14:00:00.000Z',
  '2026-11-03T15:00:00.000Z',
  '2026-11-10T15:00:00.000Z',
  '2026-11-17T15:00:00.000Z',
  '2026-11-24T15:00:00.000Z',
];
const FIRST = TUESDAYS[0]!;

const seriesBody = (overrides: Record<string, unknown> = {}, rrule = 'FREQ=WEEKLY;COUNT=6') => ({
  ...createBody(s, FIRST),
  recurrence: { rrule, dtstart: FIRST },
  ...overrides,
});

const postSeries = (overrides: Record<string, unknown> = {}, headers?: Record<string, string>) =>
  staff.post('/api/appointments/series', seriesBody(overrides), headers);

const messages = () =>
  env.db
    .select()
    .from(t.outbox)
    .where(ne(t.outbox.kind, 'appointment.reminder'))
    .orderBy(t.outbox.id);
const seriesAppointments = () =>
  env.db
    .select()
    .from(t.appointments)
    .where(isNotNull(t.appointments.seriesId))
    .orderBy(t.appointments.startAt);
const countSeries = async () =>
  (await env.db.select({ n: sql<number>`count(*)::int` }).from(t.appointmentSeries))[0]!.n;

/** Another patient's visit with the provider on November 3, and the provider off November 10. */
async function conflicts() {
  await createAppointment(
    env.db,
    { clinicId: s.clinic.id, patientId: s.otherPatient.id, staffId: s.provider.id },
    { start: new Date('2026-11-03T15:15:00Z') },
  );
  await env.db
    .insert(t.scheduleOverrides)
    .values({ agentId: s.provider.id, date: '2026-11-10', kind: 'off' });
  // November 17: hours changed to the afternoon only, so 10:00 is outside them.
  await env.db.insert(t.scheduleOverrides).values([
    { agentId: s.provider.id, date: '2026-11-17', kind: 'off' },
    {
      agentId: s.provider.id,
      date: '2026-11-17',
      kind: 'hours',
      segments: [{ start: '13:00', end: '18:00' }],
    },
  ]);
}

async function bookSeries(overrides: Record<string, unknown> = {}) {
  const res = await postSeries(overrides);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    seriesId: string;
    created: Array<{ _id: string; date: string }>;
    skipped: Array<{ date: string; reason: string }>;
  };
}

describe('POST /api/appointments/series?preview=true', () => {
  it('lists every occurrence at 10:00 local across the clock change, with its status', async () => {
    await conflicts();
    const res = await staff.post('/api/appointments/series?preview=true', seriesBody());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.timezone).toBe('America/New_York');
    expect(body.occurrences.map((o: { date: string }) => o.date)).toEqual(TUESDAYS);
    expect(body.occurrences.map((o: { localTime: string }) => o.localTime)).toEqual(
      Array(6).fill('10:00'),
    );
    expect(body.occurrences.map((o: { status: string }) => o.status)).toEqual([
      'free',
      'free',
      'taken',
      'time_off',
      'outside_hours',
      'free',
    ]);
    expect(await seriesAppointments()).toHaveLength(0);
    expect(await countSeries()).toBe(0);
  });

  it('refuses a rule it cannot expand with a 400 that says why', async () => {
    for (const [rrule, message] of [
      ['FREQ=WEEKLY', /must end/],
      ['FREQ=WEEKLY;COUNT=53', /between 1 and 52/],
      ['FREQ=SECONDLY;COUNT=3', /FREQ cannot be/],
      ['FREQ=WEEKLY;BYDAY=MO;COUNT=3', /first visit/],
    ] as const) {
      const res = await staff.post('/api/appointments/series?preview=true', seriesBody({}, rrule));
      expect(res.statusCode, rrule).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message });
    }
    const mismatch = await postSeries({
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=2', dtstart: TUESDAYS[1] },
    });
    expect(mismatch.statusCode).toBe(400);
  });
});

describe('POST /api/appointments/series', () => {
  it('books the chosen occurrences as ordinary appointments with one message for all', async () => {
    await conflicts();
    const booked = await bookSeries({ skip: ['2026-11-03', '2026-11-10', '2026-11-17'] });
    expect(booked.created.map((a) => a.date)).toEqual([TUESDAYS[0], TUESDAYS[1], TUESDAYS[5]]);
    expect(booked.skipped).toEqual([
      { date: '2026-11-03', reason: 'taken' },
      { date: '2026-11-10', reason: 'time_off' },
      { date: '2026-11-17', reason: 'outside_hours' },
    ]);
    const rows = await seriesAppointments();
    expect(rows.map((r) => r.seriesIndex)).toEqual([1, 2, 6]);
    expect(new Set(rows.map((r) => r.token)).size).toBe(3);
    const history = await env.db
      .select()
      .from(t.appointmentEvents)
      .where(eq(t.appointmentEvents.type, 'BOOKED'));
    expect(history).toHaveLength(3);
    // Each visit plans its own reminders…
    const reminders = await env.db
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.kind, 'appointment.reminder'));
    expect(new Set(reminders.map((r) => r.appointmentId)).size).toBe(3);
    // …and the patient hears of the series once.
    const sent = await messages();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.kind).toBe('appointment.series_booked');
    expect((sent[0]!.payload as { visits: unknown[] }).visits).toHaveLength(3);
  });

  it('skips a free date when asked', async () => {
    const booked = await bookSeries({ skip: ['2026-10-27'] });
    expect(booked.created).toHaveLength(5);
    expect(booked.skipped).toEqual([{ date: '2026-10-27', reason: 'skipped' }]);
  });

  it('books none when one chosen date is taken, naming that date (409)', async () => {
    await conflicts();
    const res = await postSeries({ skip: ['2026-11-10', '2026-11-17'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Tuesday, November 3, 2026 at 10:00 AM/);
    expect(await seriesAppointments()).toHaveLength(0);
    expect(await countSeries()).toBe(0);
    expect(await messages()).toHaveLength(0);
  });

  it('refuses a date in time off or outside hours with a 422 naming it', async () => {
    await conflicts();
    const off = await postSeries({ skip: ['2026-11-03', '2026-11-17'] });
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toMatch(/is off on Tuesday, November 10, 2026/);
    const hours = await postSeries({ skip: ['2026-11-03', '2026-11-10'] });
    expect(hours.statusCode).toBe(422);
    expect(hours.json().message).toMatch(/not available on Tuesday, November 17, 2026/);
    expect(await seriesAppointments()).toHaveLength(0);
  });

  it('lets the database decide a race: one series is booked whole, the other not at all', async () => {
    const other = {
      ...createBody(s, FIRST).patient,
      id: s.otherPatient.id,
    };
    const [a, b] = await Promise.all([postSeries(), postSeries({ patient: other })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toMatch(/was just booked by someone else/);
    expect(await seriesAppointments()).toHaveLength(6);
    expect(await countSeries()).toBe(1);
  });

  it('replays the first answer for a retried Idempotency-Key and books nothing twice', async () => {
    const headers = { 'idempotency-key': 'series-retry-1' };
    const first = await postSeries({}, headers);
    const again = await postSeries({}, headers);
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().seriesId).toBe(first.json().seriesId);
    expect(await seriesAppointments()).toHaveLength(6);
  });

  it('rejects a skip date that is not in the series', async () => {
    const res = await postSeries({ skip: ['2026-10-21'] });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET a series', () => {
  it('lists its appointments in order, and an appointment finds its series', async () => {
    const booked = await bookSeries();
    const res = await staff.get(`/api/appointments/series/${booked.seriesId}`);
    expect(res.statusCode).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({
      id: booked.seriesId,
      rrule: 'FREQ=WEEKLY;COUNT=6',
      timezone: 'America/New_York',
      patient: { id: s.patient.id, name: 'José Núñez' },
    });
    expect(view.appointments.map((a: { position: number }) => a.position)).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
    const third = booked.created[2]!._id;
    const of = await staff.get(`/api/appointments/${third}/series`);
    expect(of.json().series.id).toBe(booked.seriesId);
    const single = await staff.get(`/api/appointments/${s.foreignAppointment.id}/series`);
    expect(single.statusCode).toBe(404); // another clinic's
  });

  it('is 404 for an unknown series', async () => {
    const res = await staff.get('/api/appointments/series/7d1f4a43-5a8e-4a43-9c1e-0a2b3c4d5e6f');
    expect(res.statusCode).toBe(404);
  });
});

describe('cancel with a scope', () => {
  const cancel = (id: string, scope?: string) =>
    staff.post(`/api/appointments/${id}?action=cancel`, {
      reason: 'Course of treatment ended',
      ...(scope ? { scope } : {}),
    });
  const statuses = async () => (await seriesAppointments()).map((r) => r.status);

  it('cancels only this visit by default', async () => {
    const { created } = await bookSeries();
    expect((await cancel(created[2]!._id)).statusCode).toBe(200);
    expect(await statuses()).toEqual([
      'BOOKED',
      'BOOKED',
      'CANCELLED',
      'BOOKED',
      'BOOKED',
      'BOOKED',
    ]);
  });

  it('cancels this and the following visits with one message listing them', async () => {
    const { created } = await bookSeries();
    const before = (await messages()).length;
    const res = await cancel(created[2]!._id, 'following');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().metadata.status).toBe('CANCELLED');
    expect(await statuses()).toEqual([
      'BOOKED',
      'BOOKED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ]);
    const after = await messages();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.kind).toBe('appointment.series_cancelled');
    expect((after.at(-1)!.payload as { visits: unknown[] }).visits).toHaveLength(4);
    // Their reminders are withdrawn with them.
    const waiting = await env.db
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.kind, 'appointment.reminder'), eq(t.outbox.status, 'pending')));
    expect(new Set(waiting.map((r) => r.appointmentId)).size).toBe(2);
  });

  it('cancels the whole series, leaving what already happened', async () => {
    const { created } = await bookSeries();
    env.setNow('2026-10-21T12:00:00Z'); // the first visit is past
    await signInAgain(); // a new day, a new sign-in
    const res = await cancel(created[3]!._id, 'all');
    expect(res.statusCode, res.body).toBe(200);
    expect(await statuses()).toEqual([
      'BOOKED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
      'CANCELLED',
    ]);
  });
});

describe('reschedule with a scope', () => {
  const move = (id: string, date: string, scope?: string, agentId = s.provider.id) =>
    staff.put(`/api/appointments/${id}`, {
      date,
      staff: { id: agentId },
      ...(scope ? { scope } : {}),
    });

  it('moves this and the following visits to the same weekday and wall time', async () => {
    const { created } = await bookSeries();
    // The second visit, Tuesday October 27 10:00 EDT, to Thursday October 29 11:30 EDT.
    const res = await move(created[1]!._id, '2026-10-29T15:30:00.000Z', 'following');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().date).toBe('2026-10-29T15:30:00.000Z');
    expect((await seriesAppointments()).map((r) => r.startAt.toISOString())).toEqual([
      TUESDAYS[0],
      '2026-10-29T15:30:00.000Z',
      // Thursdays at 11:30 AM EST after the clocks went back.
      '2026-11-05T16:30:00.000Z',
      '2026-11-12T16:30:00.000Z',
      '2026-11-19T16:30:00.000Z',
      '2026-11-26T16:30:00.000Z',
    ]);
    const sent = await messages();
    expect(sent.at(-1)!.kind).toBe('appointment.series_rescheduled');
    expect((sent.at(-1)!.payload as { visits: unknown[] }).visits).toHaveLength(5);
  });

  it('moves nothing when one new time is taken, naming its date (409)', async () => {
    const { created } = await bookSeries();
    await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.otherPatient.id, staffId: s.provider.id },
      { start: new Date('2026-11-12T16:30:00Z') },
    );
    const res = await move(created[1]!._id, '2026-10-29T15:30:00.000Z', 'following');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Thursday, November 12, 2026 at 11:30 AM/);
    expect((await seriesAppointments()).map((r) => r.startAt.toISOString())).toEqual(TUESDAYS);
  });

  it('moves the whole series by half an hour, the visits not blocking each other', async () => {
    const { created } = await bookSeries({ duration: 60 });
    const res = await move(created[2]!._id, '2026-11-03T15:30:00.000Z', 'all');
    expect(res.statusCode, res.body).toBe(200);
    expect((await seriesAppointments()).map((r) => r.startAt.toISOString())).toEqual(
      TUESDAYS.map((d) => new Date(Date.parse(d) + 30 * 60_000).toISOString()),
    );
  });

  it('moves only this visit by default', async () => {
    const { created } = await bookSeries();
    const res = await move(created[1]!._id, '2026-10-28T14:00:00.000Z');
    expect(res.statusCode, res.body).toBe(200);
    const starts = (await seriesAppointments()).map((r) => r.startAt.toISOString());
    expect(starts).toEqual([TUESDAYS[0], '2026-10-28T14:00:00.000Z', ...TUESDAYS.slice(2)]);
  });

  it('reassigns the following visits to another provider', async () => {
    const { created } = await bookSeries();
    const res = await move(created[4]!._id, TUESDAYS[4]!, 'following', s.nurse.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await seriesAppointments()).map((r) => r.staffId)).toEqual([
      ...Array(4).fill(s.provider.id),
      s.nurse.id,
      s.nurse.id,
    ]);
  });
});
