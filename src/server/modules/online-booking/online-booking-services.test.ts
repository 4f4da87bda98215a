// Booking a service online (issue 42, ADR 044): the page lists the clinic's online services,
// asks for times per service with its lengths, buffers and providers, holds and books it with its
// buffers, and decides at confirmation whether the patient may book it. A clinic that never set
// up services books as before: its default service at the policy's lengths.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { createBody } from '../../test/scenario';
import * as t from '../../db/schema';
import { enableOnlineBooking } from '../../test/online-booking-kit';
import { createService } from '../../test/factories';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // Monday 07:00 in New York
const { s, staff } = useScenario(env);
const DAY = '2026-11-25';
/** Wall-clock hours on Wednesday 25 November 2026 in New York (UTC−5). */
const ny = (hhmm: string) => new Date(`${DAY}T${hhmm}:00-05:00`).toISOString();
const MINUTE = 60_000;
let ipCount = 0;

const enable = (changes: Record<string, unknown> = {}) =>
  enableOnlineBooking(env.app, s, { durations: [30, 60], ...changes });

const addService = (values: Partial<typeof t.services.$inferInsert> = {}) =>
  createService(env.db, s.clinic.id, {
    durations: [45],
    bufferAfterMinutes: 15,
    kind: 'in_person',
    bookableOnline: true,
    instructions: 'Wear loose clothes.',
    ...values,
  });
const defaultService = async () => {
  const [row] = await env.db
    .select()
    .from(t.services)
    .where(and(eq(t.services.clinicId, s.clinic.id), eq(t.services.isDefault, true)));
  return row!;
};

