// Rooms and equipment at booking (issue 42, ADR 045): a service that needs a room gets the first
// free one through the one write path (or the one staff pick), keeps it when moved if it is still
// free, and the database decides two bookings of the last free room; slots are offered only with
// a free room, and every offered one is accepted by the constraint.
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { bodyAgent, bodyPatient, bookThroughApi, createBody } from '../../test/scenario';
import * as t from '../../db/schema';
import { enableOnlineBooking } from '../../test/online-booking-kit';
import { patientMove } from '../../test/visit-link';
import { conflict } from '../../errors';
import { createSignInUser } from '../../test/auth-helpers';
import { createResource, createService } from '../../test/factories';
import { insertWithResource, writeWithResource } from './resource-assignment';
import { insertAppointment } from './appointments.repository';
import { isBookingConflict, isResourceTaken, retryOnDeadlock } from '../../db/errors';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // Monday 07:00 in New York
const { s, staff } = useScenario(env);
const DAY = '2026-11-24';
/** Wall-clock times on Tuesday 24 November 2026 in New York (UTC−5). */
const ny = (hhmm: string, day = DAY) => new Date(`${day}T${hhmm}:00-05:00`).toISOString();

const addRoom = (values: Partial<typeof t.resources.$inferInsert> = {}) =>
  createResource(env.db, s.clinic.id, { name: 'Room A', ...values });

/** Physiotherapy: 45 minutes in any treatment room, which is cleaned 15 minutes after. */
const addPhysio = (values: Partial<typeof t.services.$inferInsert> = {}) =>
  createService(env.db, s.clinic.id, {
    durations: [45],
    bufferAfterMinutes: 15,
    kind: 'in_person',
    resourceCategory: 'treatment room',
    bookableOnline: true,
    ...values,
  });

const book = (
  serviceId: string,
  start: string,
  over: { agent?: typeof s.provider; resourceId?: string; patient?: typeof s.patient } = {},
) =>
  staff.post(
    '/api/appointments',
    createBody(s, start, {
      serviceId,
      duration: undefined,
      staff: bodyAgent(over.agent ?? s.provider),
      patient: bodyPatient(s, over.patient ?? s.patient),
      ...(over.resourceId ? { resourceId: over.resourceId } : {}),
    }),
  );

/**
 * A 45-minute physiotherapy visit at `at` on Tuesday, as its row: written past every check, as a
 * racing transaction's commit would be.
 */
const physioRow = (
  serviceId: string,
  v: { resourceId: string | null; agentId: string; patientId: string; token: string; at?: string },
) => ({
  clinicId: s.clinic.id,
  patientId: v.patientId,
  staffId: v.agentId,
  startAt: new Date(ny(v.at ?? '10:00')),
  endAt: new Date(new Date(ny(v.at ?? '10:00')).getTime() + 45 * 60_000),
  duration: 45,
  status: 'BOOKED',
  token: v.token,
  serviceId,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  resourceId: v.resourceId,
  updatedAt: env.now(),
});

const countBooked = () => env.db.$count(t.appointments, eq(t.appointments.clinicId, s.clinic.id));

