import { describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import { useScenario, useTestApp } from '../../test/test-app';
import { apiAs } from '../../test/api-client';
import { bookThroughApi, createBody, waitlistEntryBody } from '../../test/scenario';
import { createPatient } from '../../test/factories';
import * as t from '../../db/schema';
import { expireDueOffers } from './offer-expiry';
import { OFFER_EXPIRED_MESSAGE, OFFER_NOT_FOUND, OFFER_TAKEN_MESSAGE } from './offer-answers';
import { NOT_A_VALID_LINK, VISIT_LINK_EXPIRED } from '@contracts/session';
import { PATIENT_SENTENCES } from '../../core/patient-sentences';

const env = useTestApp({ now: '2026-11-23T12:00:00Z' }); // Monday 07:00 in New York
const { s, staff, admin } = useScenario(env, 'admin');
const TUESDAY_10AM = '2026-11-24T15:00:00.000Z';

const entryBody = (overrides: Record<string, unknown> = {}) => waitlistEntryBody(s, overrides);

async function addEntry(overrides: Record<string, unknown> = {}) {
  const res = await staff.post('/api/waitlist', entryBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; status: string; history: Array<{ type: string }> };
}

async function newPatient(firstName: string) {
  return createPatient(env.db, s.clinic.id, {
    firstName,
    lastName: 'Waiter',
    email: `${firstName.toLowerCase()}@example.com`,
  });
}

/** The other patient as a booking names them. */
const otherPatientRef = () => ({
  id: s.otherPatient.id,
  name: 'Anna Smith',
  email: s.otherPatient.email,
  phone: null,
  clinic: s.clinic.slug,
});

/** Books with the other patient and cancels, freeing the time. */
async function bookAndCancel(start = TUESDAY_10AM, overrides: Record<string, unknown> = {}) {
  const { _id: id } = await bookThroughApi(staff, s, start, {
    patient: otherPatientRef(),
    ...overrides,
  });
  const cancelled = await staff.post(`/api/appointments/${id}?action=cancel`, {
    reason: 'Feeling better',
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  return id;
}

const offers = () => env.db.select().from(t.waitlistOffers).orderBy(t.waitlistOffers.createdAt);
const offerOf = async (entryId: string) => (await offers()).filter((o) => o.entryId === entryId);
const offerMessages = () =>
  env.db.select().from(t.outbox).where(eq(t.outbox.kind, 'waitlist.offer'));
const appointmentsOf = (patientId: string) =>
  env.db
    .select()
    .from(t.appointments)
    .where(and(eq(t.appointments.patientId, patientId), ne(t.appointments.status, 'CANCELLED')));

async function setPolicy(offersAtOnce: number, holdMinutes = 120) {
  await env.db
    .update(t.clinics)
    .set({ waitlistOffersAtOnce: offersAtOnce, waitlistOfferHoldMinutes: holdMinutes })
    .where(eq(t.clinics.id, s.clinic.id));
}

describe('the waitlist API', () => {
  it('adds, lists with counts, edits and removes an entry, with its history', async () => {
    const entry = await addEntry({
      priority: 'urgent',
      weekdays: [2, 2, 4],
      timesOfDay: ['morning'],
    });
    expect(entry).toMatchObject({
      status: 'waiting',
      expired: false,
      priority: 'urgent',
      weekdays: [2, 4],
      timesOfDay: ['morning'],
      patient: { id: s.patient.id, name: 'José Núñez' },
      provider: null,
      history: [{ type: 'ADDED', by: s.staff.name }],
    });
    const list = await staff.get('/api/waitlist');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      data: [{ id: entry.id }],
      counts: { active: 1, expired: 0, booked: 0, removed: 0, all: 1 },
    });

    const edited = await staff.put(
      `/api/waitlist/${entry.id}`,
      entryBody({ providerId: s.provider.id, duration: 45 }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ duration: 45, provider: { id: s.provider.id } });

    const removed = await staff.call('DELETE', `/api/waitlist/${entry.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().status).toBe('removed');
    expect(removed.json().history.map((h: { type: string }) => h.type)).toEqual([
      'ADDED',
      'UPDATED',
      'REMOVED',
    ]);
    const after = await staff.get('/api/waitlist?status=removed');
    expect(after.json().counts).toMatchObject({ active: 0, removed: 1 });
    expect((await staff.call('DELETE', `/api/waitlist/${entry.id}`)).statusCode).toBe(409);
    const audit = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.entityType, 'waitlist_entry'));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['create', 'update', 'remove']),
    );
  });

  it('moves an entry past its window out of the active list by itself', async () => {
    await addEntry({ windowFrom: '2026-11-20', windowTo: '2026-11-25' });
    expect((await staff.get('/api/waitlist')).json().counts).toMatchObject({ active: 1 });
    // 2026-11-26 05:00 in New York: the 25th has passed there.
    env.setNow('2026-11-26T10:00:00Z');
    const list = (await signedIn().then((api) => api.get('/api/waitlist'))).json();
    expect(list.counts).toMatchObject({ active: 0, expired: 1 });
    expect(list.data).toEqual([]);
  });

  it.each([
    [
      'a window that ends before it starts',
      { windowFrom: '2026-12-02', windowTo: '2026-12-01' },
      400,
    ],
    ['a weekday out of range', { weekdays: [7] }, 400],
    ['an unknown time of day', { timesOfDay: ['night'] }, 400],
    ['another clinic’s patient', { patientId: '00000000-0000-4000-8000-000000000001' }, 404],
    [
      'a provider of no clinic of ours',
      { providerId: '00000000-0000-4000-8000-000000000002' },
      422,
    ],
  ])('refuses %s in the error shape', async (_, overrides, status) => {
    const res = await staff.post('/api/waitlist', entryBody(overrides));
    expect(res.statusCode).toBe(status);
    expect(Object.keys(res.json())).toEqual(expect.arrayContaining(['error', 'message']));
  });

  it('refuses another clinic’s patient by their real id', async () => {
    const res = await staff.post('/api/waitlist', entryBody({ patientId: s.foreignPatient.id }));
    expect(res.statusCode).toBe(404);
  });
});

describe('offers of freed time', () => {
  it('counts on a provider’s dashboard only the open offers of their own time', async () => {
    await addEntry();
    await bookAndCancel();
    expect(await offers()).toMatchObject([{ status: 'open' }]);
    const summary = async (email: string) =>
      (await (await apiAs(env.app, email)).get('/api/waitlist/summary')).json();
    // The freed time was the provider's: theirs to count, not the nurse's.
    expect(await summary(s.provider.email)).toEqual({ openOffers: 1, filledThisMonth: 0 });
    expect(await summary(s.nurse.email)).toEqual({ openOffers: 0, filledThisMonth: 0 });
    // The front desk sees the clinic's.
    expect(await summary(s.staff.email)).toEqual({ openOffers: 1, filledThisMonth: 0 });
  });

  it('a cancellation offers the time to the matching entry by e-mail, with history and audit', async () => {
    const entry = await addEntry();
    const appointmentId = await bookAndCancel();
    const [offer, ...more] = await offerOf(entry.id);
    expect(more).toEqual([]);
    expect(offer).toMatchObject({
      status: 'open',
      startAt: new Date(TUESDAY_10AM),
      endAt: new Date('2026-11-24T15:30:00Z'),
      expiresAt: new Date('2026-11-23T14:00:00Z'), // two hours' hold
    });
    expect(offer!.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [message] = await offerMessages();
    expect(message).toMatchObject({ status: 'pending', appointmentId: null });
    expect(message!.recipients).toEqual([
      { email: s.patient.email, name: 'José Núñez', role: 'patient' },
    ]);
    expect(message!.payload).toMatchObject({ token: offer!.token, start: TUESDAY_10AM });

    const detail = (await staff.get(`/api/waitlist/${entry.id}`)).json();
    expect(detail.history.map((h: { type: string }) => h.type)).toEqual(['ADDED', 'OFFERED']);
    expect(detail.openOffer).toMatchObject({ status: 'open', start: TUESDAY_10AM });
    const seen = (await staff.get(`/api/waitlist/appointments/${appointmentId}/offers`)).json();
    expect(seen).toMatchObject([{ status: 'open', patient: { name: 'José Núñez' } }]);
    const audit = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'offer'));
    expect(audit).toMatchObject([{ entityId: entry.id, patientId: s.patient.id }]);
  });

  it('writes the offer e-mail in the patient’s language, else the clinic’s (issue 44)', async () => {
    await env.db
      .update(t.patients)
      .set({ preferredLanguage: 'es' })
      .where(eq(t.patients.id, s.patient.id));
    await env.db
      .update(t.clinics)
      .set({ defaultLanguage: 'fr' })
      .where(eq(t.clinics.id, s.clinic.id));
    await addEntry();
    await bookAndCancel();
    const [message] = await offerMessages();
    const shown = async () => {
      const res = await admin.get(`/api/admin/outbox/${message!.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { mails: Array<{ subject: string; text: string }> }).mails[0]!;
    };
    const spanish = await shown();
    expect(spanish.subject).toBe(
      `Hay una hora libre para usted el martes, 24 de noviembre de 2026 — ${s.clinic.name}`,
    );
    expect(spanish.text).toContain(
      'Cuándo: martes, 24 de noviembre de 2026, 10:00 – 10:30 (hora oriental)',
    );
    // Without a language on the record, the clinic's default.
    await env.db
      .update(t.patients)
      .set({ preferredLanguage: null })
      .where(eq(t.patients.id, s.patient.id));
    expect((await shown()).subject).toMatch(/^Un horaire est libre pour vous le mardi 24 novembre/);
  });

  it('offers only to entries the time suits: provider, duration, window, weekday, time of day', async () => {
    const suits = [
      await addEntry({ providerId: s.provider.id }),
      await addEntry({ providerId: null, patientId: (await newPatient('Any')).id }),
    ];
    const unsuited = [
      await addEntry({ providerId: s.nurse.id, patientId: (await newPatient('Nurse')).id }),
      await addEntry({ duration: 45, patientId: (await newPatient('Long')).id }),
      await addEntry({
        windowFrom: '2026-11-25',
        windowTo: '2026-12-31',
        patientId: (await newPatient('Later')).id,
      }),
      await addEntry({ weekdays: [1, 3], patientId: (await newPatient('Weekday')).id }),
      await addEntry({ timesOfDay: ['afternoon'], patientId: (await newPatient('Noon')).id }),
    ];
    await setPolicy(10);
    await bookAndCancel();
    const offered = new Set((await offers()).map((o) => o.entryId));
    expect([...offered].sort()).toEqual(suits.map((e) => e.id).sort());
    for (const e of unsuited) expect(offered.has(e.id)).toBe(false);
  });

  it('reads weekdays and times of day on the clinic’s clock, not UTC', async () => {
    // Tuesday 19:00 in New York is Wednesday 00:00 UTC.
    const evening = await addEntry({ weekdays: [2], timesOfDay: ['evening'] });
    await env.db
      .update(t.schedules)
      .set({
        weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '21:00' })),
      })
      .where(eq(t.schedules.agentId, s.provider.id));
    await bookAndCancel('2026-11-25T00:00:00.000Z');
    expect(await offerOf(evening.id)).toHaveLength(1);
  });

  it('offers urgent first, then the oldest, a clinic-set number at a time', async () => {
    const oldest = await addEntry();
    env.advance(60_000);
    const newer = await addEntry({ patientId: (await newPatient('Newer')).id });
    env.advance(60_000);
    const urgent = await addEntry({
      priority: 'urgent',
      patientId: (await newPatient('Urgent')).id,
    });
    await bookAndCancel();
    expect((await offers()).map((o) => o.entryId)).toEqual([urgent.id]);

    await setPolicy(2);
    await bookAndCancel('2026-11-24T16:00:00.000Z');
    const second = (await offers()).filter(
      (o) => +o.startAt === Date.parse('2026-11-24T16:00:00Z'),
    );
    // The urgent entry holds an open offer already: the next two in line get this one.
    expect(second.map((o) => o.entryId).sort()).toEqual([oldest.id, newer.id].sort());
  });

  it('two cancellations at once both succeed, and the entry holds one offer', async () => {
    const entry = await addEntry();
    const ids: string[] = [];
    for (const start of [TUESDAY_10AM, '2026-11-24T17:00:00.000Z']) {
      const booked = await staff.post(
        '/api/appointments',
        createBody(s, start, {
          patient: otherPatientRef(),
        }),
      );
      ids.push(booked.json()._id);
    }
    const answers = await Promise.all(
      ids.map((id) => staff.post(`/api/appointments/${id}?action=cancel`, { reason: 'Away' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await offerOf(entry.id)).filter((o) => o.status === 'open')).toHaveLength(1);
  });

  it('a reschedule away offers the old time', async () => {
    const entry = await addEntry();
    const booked = await staff.post(
      '/api/appointments',
      createBody(s, TUESDAY_10AM, {
        patient: otherPatientRef(),
      }),
    );
    const moved = await staff.put(`/api/appointments/${booked.json()._id}`, {
      date: '2026-11-25T15:00:00.000Z',
      staff: { id: s.provider.id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await offerOf(entry.id)).toMatchObject([{ startAt: new Date(TUESDAY_10AM) }]);
  });

  it('a provider given extra hours offers them', async () => {
    const evening = await addEntry({ timesOfDay: ['evening'], providerId: s.provider.id });
    const admin = await apiAs(env.app, s.admin.email);
    const res = await admin.put(`/api/admin/agents/${s.provider.id}/availability`, {
      timezone: 'America/New_York',
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
      overrides: [
        { date: '2026-11-24', kind: 'hours', segments: [{ start: '18:00', end: '20:00' }] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    // Tuesday 18:00 in New York, the first of the new hours.
    expect(await offerOf(evening.id)).toMatchObject([
      { startAt: new Date('2026-11-24T23:00:00Z'), status: 'open' },
    ]);
    const [opening] = await env.db.select().from(t.waitlistOpenings);
    expect(opening).toMatchObject({ source: 'hours', sourceAppointmentId: null });
  });

  it('an expired offer passes to the next entry (controlled clock)', async () => {
    const first = await addEntry();
    env.advance(1000);
    const second = await addEntry({ patientId: (await newPatient('Second')).id });
    await bookAndCancel();
    expect(await expireDueOffers(sweepDeps())).toBe(0);
    env.advance(2 * 60 * 60_000);
    expect(await expireDueOffers(sweepDeps())).toBe(1);
    expect(await offerOf(first.id)).toMatchObject([{ status: 'expired' }]);
    expect(await offerOf(second.id)).toMatchObject([{ status: 'open' }]);
    const history = (await (await signedIn()).get(`/api/waitlist/${first.id}`)).json().history;
    expect(history.map((h: { type: string }) => h.type)).toEqual(['ADDED', 'OFFERED', 'EXPIRED']);
    expect(
      await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'expire')),
    ).toHaveLength(1);
  });

  it('an offer holds no longer than until its start, and lapses then', async () => {
    await addEntry({ windowFrom: '2026-11-23' });
    await bookAndCancel('2026-11-23T13:00:00.000Z'); // one hour from now
    const [offer] = await offers();
    expect(offer!.expiresAt).toEqual(new Date('2026-11-23T13:00:00Z'));
    env.setNow('2026-11-23T13:00:00Z');
    const res = await env.app.inject({ method: 'POST', url: `/api/offers/${offer!.token}/accept` });
    expect(res.statusCode).toBe(410);
    expect(await appointmentsOf(s.patient.id)).toEqual([]);
  });

  it('never offers a time that has already begun', async () => {
    const entry = await addEntry();
    const { offerFreedTime } = await import('./freed-time-hooks');
    await env.db.transaction(async (tx) => {
      await offerFreedTime(tx, { config: { SLOT_MIN_NOTICE_MINUTES: 0 } } as never, env.now(), {
        appointmentId: s.foreignAppointment.id,
        before: {
          clinicId: s.clinic.id,
          staffId: s.provider.id,
          startAt: new Date('2026-11-23T11:30:00Z'),
          endAt: new Date('2026-11-23T12:15:00Z'),
          status: 'BOOKED',
        },
        after: { status: 'CANCELLED' },
      });
    });
    // 12:00–12:15 is left, but a 30-minute visit does not fit in it without starting in the past.
    expect(await offerOf(entry.id)).toEqual([]);
  });

  it('a decline passes the time to the next entry', async () => {
    const first = await addEntry();
    env.advance(1000);
    const second = await addEntry({ patientId: (await newPatient('Second')).id });
    await bookAndCancel();
    const [offer] = await offerOf(first.id);
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/offers/${offer!.token}/decline`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('declined');
    expect(await offerOf(second.id)).toMatchObject([{ status: 'open' }]);
    expect((await staff.get(`/api/waitlist/${first.id}`)).json().status).toBe('waiting');
  });
});

describe('accepting an offer', () => {
  it('tells the page how to reach the clinic, and its booking page while it books online', async () => {
    await addEntry();
    await bookAndCancel();
    const [offer] = await offers();
    await env.db
      .update(t.clinics)
      .set({
        phone: '(555) 010-2030',
        address: '118 Riverside Drive',
        onlineBookingEnabled: true,
        onlineBookingAgentIds: [s.provider.id],
      })
      .where(eq(t.clinics.id, s.clinic.id));
    const page = await env.app.inject({ method: 'GET', url: `/api/offers/${offer!.token}` });
    expect(page.json().reach).toEqual({
      phone: '(555) 010-2030',
      address: '118 Riverside Drive',
      bookOnlinePath: `/book-online/${s.clinic.slug}`,
    });
  });

  it('books the time for the patient, takes the entry off the list and tells the page', async () => {
    const entry = await addEntry();
    const appointmentId = await bookAndCancel();
    const [offer] = await offers();
    const page = await env.app.inject({ method: 'GET', url: `/api/offers/${offer!.token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      status: 'open',
      start: TUESDAY_10AM,
      end: '2026-11-24T15:30:00.000Z',
      durationMinutes: 30,
      expiresAt: '2026-11-23T14:00:00.000Z',
      clinic: { name: s.clinic.name, timezone: 'America/New_York' },
      // The clinic gave no phone or address and does not book online: nothing is made up.
      reach: { phone: null, address: null, bookOnlinePath: null },
      provider: { name: s.provider.name },
      sessionToken: null,
      // The page's language: the patient's record names none, the clinic's is English.
      language: { preferred: null, clinicDefault: 'en' },
    });
    const res = await env.app.inject({ method: 'POST', url: `/api/offers/${offer!.token}/accept` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('accepted');
    const [booked] = await appointmentsOf(s.patient.id);
    expect(booked).toMatchObject({
      startAt: new Date(TUESDAY_10AM),
      staffId: s.provider.id,
      status: 'BOOKED',
    });
    expect(res.json().sessionToken).toBe(booked!.token);
    const history = (await staff.get(`/api/waitlist/${entry.id}`)).json().history;
    expect(history.map((h: { type: string; by: string }) => [h.type, h.by])).toEqual([
      ['ADDED', s.staff.name],
      ['OFFERED', 'Waitlist'],
      ['ACCEPTED', 'Patient'],
      ['BOOKED', 'Patient'],
    ]);
    const events = await env.db
      .select()
      .from(t.appointmentEvents)
      .where(eq(t.appointmentEvents.appointmentId, booked!.id));
    expect(events).toMatchObject([{ type: 'BOOKED', byName: 'Patient', byUserId: null }]);
    const detail = (await staff.get(`/api/waitlist/${entry.id}`)).json();
    expect(detail).toMatchObject({ status: 'booked', appointmentId: booked!.id, openOffer: null });
    expect((await staff.get('/api/waitlist')).json().counts).toMatchObject({
      active: 0,
      booked: 1,
    });
    const seen = (await staff.get(`/api/waitlist/appointments/${appointmentId}/offers`)).json();
    expect(seen).toMatchObject([{ status: 'accepted' }]);
    const summary = (await staff.get('/api/waitlist/summary?timezone=America/New_York')).json();
    expect(summary).toEqual({ openOffers: 0, filledThisMonth: 1 });
    // Answering again says what happened, and books nothing twice.
    const again = await env.app.inject({
      method: 'POST',
      url: `/api/offers/${offer!.token}/accept`,
    });
    expect(again.statusCode).toBe(200);
    expect(await appointmentsOf(s.patient.id)).toHaveLength(1);
  });

  it('tells subscribed systems of offers and their answers, with ids and no names', async () => {
    // An endpoint as the admins' page makes one (its address checks are the webhooks' tests').
    await env.db.insert(t.webhookEndpoints).values({
      url: 'https://billing.example.com/hooks',
      events: ['waitlist.offered', 'waitlist.declined', 'waitlist.accepted', 'waitlist.expired'],
      clinicIds: [s.clinic.id],
      secret: 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXR0ZXN0c2VjcmV0',
    });
    const first = await addEntry();
    env.advance(1000);
    const second = await addEntry({ patientId: (await newPatient('Second')).id });
    await bookAndCancel();
    const [firstOffer] = await offerOf(first.id);
    await env.app.inject({ method: 'POST', url: `/api/offers/${firstOffer!.token}/decline` });
    const [secondOffer] = await offerOf(second.id);
    await env.app.inject({ method: 'POST', url: `/api/offers/${secondOffer!.token}/accept` });

    const deliveries = await env.db
      .select()
      .from(t.webhookDeliveries)
      .orderBy(t.webhookDeliveries.id);
    expect(deliveries.map((d) => d.event)).toEqual([
      'waitlist.offered',
      'waitlist.declined',
      'waitlist.offered',
      'waitlist.accepted',
    ]);
    const accepted = deliveries[3]!.payload as { data: Record<string, unknown> };
    expect(accepted.data).toMatchObject({
      entryId: second.id,
      clinicId: s.clinic.id,
      entryStatus: 'booked',
      offeredStart: TUESDAY_10AM,
    });
    expect(accepted.data.appointmentId).toEqual(expect.any(String));
    expect(JSON.stringify(deliveries.map((d) => d.payload))).not.toMatch(
      /Second|Waiter|example\.com/,
    );
  });

  it('two acceptances at once make exactly one appointment; the other is told and keeps waiting', async () => {
    await setPolicy(2);
    const first = await addEntry();
    const second = await addEntry({ patientId: (await newPatient('Rival')).id });
    await bookAndCancel();
    const all = await offers();
    expect(all).toHaveLength(2);
    const answers = await Promise.all(
      all.map((o) => env.app.inject({ method: 'POST', url: `/api/offers/${o.token}/accept` })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json()).toMatchObject({
      error: 'conflict',
      message: expect.stringMatching(/still on the waitlist/),
    });
    const [row] = await env.db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.appointments)
      .where(
        and(
          eq(t.appointments.staffId, s.provider.id),
          eq(t.appointments.startAt, new Date(TUESDAY_10AM)),
          ne(t.appointments.status, 'CANCELLED'),
        ),
      );
    expect(row?.n).toBe(1);
    const states = [
      (await staff.get(`/api/waitlist/${first.id}`)).json().status,
      (await staff.get(`/api/waitlist/${second.id}`)).json().status,
    ].sort();
    expect(states).toEqual(['booked', 'waiting']);
  });

  it('after the time was booked otherwise, tells the patient and keeps them waiting', async () => {
    const entry = await addEntry();
    await bookAndCancel();
    const [offer] = await offers();
    const other = await staff.post(
      '/api/appointments',
      createBody(s, TUESDAY_10AM, {
        patient: otherPatientRef(),
      }),
    );
    expect(other.statusCode).toBe(201);
    const res = await env.app.inject({ method: 'POST', url: `/api/offers/${offer!.token}/accept` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/someone else booked this time/);
    expect(await appointmentsOf(s.patient.id)).toEqual([]);
    expect((await staff.get(`/api/waitlist/${entry.id}`)).json().status).toBe('waiting');
    expect(await offerOf(entry.id)).toMatchObject([{ status: 'taken' }]);
    const page = await env.app.inject({ method: 'GET', url: `/api/offers/${offer!.token}` });
    expect(page.json().status).toBe('taken');
  });

  it('a booking by hand into a wished time takes the entry off the list and passes its offer on', async () => {
    const entry = await addEntry();
    env.advance(1000);
    const next = await addEntry({ patientId: (await newPatient('Next')).id });
    await bookAndCancel();
    expect(await offerOf(entry.id)).toMatchObject([{ status: 'open' }]);
    // Staff book the waiting patient into another time of their window, by hand.
    const booked = await bookThroughApi(staff, s, '2026-11-26T15:00:00.000Z');
    const detail = (await staff.get(`/api/waitlist/${entry.id}`)).json();
    expect(detail).toMatchObject({ status: 'booked', appointmentId: booked._id });
    expect(detail.history.map((h: { type: string }) => h.type)).toEqual([
      'ADDED',
      'OFFERED',
      'BOOKED',
    ]);
    expect(await offerOf(entry.id)).toMatchObject([{ status: 'withdrawn' }]);
    expect(await offerOf(next.id)).toMatchObject([{ status: 'open' }]);
  });

  it('a series whose first visit is a wished time takes the entry off the list', async () => {
    const entry = await addEntry();
    const series = await staff.post('/api/appointments/series', {
      ...createBody(s, TUESDAY_10AM),
      recurrence: { rrule: 'FREQ=WEEKLY;COUNT=2', dtstart: TUESDAY_10AM },
    });
    expect(series.statusCode, series.body).toBe(201);
    const detail = (await staff.get(`/api/waitlist/${entry.id}`)).json();
    expect(detail).toMatchObject({
      status: 'booked',
      appointmentId: series.json().created[0]._id,
    });
  });

  it('a booking outside the wished window leaves the entry waiting', async () => {
    const entry = await addEntry({ windowFrom: '2026-12-01' });
    await bookThroughApi(staff, s, TUESDAY_10AM);
    expect((await staff.get(`/api/waitlist/${entry.id}`)).json().status).toBe('waiting');
  });

  it('an unknown token is a 404 that says nothing more', async () => {
    const res = await env.app.inject({ method: 'GET', url: `/api/offers/${'x'.repeat(32)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: expect.stringMatching(/not valid/) });
  });

  it('says its refusals in the language the patient page asks for (issue 44)', async () => {
    const ask = (url: string, language?: string) =>
      env.app.inject({
        method: 'GET',
        url,
        headers: language ? { 'accept-language': language } : {},
      });
    const offer = `/api/offers/${'x'.repeat(32)}`;
    const spanish = await ask(offer, 'es-MX,es;q=0.9,en;q=0.5');
    expect(spanish.statusCode).toBe(404);
    expect(spanish.json()).toEqual({
      error: 'not_found',
      message: 'Este enlace de oferta no es válido. Revise el enlace de su correo electrónico.',
    });
    expect(spanish.headers['content-language']).toBe('es');
    expect((await ask(offer, 'de-DE, fr-CA;q=0.8')).json().message).toBe(
      'Ce lien d’offre n’est pas valide. Vérifiez le lien dans votre courriel.',
    );
    expect((await ask(offer, 'de-DE')).json().message).toBe(OFFER_NOT_FOUND);
    expect((await ask(offer)).json().message).toBe(OFFER_NOT_FOUND);
    // The visit link's page and online booking too.
    expect((await ask(`/api/session?token=${'y'.repeat(32)}`, 'fr')).json().message).toBe(
      'Ce lien de rendez-vous n’est pas valide. Utilisez le lien du dernier message de votre clinique.',
    );
    expect((await ask('/api/public/clinics/no-such-clinic', 'es')).json().message).toBe(
      'Esta clínica no ofrece reservas en línea.',
    );
    // Staff read the spec's US English, whatever their browser says.
    const staffSide = await env.app.inject({
      method: 'GET',
      url: '/api/waitlist/not-a-uuid',
      headers: { 'accept-language': 'es' },
    });
    expect(staffSide.statusCode).toBeGreaterThanOrEqual(400);
    expect(staffSide.headers['content-language']).toBeUndefined();
  });

  it('has each translated sentence as the server writes it in English', () => {
    for (const sentence of [
      OFFER_NOT_FOUND,
      OFFER_TAKEN_MESSAGE,
      OFFER_EXPIRED_MESSAGE,
      NOT_A_VALID_LINK,
      VISIT_LINK_EXPIRED,
    ]) {
      expect(PATIENT_SENTENCES.has(sentence), sentence).toBe(true);
    }
  });
});

/** Signed in again: the clock moved past the first session's idle time. */
const signedIn = () => apiAs(env.app, s.staff.email);

function sweepDeps() {
  return {
    config: { SLOT_MIN_NOTICE_MINUTES: 0 },
    db: env.handle,
    now: () => env.now(),
  } as never;
}