const clinicInfo = async () => {
  const res = await env.app.inject({ method: 'GET', url: `/api/public/clinics/${s.clinic.slug}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const slots = (query: string) =>
  env.app.inject({
    method: 'GET',
    url: `/api/public/clinics/${s.clinic.slug}/slots?from=${DAY}&to=${DAY}&${query}`,
  });
const startsOf = async (query: string) => {
  const res = await slots(query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().slots as Array<{ start: string }>).map((x) => x.start);
};
const hold = (email: string, over: Record<string, unknown>) =>
  env.app.inject({
    method: 'POST',
    url: `/api/public/clinics/${s.clinic.slug}/holds`,
    payload: {
      agentId: s.provider.id,
      duration: 30,
      patient: {
        firstName: 'Mia',
        lastName: 'Okafor',
        email,
        phone: '(555) 010-7788',
        dob: '1990-04-30',
      },
      consent: true,
      ...over,
    },
    remoteAddress: `198.51.100.${++ipCount}`,
  });
async function holdMail(email: string) {
  const rows = await env.db.select().from(t.outbox).where(eq(t.outbox.kind, 'online.hold'));
  const row = rows.filter((r) => (r.recipients as Array<{ email: string }>)[0]!.email === email);
  return row.at(-1)!.payload as { token: string; service?: { name: string } };
}
const confirm = (token: string) =>
  env.app.inject({
    method: 'POST',
    url: `/api/public/holds/${encodeURIComponent(token)}/confirm`,
    remoteAddress: '198.51.100.250',
  });
async function holdAndConfirm(email: string, over: Record<string, unknown>) {
  const held = await hold(email, over);
  expect(held.statusCode, held.body).toBe(202);
  return confirm((await holdMail(email)).token);
}
/** Staff book the provider at `start`, for the service named (the default when none). */
async function staffBooks(start: string, serviceId?: string) {
  const res = await staff.post(
    '/api/appointments',
    createBody(s, start, serviceId ? { serviceId, duration: undefined } : {}),
  );
  expect(res.statusCode, res.body).toBe(201);
}

describe('a clinic that never set up services', () => {
  it('offers its default service at the policy’s lengths and books it as before', async () => {
    await enable();
    const info = await clinicInfo();
    const fallback = await defaultService();
    expect(info.durations).toEqual([30, 60]);
    expect(info.services).toEqual([
      expect.objectContaining({
        id: fallback.id,
        durations: [30, 60],
        providerIds: [s.provider.id],
      }),
    ]);
    // The page from before services names none: the same times as asking for the default.
    const bare = await startsOf('duration=60');
    expect(bare.length).toBeGreaterThan(0);
    expect(await startsOf(`duration=60&serviceId=${fallback.id}`)).toEqual(bare);
    const booked = await holdAndConfirm('mia@example.com', { start: ny('10:00'), duration: 60 });
    expect(booked.statusCode, booked.body).toBe(201);
    const [row] = await env.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.startAt, new Date(ny('10:00'))));
    expect(row).toMatchObject({ serviceId: fallback.id });
    expect(row!.endAt.getTime() - row!.startAt.getTime()).toBe(60 * MINUTE);
  });
});

describe('a clinic with services online', () => {
  it('lists its active online services with kind, lengths, instructions and providers', async () => {
    await enable();
    const physio = await addService();
    await addService({ name: 'Ultrasound', bookableOnline: false });
    await addService({ name: 'Old massage', archivedAt: new Date('2026-11-01T00:00:00Z') });
    await addService({ name: 'Nurse check', offeredByAll: false, durations: [15] });
    const { services } = await clinicInfo();
    const names = services.map((x: { name: string }) => x.name);
    expect(names).toContain('Physiotherapy');
    expect(names).not.toContain('Ultrasound');
    expect(names).not.toContain('Old massage');
    expect(services.find((x: { id: string }) => x.id === physio.id)).toEqual({
      id: physio.id,
      name: 'Physiotherapy',
      kind: 'in_person',
      durations: [45],
      instructions: 'Wear loose clothes.',
      providerIds: [s.provider.id],
    });
    // Nobody online offers the nurse check: nothing to book, so it is not listed.
    expect(names).not.toContain('Nurse check');
  });

  it('offers a service’s times at its length, never where its own buffer meets a visit', async () => {
    await enable();
    const physio = await addService();
    const noBuffer = await addService({ name: 'Quick physio', bufferAfterMinutes: 0 });
    await staffBooks(ny('09:30')); // 09:30–10:00, the default service
    const res = await slots(`serviceId=${physio.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().duration).toBe(45);
    const offered = res.json().slots as Array<{ start: string; end: string }>;
    expect(offered.length).toBeGreaterThan(0);
    for (const slot of offered) {
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(45 * MINUTE);
      // Blocked until 15 minutes after its end: never into the 09:30 visit.
      const blockedEnd = Date.parse(slot.end) + 15 * MINUTE;
      const meets =
        Date.parse(slot.start) < Date.parse(ny('10:00')) && blockedEnd > Date.parse(ny('09:30'));
      expect(meets, slot.start).toBe(false);
    }
    // 08:45–09:30 is free for a visit without a buffer; with 15 minutes after, it is not.
    expect(offered.map((x) => x.start)).toContain(ny('08:00'));
    expect(offered.map((x) => x.start)).not.toContain(ny('08:45'));
    expect(await startsOf(`serviceId=${noBuffer.id}`)).toContain(ny('08:45'));
    const refused = await hold('buffer@example.com', {
      serviceId: physio.id,
      start: ny('08:45'),
      duration: 45,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    const accepted = await hold('nobuffer@example.com', {
      serviceId: noBuffer.id,
      start: ny('08:45'),
      duration: 45,
    });
    expect(accepted.statusCode, accepted.body).toBe(202);
  });

  it('does not offer or hold a time inside a neighbour’s buffer', async () => {
    await enable();
    const physio = await addService();
    await staffBooks(ny('13:00'), physio.id); // 13:00–13:45, blocked until 14:00
    const starts = await startsOf('duration=30');
    expect(starts).not.toContain(ny('13:45'));
    expect(starts).toContain(ny('14:00'));
    const refused = await hold('neighbour@example.com', { start: ny('13:45') });
    expect(refused.statusCode, refused.body).toBe(409);
    const accepted = await hold('after@example.com', { start: ny('14:00') });
    expect(accepted.statusCode, accepted.body).toBe(202);
  });

  it('holds and books the service with its buffers, and the e-mail names it', async () => {
    await enable();
    const physio = await addService({ bufferBeforeMinutes: 5 });
    const held = await hold('physio@example.com', {
      serviceId: physio.id,
      start: ny('11:00'),
      duration: 45,
    });
    expect(held.statusCode, held.body).toBe(202);
    const [holdRow] = await env.db
      .select()
      .from(t.onlineBookingHolds)
      .where(eq(t.onlineBookingHolds.email, 'physio@example.com'));
    expect(holdRow).toMatchObject({
      serviceId: physio.id,
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 15,
    });
    const mail = await holdMail('physio@example.com');
    expect(mail.service).toEqual({ name: 'Physiotherapy' });
    // The held buffer keeps the next time free for it: 11:45 is not offered while it holds.
    expect(await startsOf('duration=30')).not.toContain(ny('11:45'));
    const booked = await confirm(mail.token);
    expect(booked.statusCode, booked.body).toBe(201);
    const [row] = await env.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.startAt, new Date(ny('11:00'))));
    expect(row).toMatchObject({
      serviceId: physio.id,
      bufferBeforeMinutes: 5,
      bufferAfterMinutes: 15,
    });
    expect(row!.endAt.toISOString()).toBe(ny('11:45'));
  });

  it('refuses a length the service does not have', async () => {
    await enable();
    const physio = await addService();
    expect((await slots(`serviceId=${physio.id}&duration=30`)).statusCode).toBe(400);
    const res = await hold('length@example.com', {
      serviceId: physio.id,
      start: ny('11:00'),
      duration: 30,
    });
    expect(res.statusCode, res.body).toBe(422);
  });
});