describe('a booking gets a room', () => {
  it('takes the first free room by name, skipping archived ones, and refuses in words when none is free', async () => {
    const physio = await addPhysio();
    await addRoom({ name: 'Room 0', archivedAt: new Date() });
    const b = await addRoom({ name: 'Room B' });
    const a = await addRoom({ name: 'Room A' });
    const first = await book(physio.id, ny('10:00'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().resourceId).toBe(a.id);
    // Room A is cleaned until 11:00: the nurse's 10:45 visit takes Room B…
    const second = await book(physio.id, ny('10:45'), { agent: s.nurse });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().resourceId).toBe(b.id);
    // …and the provider's next, at 11:00, Room A again.
    const third = await book(physio.id, ny('11:00'), { patient: s.otherPatient });
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json().resourceId).toBe(a.id);
    // Room A is taken until 12:00 with its cleaning and Room B is archived: none at 11:45.
    await env.db
      .update(t.resources)
      .set({ archivedAt: new Date() })
      .where(eq(t.resources.id, b.id));
    const none = await book(physio.id, ny('11:45'), { agent: s.nurse, patient: s.otherPatient });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      'No treatment room is free at that time. Choose another time.',
    );
    expect(await countBooked()).toBe(3);
  });

  it('books a service that needs no room without one', async () => {
    await addRoom();
    const res = await bookThroughApi(staff, s, ny('10:00'));
    expect(res.resourceId).toBeNull();
  });

  it('takes the room staff pick, and refuses a busy, archived, foreign or wrong one in words, writing nothing', async () => {
    const physio = await addPhysio();
    const a = await addRoom({ name: 'Room A' });
    const b = await addRoom({ name: 'Room B' });
    const old = await addRoom({ name: 'Old room', archivedAt: new Date() });
    const gym = await addRoom({ name: 'Gym', category: 'Gym' });
    const foreign = await createResource(env.db, s.foreign.id, { name: 'Room A' });
    const picked = await book(physio.id, ny('10:00'), { resourceId: b.id });
    expect(picked.statusCode, picked.body).toBe(201);
    expect(picked.json().resourceId).toBe(b.id);

    const cases: Array<[string, number, string]> = [
      [
        b.id,
        409,
        'Room B is already booked at that time. Pick another room or equipment, or time.',
      ],
      [
        old.id,
        422,
        'Old room is archived and is no longer booked. Pick another room or equipment.',
      ],
      [foreign.id, 422, 'This room or equipment is not one of this clinic’s. Pick one of its own.'],
      [gym.id, 422, 'Gym is not a treatment room, which Physiotherapy needs. Pick another.'],
    ];
    for (const [resourceId, status, message] of cases) {
      const res = await book(physio.id, ny('10:00'), { agent: s.nurse, resourceId });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ message });
    }
    const plain = await staff.post(
      '/api/appointments',
      createBody(s, ny('12:00'), { resourceId: a.id }),
    );
    expect(plain.statusCode).toBe(422);
    expect(plain.json().message).toMatch(/needs no room or equipment/);
    expect(await countBooked()).toBe(1);
  });

  it('keeps to a room’s hours and time off', async () => {
    const physio = await addPhysio();
    // Tuesdays 09:00–12:00 on the clinic's clock; out of use 10:00–10:30 this Tuesday.
    const a = await addRoom({ weekly: [{ weekday: 2, start: '09:00', end: '12:00' }] });
    await env.db.insert(t.resourceTimeOff).values({
      resourceId: a.id,
      clinicId: s.clinic.id,
      startAt: new Date(ny('10:00')),
      endAt: new Date(ny('10:30')),
    });
    for (const time of ['08:15', '10:15', '11:30']) {
      const res = await book(physio.id, ny(time));
      expect(res.statusCode, `${time}: ${res.body}`).toBe(409);
    }
    const picked = await book(physio.id, ny('09:45'), { resourceId: a.id });
    expect(picked.statusCode).toBe(422);
    expect(picked.json().message).toMatch(/^Room A is out of use at that time \(time off\)/);
    const late = await book(physio.id, ny('11:30'), { resourceId: a.id });
    expect(late.json().message).toMatch(/^Room A is not open at that time/);
    const fits = await book(physio.id, ny('11:15'));
    expect(fits.statusCode, fits.body).toBe(201);
    expect(fits.json().resourceId).toBe(a.id);
  });
});

