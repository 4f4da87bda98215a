import { describe, expect, it } from 'vitest';
import { eq, ne, sql } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { apiAs, type Api } from '../../test/api-client';
import { bookThroughApi, createBody } from '../../test/scenario';
import { createAppointment } from '../../test/factories';
import * as t from '../../db/schema';

/** The messages of changes; the reminders they plan are reminders.test.ts's subject. */
const notReminder = ne(t.outbox.kind, 'appointment.reminder');

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // Monday 07:00 in New York
const { s, staff } = useScenario(env);
const TUESDAY_10AM = '2026-11-24T15:00:00.000Z';

const count = async (
  table: typeof t.appointments | typeof t.outbox | typeof t.appointmentEvents,
) => {
  const [row] = await env.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
};

/** Moves an appointment to `date` with `agentId`, as the calendar's drag and drop asks. */
const changeTime = (api: Api, id: string, date: string, agentId: string) =>
  api.put(`/api/appointments/${id}`, { date, staff: { id: agentId } });

const book = (start = TUESDAY_10AM, overrides: Record<string, unknown> = {}) =>
  bookThroughApi(staff, s, start, overrides);

describe('POST /api/appointments', () => {
  it('books the slot and returns the spec appointment with its history', async () => {
    const created = await book();
    // The spec's keys, and what was booked (ADR 044): the clinic's default service here, which
    // needs no room (ADR 045: resourceId null).
    expect(Object.keys(created).sort()).toEqual(
      [
        '_id',
        'date',
        'duration',
        'metadata',
        'patient',
        'resourceId',
        'serviceId',
        'staff',
        'statusHistory',
        'token',
      ].sort(),
    );
    expect(created.serviceId).toEqual(expect.any(String));
    expect(created.resourceId).toBeNull();
    expect(created).toMatchObject({
      date: TUESDAY_10AM,
      duration: 30,
      patient: {
        id: s.patient.id,
        name: 'José Núñez',
        email: s.patient.email,
        clinic: s.clinic.slug,
      },
      staff: { id: s.provider.id, name: s.provider.name, email: s.provider.email },
      metadata: { status: 'BOOKED', type: 'custom', source: 'carebook', notes: 'First visit' },
      statusHistory: [{ type: 'BOOKED', by: s.staff.name, reason: null, from: null, to: null }],
    });
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('answers with the booking exactly as it is read back, phone and patient source included', async () => {
    // The answer is made from what the booking wrote, not read back (ADR 027): any field it
    // made differently from the stored row would show here.
    await env.db
      .update(t.patients)
      .set({ phone: '+1 555 0100', source: 'referral', firstName: ' José', lastName: 'Núñez ' })
      .where(eq(t.patients.id, s.patient.id));
    const created = await book(TUESDAY_10AM, { metadata: { notes: '  Two  spaces  ' } });
    const read = await staff.get(`/api/appointments/${created._id}`);
    expect(read.statusCode).toBe(200);
    expect(created).toEqual(read.json());
    expect(created.patient).toMatchObject({ phone: '+1 555 0100', source: 'referral' });
  });

  it('writes the notification and the audit row with the booking', async () => {
    const created = await book();
    const [outbox] = await env.db.select().from(t.outbox).where(notReminder);
    expect(outbox).toMatchObject({
      kind: 'appointment.booked',
      appointmentId: created._id,
      status: 'pending',
    });
    expect((outbox!.recipients as Array<{ email: string }>).map((r) => r.email).sort()).toEqual(
      [s.patient.email, s.provider.email].sort(),
    );
    const audit = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'create'));
    expect(audit).toMatchObject([
      { entityId: created._id, patientId: s.patient.id, userId: s.staff.id },
    ]);
  });

  it.each([
    ['outside the agent hours', '2026-11-24T12:00:00.000Z', 422, /not available at this time/],
    ['in the past', '2026-11-23T11:00:00.000Z', 422, /already passed/],
  ])('refuses a time %s', async (_, start, status, message) => {
    const res = await staff.post('/api/appointments', createBody(s, start));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await count(t.appointments)).toBe(1); // the other clinic's only
  });

  it('refuses a taken slot with 409 and the message to pick another', async () => {
    await book();
    const res = await staff.post(
      '/api/appointments',
      createBody(s, '2026-11-24T15:15:00.000Z', {
        patient: { ...createBody(s, TUESDAY_10AM).patient, id: s.otherPatient.id },
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'conflict',
      message: 'This time was just booked by someone else. Pick another slot.',
    });
  });

  it('gives exactly one of 50 simultaneous bookings of one slot', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        staff.post('/api/appointments', createBody(s, TUESDAY_10AM)),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const rows = await env.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.staffId, s.provider.id));
    expect(rows).toHaveLength(1);
  });

  it('replays a retry with the same Idempotency-Key and books once', async () => {
    const headers = { 'idempotency-key': 'booking-7f3a' };
    const first = await staff.post('/api/appointments', createBody(s, TUESDAY_10AM), headers);
    const again = await staff.post('/api/appointments', createBody(s, TUESDAY_10AM), headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()._id).toBe(first.json()._id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await count(t.appointments)).toBe(2);
    const other = await staff.post(
      '/api/appointments',
      createBody(s, '2026-11-24T16:00:00.000Z'),
      headers,
    );
    expect(other.statusCode).toBe(422);
  });

  it('replays concurrent retries of one key with one booking', async () => {
    const headers = { 'idempotency-key': 'booking-race' };
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        staff.post('/api/appointments', createBody(s, TUESDAY_10AM), headers),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json()._id)).size).toBe(1);
  });

  it('answers 404 for another clinic or its patient, and 422 for an agent who is not bookable there', async () => {
    const foreignClinic = createBody(s, TUESDAY_10AM);
    foreignClinic.patient.clinic = s.foreign.slug;
    expect((await staff.post('/api/appointments', foreignClinic)).statusCode).toBe(404);
    const foreignPatient = createBody(s, TUESDAY_10AM);
    foreignPatient.patient.id = s.foreignPatient.id;
    expect((await staff.post('/api/appointments', foreignPatient)).statusCode).toBe(404);
    const foreignAgent = createBody(s, TUESDAY_10AM, { staff: { id: s.foreignAgent.id } });
    expect((await staff.post('/api/appointments', foreignAgent)).statusCode).toBe(422);
    const staffAsAgent = createBody(s, TUESDAY_10AM, { staff: { id: s.staff.id } });
    expect((await staff.post('/api/appointments', staffAsAgent)).statusCode).toBe(422);
    expect(await count(t.appointments)).toBe(1);
  });
});

