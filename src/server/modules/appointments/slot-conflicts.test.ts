import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { createAppointment } from '../../test/factories';
import { createBody } from '../../test/scenario';
import * as t from '../../db/schema';

const NOW = new Date('2026-11-23T12:00:00Z'); // Monday 07:00 in New York
const env = useTestApp({ now: NOW });
const { s, staff } = useScenario(env);
const TUESDAY_10AM = '2026-11-24T15:00:00.000Z';
const TUESDAY_11AM = '2026-11-24T16:00:00.000Z';
const LONG_AGO = new Date('2026-11-02T09:00:00Z');

/** The other patient's visit, booked (and last changed) at `changedAt`. */
function existing(start: string, changedAt: Date) {
  return createAppointment(
    env.db,
    { clinicId: s.clinic.id, patientId: s.otherPatient.id, staffId: s.provider.id },
    { start: new Date(start), createdAt: changedAt, updatedAt: changedAt },
  );
}

function mine(start: string) {
  return createAppointment(
    env.db,
    { clinicId: s.clinic.id, patientId: s.patient.id, staffId: s.provider.id },
    { start: new Date(start), createdAt: LONG_AGO, updatedAt: LONG_AGO },
  );
}

async function holdOnline(start: string, expiresAt: Date) {
  await env.db.insert(t.onlineBookingHolds).values({
    clinicId: s.clinic.id,
    staffId: s.provider.id,
    startAt: new Date(start),
    endAt: new Date(Date.parse(start) + 30 * 60_000),
    duration: 30,
    email: 'lena.hart@example.com',
    patient: { firstName: 'Lena', lastName: 'Hart', phone: '+15555550100', dob: '1990-04-02' },
    tokenHash: 'hold-token-hash',
    ip: '203.0.113.7',
    clientKey: '203.0.113.7',
    inbox: 'lena.hart@example.com',
    expiresAt,
  });
}

const moveBody = (start: string) => ({
  date: start,
  staff: { id: s.provider.id, name: s.provider.name, email: s.provider.email },
  duration: 30,
});

describe('a refused time says what took it (ADR 034)', () => {
  it('a visit booked long ago is "already taken by another appointment", not "just booked"', async () => {
    await existing(TUESDAY_10AM, LONG_AGO);
    const res = await staff.post('/api/appointments', createBody(s, TUESDAY_10AM));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'conflict',
      message: 'This time is already taken by another appointment. Pick another slot.',
    });
  });

  it('a visit booked a moment ago keeps "just booked by someone else"', async () => {
    await existing(TUESDAY_10AM, new Date(NOW.getTime() - 60_000));
    const res = await staff.post('/api/appointments', createBody(s, TUESDAY_10AM));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This time was just booked by someone else. Pick another slot.',
    );
  });

  it('a move onto an old booking says so, and onto a patient’s online hold says it is held', async () => {
    const appointment = await mine(TUESDAY_11AM);
    await existing(TUESDAY_10AM, LONG_AGO);
    const onto = await staff.put(`/api/appointments/${appointment.id}`, moveBody(TUESDAY_10AM));
    expect(onto.statusCode).toBe(409);
    expect(onto.json().message).toBe(
      'This time is already taken by another appointment. Pick another slot.',
    );
    await holdOnline('2026-11-24T17:00:00.000Z', new Date(NOW.getTime() + 10 * 60_000));
    const held = await staff.put(
      `/api/appointments/${appointment.id}`,
      moveBody('2026-11-24T17:00:00.000Z'),
    );
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(
      'This time is held for a patient who is booking online. Pick another slot.',
    );
  });
});

describe('POST /api/appointments/:id/move-check', () => {
  it('answers what a move would meet without moving anything', async () => {
    const appointment = await mine(TUESDAY_11AM);
    await existing(TUESDAY_10AM, LONG_AGO);
    await holdOnline('2026-11-24T17:00:00.000Z', new Date('2026-11-23T12:10:00Z'));
    const check = (start: string) =>
      staff.post(`/api/appointments/${appointment.id}/move-check`, moveBody(start));

    const taken = await check(TUESDAY_10AM);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toEqual({
      bookable: false,
      message: 'This time is already taken by another appointment. Pick another slot.',
      conflict: {
        kind: 'appointment',
        start: TUESDAY_10AM,
        end: '2026-11-24T15:30:00.000Z',
        expiresAt: null,
      },
    });
    expect((await check('2026-11-24T17:00:00.000Z')).json()).toEqual({
      bookable: false,
      message: 'This time is held for a patient who is booking online. Pick another slot.',
      conflict: {
        kind: 'hold',
        start: '2026-11-24T17:00:00.000Z',
        end: '2026-11-24T17:30:00.000Z',
        expiresAt: '2026-11-23T12:10:00.000Z',
      },
    });
    // 06:00 in New York: before the provider's hours.
    expect((await check('2026-11-24T11:00:00.000Z')).json()).toEqual({
      bookable: false,
      message: `${s.provider.name} is not available at this time. Pick another slot.`,
      conflict: null,
    });
    expect((await check('2026-11-24T18:00:00.000Z')).json()).toEqual({
      bookable: true,
      message: null,
      conflict: null,
    });
    // Once the hold has lapsed: the time is free again.
    env.setNow(new Date('2026-11-23T12:11:00Z'));
    expect((await check('2026-11-24T17:00:00.000Z')).json().bookable).toBe(true);

    const [unchanged] = await env.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.id, appointment.id));
    expect(unchanged!.startAt.toISOString()).toBe(TUESDAY_11AM);
    expect(await env.db.select().from(t.appointmentEvents)).toEqual([]);
  });

  it('refuses another clinic’s appointment and one that can no longer change', async () => {
    const foreign = await staff.post(
      `/api/appointments/${s.foreignAppointment.id}/move-check`,
      moveBody(TUESDAY_10AM),
    );
    expect(foreign.statusCode).toBe(404);
    const past = await mine('2026-11-23T11:00:00.000Z');
    const started = await staff.post(
      `/api/appointments/${past.id}/move-check`,
      moveBody(TUESDAY_10AM),
    );
    expect(started.statusCode).toBe(409);
  });
});