describe('slots with rooms', () => {
  async function slotsOf(query: string) {
    const res = await staff.get(
      `/api/clinics/${s.clinic.slug}/slots?from=${DAY}&to=${DAY}&${query}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      slots: Array<{ startTime: string; endTime: string; agentId: string; resourceId: string }>;
      withoutResource?: Array<{ startTime: string; agentId: string }>;
    };
  }

  it('offers a time only with a free room, says which times lack one, and the constraint accepts every offer', async () => {
    const physio = await addPhysio();
    const a = await addRoom({ weekly: [{ weekday: 2, start: '09:00', end: '13:00' }] });
    const booked = await book(physio.id, ny('10:00'));
    expect(booked.statusCode).toBe(201);
    const answer = await slotsOf(`serviceId=${physio.id}`);
    expect(answer.slots.length).toBeGreaterThan(0);
    for (const slot of answer.slots) {
      expect(slot.resourceId).toBe(a.id);
      const start = Date.parse(slot.startTime);
      expect(
        start >= Date.parse(ny('09:00')) && Date.parse(slot.endTime) <= Date.parse(ny('13:00')),
      ).toBe(true);
      // 10:00–10:45 + 15 minutes' cleaning: nothing of Room A from 10:00 to 11:00.
      expect(
        start < Date.parse(ny('11:00')) &&
          Date.parse(slot.endTime) + 15 * 60_000 > Date.parse(ny('10:00')),
      ).toBe(false);
    }
    expect(answer.withoutResource).toContainEqual({
      startTime: ny('14:00').replace('.000Z', '.000Z'),
      agentId: s.provider.id,
    });
    // Every offered slot, written as its booking would be, is accepted by the database.
    for (const slot of answer.slots) {
      await env.db
        .transaction(async (tx) => {
          await tx.insert(t.appointments).values({
            clinicId: s.clinic.id,
            patientId: s.otherPatient.id,
            staffId: slot.agentId,
            startAt: new Date(slot.startTime),
            endAt: new Date(slot.endTime),
            duration: 45,
            status: 'BOOKED',
            token: `probe-${slot.agentId}-${slot.startTime}`,
            serviceId: physio.id,
            bufferBeforeMinutes: 0,
            bufferAfterMinutes: 15,
            resourceId: slot.resourceId,
          });
          tx.rollback();
        })
        .catch((err: unknown) => {
          if (!String(err).includes('Rollback')) throw err;
        });
    }
    const only = await slotsOf(`serviceId=${physio.id}&resourceId=${a.id}`);
    expect(only.slots.map((x) => x.startTime)).toEqual(answer.slots.map((x) => x.startTime));
    const plain = await slotsOf('');
    expect(plain.withoutResource).toBeUndefined();
    expect(plain.slots.some((x) => x.startTime === ny('10:00') && x.agentId === s.nurse.id)).toBe(
      true,
    );
  });
});

describe('moving an appointment with its room', () => {
  it('keeps its room when still free, takes another when not, refuses when none is, and moves rooms at the same time', async () => {
    const physio = await addPhysio();
    const a = await addRoom({ name: 'Room A' });
    const b = await addRoom({ name: 'Room B' });
    const mine = (await book(physio.id, ny('10:00'))).json();
    expect(mine.resourceId).toBe(a.id);
    const move = (date: string, extra: Record<string, unknown> = {}) =>
      staff.put(`/api/appointments/${mine._id}`, { date, staff: { id: s.provider.id }, ...extra });

    const kept = await move(ny('12:00'));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().resourceId).toBe(a.id);

    // The nurse takes Room A at 14:00: moving there takes Room B.
    const nurses = await book(physio.id, ny('14:00'), { agent: s.nurse, patient: s.otherPatient });
    expect(nurses.json().resourceId).toBe(a.id);
    const moved = await move(ny('14:00'));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().resourceId).toBe(b.id);
    const history = moved.json().statusHistory as Array<{ type: string; from: string; to: string }>;
    expect(history.at(-1)).toMatchObject({
      type: 'RESOURCE_CHANGED',
      from: 'Room A',
      to: 'Room B',
    });

    // Staff move it to Room A at the same time: busy. Room B stays.
    const busy = await move(ny('14:00'), { resourceId: a.id });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toMatch(/^Room A is already booked at that time/);

    // A third visit in Room B at 16:00 and the nurse's in Room A: moving there has no room.
    await env.db
      .update(t.resources)
      .set({ archivedAt: new Date() })
      .where(eq(t.resources.id, b.id));
    // The calendar asks first, and hears the words the move would be refused with.
    const asked = await staff.post(`/api/appointments/${mine._id}/move-check`, {
      date: ny('14:15'),
      staff: { id: s.provider.id },
    });
    expect(asked.json()).toEqual({
      bookable: false,
      message: 'No treatment room is free at that time. Choose another time.',
      conflict: null,
    });
    const refused = await move(ny('14:15'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'No treatment room is free at that time. Choose another time.',
    );
    await env.db.update(t.resources).set({ archivedAt: null }).where(eq(t.resources.id, b.id));

    // Back at noon, then staff move it to Room B at the same time; the audit names both rooms.
    expect((await move(ny('12:00'))).json().resourceId).toBe(b.id);
    const toA = await move(ny('12:00'), { resourceId: a.id });
    expect(toA.statusCode, toA.body).toBe(200);
    expect(toA.json()).toMatchObject({ resourceId: a.id, date: ny('12:00') });
    const [audit] = await env.db
      .select({ action: t.auditLog.action, details: t.auditLog.details })
      .from(t.auditLog)
      .where(eq(t.auditLog.entityId, mine._id))
      .orderBy(sql`${t.auditLog.id} desc`)
      .limit(1);
    expect(audit).toMatchObject({
      action: 'reassign',
      details: { resource: { from: b.id, to: a.id } },
    });
  });
});

describe('a patient’s own move', () => {
  it('is offered only times with a free room, and keeps or changes the room as staff’s move does', async () => {
    const physio = await addPhysio();
    const a = await addRoom({ name: 'Room A' });
    const b = await addRoom({ name: 'Room B' });
    const mine = (await book(physio.id, ny('10:00'))).json();
    const nurses = (
      await book(physio.id, ny('14:00'), { agent: s.nurse, patient: s.otherPatient })
    ).json();
    expect([mine.resourceId, nurses.resourceId]).toEqual([a.id, a.id]);
    await env.db
      .update(t.resources)
      .set({ archivedAt: new Date() })
      .where(eq(t.resources.id, b.id));
    const token = encodeURIComponent(mine.token);
    const offered = await env.app.inject({
      method: 'GET',
      url: `/api/session/slots?token=${token}&from=${DAY}&to=${DAY}`,
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const starts = (offered.json().slots as Array<{ startTime?: string; start?: string }>).map(
      (x) => x.startTime ?? x.start,
    );
    // Room A is the nurse's from 14:00 to 15:00 with its cleaning: nothing of ours meets it.
    // 45-minute steps from 08:00: 12:30 is free, 13:15 would be cleaned into the nurse's visit.
    expect(starts).toContain(ny('12:30'));
    for (const taken of ['13:15', '14:00', '14:45']) expect(starts).not.toContain(ny(taken));
    expect(starts).toContain(ny('15:30'));
    expect((await patientMove(env.app, mine.token, ny('14:00'))).statusCode).toBe(409);
    await env.db.update(t.resources).set({ archivedAt: null }).where(eq(t.resources.id, b.id));
    const moved = await patientMove(env.app, mine.token, ny('14:00'));
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await env.db
      .select({ resourceId: t.appointments.resourceId })
      .from(t.appointments)
      .where(eq(t.appointments.id, mine._id));
    expect(row).toEqual({ resourceId: b.id });
  });
});

describe('races for a room', () => {
  it('gives the last free room to exactly one of two providers booking at the same moment', async () => {
    const physio = await addPhysio();
    const a = await addRoom();
    const [one, two] = await Promise.all([
      book(physio.id, ny('10:00')),
      book(physio.id, ny('10:00'), { agent: s.nurse, patient: s.otherPatient }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const loser = one.statusCode === 409 ? one : two;
    expect(loser.json().message).toBe(
      'No treatment room is free at that time. Choose another time.',
    );
    const rows = await env.db
      .select({ resourceId: t.appointments.resourceId })
      .from(t.appointments)
      .where(eq(t.appointments.clinicId, s.clinic.id));
    expect(rows).toEqual([{ resourceId: a.id }]);
  });

  it('gives two providers booking at the same moment the two free rooms', async () => {
    const physio = await addPhysio();
    const a = await addRoom({ name: 'Room A' });
    const b = await addRoom({ name: 'Room B' });
    const answers = await Promise.all([
      book(physio.id, ny('10:00')),
      book(physio.id, ny('10:00'), { agent: s.nurse, patient: s.otherPatient }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(new Set(answers.map((r) => r.json().resourceId))).toEqual(new Set([a.id, b.id]));
  });
});

describe('a room lost to another booking in the database', () => {
  it('passes to the next candidate in a savepoint, and says what is missing when none is left', async () => {
    const physio = await addPhysio();
    const a = await addRoom({ name: 'Room A' });
    const b = await addRoom({ name: 'Room B' });
    const row = (resourceId: string, agentId: string, patientId: string, token: string) =>
      physioRow(physio.id, { resourceId, agentId, patientId, token });
    await env.db.insert(t.appointments).values(row(a.id, s.nurse.id, s.otherPatient.id, 'raced-1'));
    const missing = () => conflict('No treatment room is free at that time.');
    const won = await env.db.transaction((tx) =>
      writeWithResource(tx, { candidates: [a.id, b.id], missing }, async (db, resourceId) => {
        const [inserted] = await db
          .insert(t.appointments)
          .values(row(resourceId!, s.provider.id, s.patient.id, 'raced-2'))
          .returning({ resourceId: t.appointments.resourceId });
        return inserted!;
      }),
    );
    expect(won).toEqual({ resourceId: b.id });
    // A third provider, free then: both rooms are lost.
    const third = await createSignInUser(env.db, { role: 'provider', clinicIds: [s.clinic.id] });
    await expect(
      env.db.transaction((tx) =>
        writeWithResource(tx, { candidates: [a.id, b.id], missing }, async (db, resourceId) => {
          await db
            .insert(t.appointments)
            .values(row(resourceId!, third.id, s.otherPatient.id, 'raced-3'));
        }),
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'No treatment room is free at that time.',
    });
    expect(await countBooked()).toBe(2);
  });
});

describe('a new appointment’s room, without a savepoint', () => {
  it('skips a room another booking took, says what is missing when none is left, and names the provider’s own conflict', async () => {
    const physio = await addPhysio();
    const a = await addRoom({ name: 'Room A' });
    const b = await addRoom({ name: 'Room B' });
    const row = (
      resourceId: string | null,
      agentId: string,
      patientId: string,
      token: string,
      at = '10:00',
    ) => physioRow(physio.id, { resourceId, agentId, patientId, token, at });
    await env.db.insert(t.appointments).values(row(a.id, s.nurse.id, s.otherPatient.id, 'raced-1'));
    const missing = () => conflict('No treatment room is free at that time.');
    const insertFor = (agentId: string, patientId: string, token: string, at = '10:00') =>
      env.db.transaction((tx) =>
        insertWithResource(tx, { candidates: [a.id, b.id], missing }, (resourceId, skip) =>
          insertAppointment(tx, row(resourceId, agentId, patientId, token, at), skip),
        ),
      );
    expect((await insertFor(s.provider.id, s.patient.id, 'raced-2')).resourceId).toBe(b.id);
    // A third provider, free then: both rooms are lost.
    const third = await createSignInUser(env.db, { role: 'provider', clinicIds: [s.clinic.id] });
    await expect(insertFor(third.id, s.otherPatient.id, 'raced-3')).rejects.toMatchObject({
      statusCode: 409,
      message: 'No treatment room is free at that time.',
    });
    // At 14:00 both rooms are free, but a fourth provider's own time is taken by a visit without
    // a room: the database's own answer, not the rooms' (the route says the time is taken).
    const fourth = await createSignInUser(env.db, { role: 'provider', clinicIds: [s.clinic.id] });
    await env.db
      .insert(t.appointments)
      .values(row(null, fourth.id, s.otherPatient.id, 'own', '14:00'));
    const own = await insertFor(fourth.id, s.patient.id, 'raced-4', '14:00').catch(
      (err: unknown) => err,
    );
    expect(isBookingConflict(own)).toBe(true);
    expect(isResourceTaken(own)).toBe(false);
    expect(await countBooked()).toBe(3);
  });

  it('runs the booking again when a room was held online after it read the free ones', async () => {
    const physio = await addPhysio();
    const a = await addRoom({ name: 'Room A' });
    const b = await addRoom({ name: 'Room B' });
    // The nurse's online hold of Room A, committed after the booking read both rooms free.
    await env.db.insert(t.onlineBookingHolds).values({
      clinicId: s.clinic.id,
      staffId: s.nurse.id,
      startAt: new Date(ny('10:00')),
      endAt: new Date(ny('10:45')),
      duration: 45,
      serviceId: physio.id,
      bufferAfterMinutes: 15,
      resourceId: a.id,
      email: 'held@example.com',
      inbox: 'held@example.com',
      patient: { firstName: 'Ana', lastName: 'Held', phone: '555 010 1234', dob: '1980-01-01' },
      tokenHash: 'held-room-a',
      ip: '198.51.100.9',
      clientKey: '198.51.100.9',
      expiresAt: new Date(env.now().getTime() + 15 * 60_000),
    });
    const missing = () => conflict('No treatment room is free at that time.');
    const reads: string[][] = [];
    const booked = await retryOnDeadlock(() =>
      env.db.transaction(async (tx) => {
        // The first run read before the hold (both rooms); the next one reads after it.
        const candidates = reads.length === 0 ? [a.id, b.id] : [b.id];
        reads.push(candidates);
        return insertWithResource(tx, { candidates, missing }, (resourceId, skip) =>
          insertAppointment(
            tx,
            physioRow(physio.id, {
              resourceId,
              agentId: s.provider.id,
              patientId: s.patient.id,
              token: 'after-hold',
            }),
            skip,
          ),
        );
      }),
    );
    expect(reads).toEqual([[a.id, b.id], [b.id]]);
    expect(booked.resourceId).toBe(b.id);
    expect(await countBooked()).toBe(1);
  });
});

describe('other booking paths take rooms', () => {
  it('a series takes a room for each visit, another when its first is busy, and names a date with none', async () => {
    const physio = await addPhysio();
    const a = await addRoom({ name: 'Room A' });
    const b = await addRoom({ name: 'Room B' });
    const second = ny('10:00', '2026-12-01');
    expect(
      (await book(physio.id, second, { agent: s.nurse, patient: s.otherPatient })).json()
        .resourceId,
    ).toBe(a.id);
    const seriesBody = (start: string) => ({
      ...createBody(s, start, { serviceId: physio.id, duration: undefined }),
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3', dtstart: start },
    });
    const res = await staff.post('/api/appointments/series', seriesBody(ny('10:00')));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created.map((v: { resourceId: string }) => v.resourceId)).toEqual([
      a.id,
      b.id,
      a.id,
    ]);

    // Both rooms busy on 1 December at 12:00 for the nurse's second series: refused, naming it.
    await book(physio.id, ny('12:00', '2026-12-01'), {
      agent: s.provider,
      patient: s.otherPatient,
    });
    await env.db
      .update(t.resources)
      .set({ archivedAt: new Date() })
      .where(eq(t.resources.id, b.id));
    const refused = await staff.post('/api/appointments/series', {
      ...seriesBody(ny('12:00')),
      staff: bodyAgent(s.nurse),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^No treatment room is free on .*1.*Skip that date or choose another time\.$/,
    );
    expect(await countBooked()).toBe(5);
  });

  it('an online hold takes a room that a staff booking of another provider then cannot, and the booking keeps it', async () => {
    await enableOnlineBooking(env.app, s, { agentIds: [s.provider.id] });
    const physio = await addPhysio();
    const a = await addRoom();
    const start = ny('10:00', '2026-11-25');
    // The nurse (not online) has the room from 11:00 to 12:00 with its cleaning: the page offers
    // the provider (45-minute steps from 08:00) 09:30 and 12:30, and nothing that meets it.
    const nurses = await book(physio.id, ny('11:00', '2026-11-25'), {
      agent: s.nurse,
      patient: s.otherPatient,
    });
    expect(nurses.statusCode, nurses.body).toBe(201);
    const page = await env.app.inject({
      method: 'GET',
      url: `/api/public/clinics/${s.clinic.slug}/slots?from=2026-11-25&to=2026-11-25&serviceId=${physio.id}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    const offered = (page.json().slots as Array<{ start: string }>).map((x) => x.start);
    for (const free of ['09:30', '12:30']) expect(offered).toContain(ny(free, '2026-11-25'));
    for (const near of ['10:15', '11:00', '11:45'])
      expect(offered).not.toContain(ny(near, '2026-11-25'));
    const held = await env.app.inject({
      method: 'POST',
      url: `/api/public/clinics/${s.clinic.slug}/holds`,
      payload: {
        agentId: s.provider.id,
        serviceId: physio.id,
        start,
        duration: 45,
        patient: {
          firstName: 'Mia',
          lastName: 'Okafor',
          email: 'mia.okafor@example.com',
          phone: '(555) 010-7788',
          dob: '1990-04-30',
        },
        consent: true,
      },
      remoteAddress: '198.51.100.7',
    });
    expect(held.statusCode, held.body).toBe(202);
    const [hold] = await env.db.select().from(t.onlineBookingHolds);
    expect(hold!.resourceId).toBe(a.id);
    const taken = await book(physio.id, start, { agent: s.nurse });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(
      'No treatment room is free at that time. Choose another time.',
    );
    // The public page offers the nurse no time then either: the room is held.
    const [mail] = await env.db.select().from(t.outbox).where(eq(t.outbox.kind, 'online.hold'));
    const { token } = mail!.payload as { token: string };
    const confirmed = await env.app.inject({
      method: 'POST',
      url: `/api/public/holds/${encodeURIComponent(token)}/confirm`,
      remoteAddress: '198.51.100.7',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const [appointment] = await env.db
      .select({ resourceId: t.appointments.resourceId })
      .from(t.appointments)
      .where(and(eq(t.appointments.clinicId, s.clinic.id), eq(t.appointments.source, 'online')));
    expect(appointment).toEqual({ resourceId: a.id });
  });
});
