// Booking a service (issue 42, ADR 044): its lengths and who offers it are checked, its buffers
// are stored on the appointment and kept free by the exclusion constraint, so no path books into
// a buffer, and the slots offered are exactly what the database accepts.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { bodyAgent, bookThroughApi, createBody } from '../../test/scenario';
import * as t from '../../db/schema';
import { createResource, createService } from '../../test/factories';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // Monday 07:00 in New York
const { s, staff } = useScenario(env);
const DAY = '2026-11-24';
/** 10:00 on Tuesday in New York: inside everyone's hours. */
const TEN = '2026-11-24T15:00:00.000Z';
const at = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

const addService = (values: Partial<typeof t.services.$inferInsert> = {}) =>
  createService(env.db, s.clinic.id, {
    durations: [45, 60],
    bufferAfterMinutes: 15,
    kind: 'in_person',
    ...values,
  });

const bookService = (
  serviceId: string | undefined,
  start: string,
  over: Record<string, unknown> = {},
) =>
  staff.post(
    '/api/appointments',
    createBody(s, start, { serviceId, duration: undefined, ...over }),
  );

async function slotStarts(query: string): Promise<string[]> {
  const res = await staff.get(`/api/clinics/${s.clinic.slug}/slots?from=${DAY}&to=${DAY}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().slots as Array<{ startTime: string }>).map((slot) => slot.startTime);
}

describe('booking a service', () => {
  it('books its first length and keeps its buffers on the appointment', async () => {
    const physio = await addService();
    const res = await bookService(physio.id, TEN);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ serviceId: physio.id, duration: 45 });
    const [row] = await env.db
      .select({
        serviceId: t.appointments.serviceId,
        end: t.appointments.endAt,
        before: t.appointments.bufferBeforeMinutes,
        after: t.appointments.bufferAfterMinutes,
      })
      .from(t.appointments)
      .where(eq(t.appointments.id, res.json()._id));
    expect(row).toEqual({ serviceId: physio.id, end: new Date(at(TEN, 45)), before: 0, after: 15 });
  });

  it('books the spec’s body without a service as the clinic’s default, at any length', async () => {
    const res = await bookThroughApi(staff, s, TEN, { duration: 20 });
    const [service] = await env.db
      .select()
      .from(t.services)
      .where(eq(t.services.id, res.serviceId!));
    expect(service).toMatchObject({ clinicId: s.clinic.id, isDefault: true });
    expect(res.duration).toBe(20);
  });

  it('refuses a length the service does not take, in words that name its lengths', async () => {
    const physio = await addService();
    const res = await bookService(physio.id, TEN, { duration: 30 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Physiotherapy with the chosen provider takes 45 or 60 minutes.',
    );
  });

  it('refuses an agent who does not offer it, and an agent’s own length wins', async () => {
    const physio = await addService({ offeredByAll: false });
    await env.db
      .insert(t.serviceAgents)
      .values({ serviceId: physio.id, agentId: s.nurse.id, durationMinutes: 30 });
    const refused = await bookService(physio.id, TEN);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'The chosen provider does not offer Physiotherapy. Pick another provider or service.',
    );
    const booked = await bookService(physio.id, TEN, { staff: bodyAgent(s.nurse) });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(booked.json().duration).toBe(30);
  });

  it('refuses another clinic’s service and an archived one in words that reveal nothing', async () => {
    const foreign = await addService({ clinicId: s.foreign.id });
    const archived = await addService({ name: 'Old massage', archivedAt: new Date() });
    const other = await bookService(foreign.id, TEN);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(
      'This service is not offered at this clinic. Pick one of its services.',
    );
    const old = await bookService(archived.id, TEN);
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toMatch(/no longer offered/);
    expect(await env.db.$count(t.appointments, eq(t.appointments.clinicId, s.clinic.id))).toBe(0);
  });

  it('never books into a buffer: the check refuses first, and the database would too', async () => {
    const physio = await addService();
    expect((await bookService(physio.id, TEN)).statusCode).toBe(201);
    // 10:45 is free for the visit but inside the first visit's 15 minutes after: edited by hand.
    const close = await staff.post(
      '/api/appointments',
      createBody(s, at(TEN, 50), { duration: 30 }),
    );
    expect(close.statusCode).toBe(409);
    // Straight into the table, past every check: the exclusion constraint refuses it.
    await expect(
      env.db.insert(t.appointments).values({
        clinicId: s.clinic.id,
        patientId: s.otherPatient.id,
        staffId: s.provider.id,
        startAt: new Date(at(TEN, 55)),
        endAt: new Date(at(TEN, 85)),
        duration: 30,
        token: 'buffer-test-token',
      }),
    ).rejects.toMatchObject({ cause: { code: '23P01' } });
    // Right after the buffer is free.
    await bookThroughApi(staff, s, at(TEN, 60), { duration: 30 });
  });

  it('offers only times whose buffers are free, and every offered time books', async () => {
    const physio = await addService({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });
    expect((await bookService(physio.id, TEN)).statusCode).toBe(201); // 10:00–10:45, blocks 09:50–11:00
    const starts = await slotStarts(`serviceId=${physio.id}&agentId=${s.provider.id}`);
    // 45-minute steps from 08:00; each new visit's own 10 minutes before and 15 after must clear
    // 09:50–11:00 too: 09:30 would keep 10:15–10:30 after, 11:00 would need 10:50–11:00 before.
    expect(starts).toContain('2026-11-24T13:45:00.000Z'); // 08:45
    expect(starts).not.toContain('2026-11-24T14:30:00.000Z'); // 09:30
    expect(starts).not.toContain('2026-11-24T15:15:00.000Z'); // 10:15
    expect(starts).not.toContain('2026-11-24T16:00:00.000Z'); // 11:00
    expect(starts).toContain('2026-11-24T16:45:00.000Z'); // 11:45
    for (const start of starts) {
      // Each offered time, as the constraint judges it, in a transaction undone afterwards.
      const accepted = await env.db
        .transaction(async (tx) => {
          await tx.insert(t.appointments).values({
            clinicId: s.clinic.id,
            patientId: s.otherPatient.id,
            staffId: s.provider.id,
            startAt: new Date(start),
            endAt: new Date(at(start, 45)),
            duration: 45,
            token: `probe-${start}`,
            serviceId: physio.id,
            bufferBeforeMinutes: 10,
            bufferAfterMinutes: 15,
          });
          throw new Error('undo');
        })
        .catch((err: Error & { cause?: { code?: string } }) => err.cause?.code ?? err.message);
      expect(accepted, start).toBe('undo');
    }
    expect(starts.length).toBeGreaterThan(0);
  });

  it('lets one of two bookings win when only their buffers collide, on every run', async () => {
    const physio = await addService();
    // 10:00–10:45 keeps 15 minutes after; 10:50 starts inside them. Both ask at once.
    const [first, second] = await Promise.all([
      bookService(physio.id, TEN),
      staff.post('/api/appointments', createBody(s, at(TEN, 50), { duration: 30 })),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([201, 409]);
    expect(await env.db.$count(t.appointments, eq(t.appointments.clinicId, s.clinic.id))).toBe(1);
  });

  it('keeps an appointment’s buffers when it is moved', async () => {
    const physio = await addService();
    const booked = (await bookService(physio.id, TEN)).json();
    await bookThroughApi(staff, s, at(TEN, 120), { duration: 30 });
    // Moving the physio visit to end at 11:55 would leave 5 of its 15 minutes before 12:00.
    const moved = await staff.put(`/api/appointments/${booked._id}`, {
      date: at(TEN, 70),
      staff: bodyAgent(s.provider),
    });
    expect(moved.statusCode).toBe(409);
    const fine = await staff.put(`/api/appointments/${booked._id}`, {
      date: at(TEN, 60),
      staff: bodyAgent(s.provider),
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json()).toMatchObject({ serviceId: physio.id, duration: 45 });
  });
});

describe('waiting for a service', () => {
  const entry = (over: Record<string, unknown>) =>
    staff.post('/api/waitlist', {
      clinic: s.clinic.slug,
      patientId: s.patient.id,
      providerId: null,
      duration: 45,
      windowFrom: '2026-11-23',
      windowTo: '2026-12-31',
      ...over,
    });

  it('refuses a length the service does not take and another clinic’s service', async () => {
    const physio = await addService();
    const wrong = await entry({ serviceId: physio.id, duration: 30 });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('Physiotherapy takes 45 or 60 minutes.');
    const foreign = await addService({ clinicId: s.foreign.id });
    expect((await entry({ serviceId: foreign.id })).statusCode).toBe(422);
  });

  /** Someone else's 45 minutes at 10:00, booked then cancelled: the freed time is offered. */
  async function freeTenOClock() {
    const other = await bookThroughApi(staff, s, TEN, {
      duration: 45,
      patient: { ...createBody(s, TEN).patient, id: s.otherPatient.id },
    });
    const cancelled = await staff.post(`/api/appointments/${other._id}?action=cancel`, {
      reason: 'Feeling better',
    });
    expect(cancelled.statusCode).toBe(200);
  }

  it('offers a freed time only where the service’s buffers fit beside the next booking', async () => {
    const physio = await addService();
    expect((await entry({ serviceId: physio.id })).statusCode).toBe(201);
    // The next visit starts at 10:45: 45 minutes of physio fit from 10:00, its 15 minutes after
    // do not, so the freed 10:00–10:45 is not offered to this patient.
    // (Another patient's: a waiting patient booked in their window leaves the list.)
    await bookThroughApi(staff, s, at(TEN, 45), {
      duration: 30,
      patient: { ...createBody(s, TEN).patient, id: s.otherPatient.id },
    });
    await freeTenOClock();
    expect(await env.db.select().from(t.waitlistOffers)).toEqual([]);
  });

  it('offers a freed time only where a room the service needs is free then', async () => {
    const room = await createResource(env.db, s.clinic.id);
    const physio = await addService({ resourceCategory: 'Treatment room' });
    expect((await entry({ serviceId: physio.id })).statusCode).toBe(201);
    // The nurse's visit holds the clinic's only treatment room from 10:00 to 11:00.
    const [roomTaken] = await env.db
      .insert(t.appointments)
      .values({
        clinicId: s.clinic.id,
        patientId: s.otherPatient.id,
        staffId: s.nurse.id,
        startAt: new Date(TEN),
        endAt: new Date(at(TEN, 60)),
        duration: 60,
        token: 'room-taken-token-0123456789abcdef',
        resourceId: room.id,
      })
      .returning();
    await freeTenOClock();
    expect(await env.db.select().from(t.waitlistOffers)).toEqual([]);
    // Once the room is free again, the next freed time is offered.
    await env.db
      .update(t.appointments)
      .set({ status: 'CANCELLED' })
      .where(eq(t.appointments.id, roomTaken!.id));
    await freeTenOClock();
    const [offer] = await env.db.select().from(t.waitlistOffers);
    expect(offer).toMatchObject({ startAt: new Date(TEN) });
  });

  it('offers a freed time only to patients waiting for a service its provider offers', async () => {
    const physio = await addService({ offeredByAll: false });
    await env.db.insert(t.serviceAgents).values({ serviceId: physio.id, agentId: s.nurse.id });
    expect((await entry({ serviceId: physio.id })).statusCode).toBe(201);
    await freeTenOClock();
    expect(await env.db.select().from(t.waitlistOffers)).toEqual([]);
  });

  it('books an accepted offer as the service waited for, with its buffers', async () => {
    const physio = await addService();
    const waiting = await entry({ serviceId: physio.id });
    expect(waiting.statusCode, waiting.body).toBe(201);
    expect(waiting.json().serviceId).toBe(physio.id);
    await freeTenOClock();
    const [offer] = await env.db.select().from(t.waitlistOffers);
    const accepted = await env.app.inject({
      method: 'POST',
      url: `/api/offers/${offer!.token}/accept`,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [booked] = await env.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.patientId, s.patient.id));
    expect(booked).toMatchObject({
      serviceId: physio.id,
      duration: 45,
      bufferAfterMinutes: 15,
      startAt: new Date(TEN),
    });
  });
});