describe('who may book a service online, decided at confirmation', () => {
  it('refuses a known patient a service for new patients, politely', async () => {
    await enable({ agentIds: [s.provider.id] });
    const firstVisit = await addService({ name: 'First consultation', patientsAllowed: 'new' });
    const res = await holdAndConfirm(s.patient.email!, {
      serviceId: firstVisit.id,
      start: ny('11:00'),
      duration: 45,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(/only by new patients.*the clinic to book it\.$/);
    const rows = await env.db
      .select()
      .from(t.appointments)
      .where(eq(t.appointments.serviceId, firstVisit.id));
    expect(rows).toHaveLength(0);
    // A new patient books it.
    const fresh = await holdAndConfirm('new.patient@example.com', {
      serviceId: firstVisit.id,
      start: ny('14:00'),
      duration: 45,
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
  });

  it('refuses a new patient a service for the clinic’s own patients, and keeps no record', async () => {
    await enable();
    const followUp = await addService({ name: 'Follow-up', patientsAllowed: 'existing' });
    const res = await holdAndConfirm('stranger@example.com', {
      serviceId: followUp.id,
      start: ny('11:00'),
      duration: 45,
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toMatch(
      /only by the clinic’s own patients.*the clinic to book it\.$/,
    );
    const made = await env.db
      .select()
      .from(t.patients)
      .where(eq(t.patients.email, 'stranger@example.com'));
    expect(made).toHaveLength(0);
    const known = await holdAndConfirm(s.patient.email!, {
      serviceId: followUp.id,
      start: ny('14:00'),
      duration: 45,
    });
    expect(known.statusCode, known.body).toBe(201);
  });
});

describe('a service that cannot be booked online', () => {
  it('is refused like a time that is not free, whatever the reason', async () => {
    await enable();
    const offline = await addService({ name: 'Ultrasound', bookableOnline: false });
    const archived = await addService({
      name: 'Old massage',
      archivedAt: new Date('2026-11-01T00:00:00Z'),
    });
    const foreign = await createService(env.db, s.foreign.id, {
      name: 'Elsewhere',
      bookableOnline: true,
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const notFree = await hold('taken@example.com', { start: ny('08:00'), duration: 30 });
    expect(notFree.statusCode, notFree.body).toBe(202);
    const takenTime = await hold('late@example.com', { start: ny('08:00') });
    const answers = new Set<string>();
    for (const id of [offline.id, archived.id, foreign.id, unknown]) {
      const slotRes = await slots(`serviceId=${id}`);
      expect(slotRes.statusCode).toBe(400);
      answers.add(slotRes.body);
      const res = await hold(`${id}@example.com`, {
        serviceId: id,
        start: ny('15:00'),
        duration: 30,
      });
      expect(res.statusCode).toBe(takenTime.statusCode);
      answers.add(res.body);
    }
    // One answer for slots and one for holds, the latter the same as for a taken time.
    expect(answers.size).toBe(2);
    expect(answers).toContain(takenTime.body);
  });
});