describe('PUT /api/appointments/:id', () => {
  it('reschedules: new time, the same patient link, RESCHEDULE history from and to', async () => {
    const created = await book();
    const res = await staff.put(`/api/appointments/${created._id}`, {
      id: created._id,
      date: '2026-11-25T16:00:00.000Z',
      staff: created.staff,
      duration: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json();
    expect(moved.date).toBe('2026-11-25T16:00:00.000Z');
    expect(moved.token).toBe(created.token);
    expect(moved.statusHistory.at(-1)).toMatchObject({
      type: 'RESCHEDULE',
      from: TUESDAY_10AM,
      to: '2026-11-25T16:00:00.000Z',
      by: s.staff.name,
    });
    const kinds = (
      await env.db.select().from(t.outbox).where(notReminder).orderBy(t.outbox.id)
    ).map((o) => o.kind);
    expect(kinds).toEqual(['appointment.booked', 'appointment.rescheduled']);
  });

  it('reassigns to another agent, telling the former provider too', async () => {
    const created = await book();
    const res = await staff.put(`/api/appointments/${created._id}`, {
      date: created.date,
      staff: { id: s.nurse.id, name: s.nurse.name, email: s.nurse.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().staff.id).toBe(s.nurse.id);
    expect(res.json().token).toBe(created.token);
    expect(res.json().statusHistory.at(-1)).toMatchObject({
      type: 'REASSIGN',
      from: s.provider.name,
      to: s.nurse.name,
    });
    const [, outbox] = await env.db.select().from(t.outbox).where(notReminder).orderBy(t.outbox.id);
    expect((outbox!.recipients as Array<{ email: string }>).map((r) => r.email).sort()).toEqual(
      [s.patient.email, s.nurse.email, s.provider.email].sort(),
    );
  });

  it('refuses a reassign by a nurse, but lets a nurse reschedule', async () => {
    const created = await book();
    const nurse = await apiAs(env.app, s.nurse.email);
    const reassign = await changeTime(nurse, created._id, created.date, s.nurse.id);
    expect(reassign.statusCode).toBe(403);
    const reschedule = await changeTime(
      nurse,
      created._id,
      '2026-11-24T17:00:00.000Z',
      s.provider.id,
    );
    expect(reschedule.statusCode).toBe(200);
  });

  it('refuses a time that is taken or outside the hours, and changes nothing', async () => {
    const created = await book();
    await book('2026-11-24T16:00:00.000Z', {
      patient: { ...createBody(s, TUESDAY_10AM).patient, id: s.otherPatient.id },
    });
    const taken = await changeTime(staff, created._id, '2026-11-24T16:00:00.000Z', s.provider.id);
    expect(taken.statusCode).toBe(409);
    const outside = await changeTime(staff, created._id, '2026-11-24T04:00:00.000Z', s.provider.id);
    expect(outside.statusCode).toBe(422);
    const same = await staff.get(`/api/appointments/${created._id}`);
    expect(same.json().date).toBe(TUESDAY_10AM);
    expect(same.json().statusHistory).toHaveLength(1);
  });

  it('lets an appointment move within its own time (overlapping itself)', async () => {
    const created = await book();
    const res = await changeTime(staff, created._id, '2026-11-24T15:15:00.000Z', s.provider.id);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses to change a past appointment', async () => {
    const past = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2026-11-20T15:00:00Z') },
    );
    const res = await changeTime(staff, past.id, TUESDAY_10AM, s.provider.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/can no longer be changed/);
  });
});

describe('POST /api/appointments/:id?action=', () => {
  it('cancels with the trimmed reason, revokes the link, and refuses to cancel twice', async () => {
    const created = await book();
    const missing = await staff.post(`/api/appointments/${created._id}?action=cancel`, {
      reason: '   ',
    });
    expect(missing.statusCode).toBe(400);
    const res = await staff.post(`/api/appointments/${created._id}?action=cancel`, {
      reason: '  Patient has the flu  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().metadata.status).toBe('CANCELLED');
    expect(res.json().statusHistory.at(-1)).toMatchObject({
      type: 'CANCELLED',
      reason: 'Patient has the flu',
    });
    const [row] = await env.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.id, created._id));
    expect(row!.tokenRevokedAt).not.toBeNull();
    expect(
      (await staff.post(`/api/appointments/${created._id}?action=cancel`, { reason: 'again' }))
        .statusCode,
    ).toBe(409);
    // The freed time can be booked again.
    await book(TUESDAY_10AM, {
      patient: { ...createBody(s, TUESDAY_10AM).patient, id: s.otherPatient.id },
    });
  });

  it.each([
    ['completed', 'COMPLETED'],
    ['disqualified', 'DISQUALIFIED'],
    ['no_show', 'NO_SHOW'],
  ])('marks a past appointment as %s', async (action, status) => {
    const past = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2026-11-23T11:00:00Z') },
    );
    const res = await staff.post(`/api/appointments/${past.id}?action=${action}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().metadata.status).toBe(status);
    expect(res.json().statusHistory.at(-1)).toMatchObject({ type: status, by: s.staff.name });
  });

  it('refuses to mark a future appointment or one already completed', async () => {
    const created = await book();
    expect((await staff.post(`/api/appointments/${created._id}?action=completed`)).statusCode).toBe(
      409,
    );
    const past = await createAppointment(
      env.db,
      { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
      { start: new Date('2026-11-23T11:00:00Z'), status: 'COMPLETED' },
    );
    expect((await staff.post(`/api/appointments/${past.id}?action=no_show`)).statusCode).toBe(409);
  });

  it('answers 404 for another clinic appointment, never its data', async () => {
    const res = await staff.post(`/api/appointments/${s.foreignAppointment.id}?action=cancel`, {
      reason: 'x',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(s.foreignPatient.email);
    expect((await staff.get(`/api/appointments/${s.foreignAppointment.id}`)).statusCode).toBe(404);
    expect(
      (await changeTime(staff, s.foreignAppointment.id, TUESDAY_10AM, s.foreignAgent.id))
        .statusCode,
    ).toBe(404);
  });
});

describe('bad input changes nothing', () => {
  const url = '/api/appointments';
  const cases: Array<[string, () => Promise<{ statusCode: number; json(): unknown }>]> = [
    [
      'malformed JSON',
      () => staff.call('POST', url, '{"date": ', { 'content-type': 'application/json' }),
    ],
    ['wrong types', () => staff.post(url, { ...createBody(s, TUESDAY_10AM), duration: 'thirty' })],
    [
      'a date that is not ISO',
      () => staff.post(url, { ...createBody(s, TUESDAY_10AM), date: 'next tuesday' }),
    ],
    [
      'a NUL byte in the notes',
      () => staff.post(url, createBody(s, TUESDAY_10AM, { metadata: { notes: 'a\u0000b' } })),
    ],
    [
      'a 2 MB body',
      () =>
        staff.post(url, { ...createBody(s, TUESDAY_10AM), filler: 'x'.repeat(2 * 1024 * 1024) }),
    ],
    [
      'an unknown patient id',
      () =>
        staff.post(url, {
          ...createBody(s, TUESDAY_10AM),
          patient: {
            ...createBody(s, TUESDAY_10AM).patient,
            id: '00000000-0000-4000-8000-000000000000',
          },
        }),
    ],
    [
      'a date in year 9999 (a day later is a year PostgreSQL cannot hold)',
      () => staff.post(url, { ...createBody(s, TUESDAY_10AM), date: '9999-12-31T23:30:00Z' }),
    ],
    [
      'an offset no place on Earth has',
      () => staff.post(url, { ...createBody(s, TUESDAY_10AM), date: '2026-11-24T15:00:00+23:59' }),
    ],
    ['a non-UUID appointment id', () => staff.get('/api/appointments/not-an-id')],
    [
      'an unknown appointment id',
      () => staff.get('/api/appointments/00000000-0000-4000-8000-000000000000'),
    ],
    [
      'an unknown action',
      () => staff.post('/api/appointments/00000000-0000-4000-8000-000000000000?action=delete'),
    ],
    [
      'a 10,000-character reason',
      async () => {
        const created = await book();
        return staff.post(`/api/appointments/${created._id}?action=cancel`, {
          reason: 'x'.repeat(10_000),
        });
      },
    ],
    [
      'text instead of JSON',
      () => staff.call('POST', url, 'date=tomorrow', { 'content-type': 'text/plain' }),
    ],
  ];
  it.each(cases)('%s gets a 4xx in the error shape', async (_, send) => {
    const before = await count(t.appointments);
    const res = await send();
    if (_ === 'a 10,000-character reason') {
      const [row] = await env.db
        .select()
        .from(t.appointments)
        .where(eq(t.appointments.staffId, s.provider.id));
      expect(row!.status).toBe('BOOKED');
    }
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const booked = _ === 'a 10,000-character reason' ? 1 : 0;
    expect(await count(t.appointments)).toBe(before + booked);
  });
});
