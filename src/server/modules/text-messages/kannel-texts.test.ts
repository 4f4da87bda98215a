// Texts through a real Kannel (ADR 050): bearerbox, smsbox and Kannel's fake SMSC, started once
// for the file. Each text we send is seen arriving at the fake SMSC; each reply is sent from it
// and reaches our inbound endpoint through Kannel's get-url; delivery reports come back through
// the dlr-url. Every wait is for a condition.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { testConfig } from '../../config';
import * as t from '../../db/schema';
import { useScenario, useTestApp } from '../../test/test-app';
import { bookThroughApi } from '../../test/scenario';
import { freePort, KANNEL_USER, kannelPorts, startKannel, type Kannel } from '../../test/kannel';
import { createTextWorker } from './text-worker';
import { textGatewayOf } from './text-gateway';

const appPort = await freePort();
const ports = await kannelPorts();
const SECRET = 'kannel-inbound-secret-for-tests';
const CLINIC_NUMBER = '+12125550199';
const NUMBER = '+12125550142';
const APP = `http://127.0.0.1:${appPort}`;

const config = testConfig({
  TEXT_GATEWAY: 'kannel',
  KANNEL_SENDSMS_URL: `http://127.0.0.1:${ports.sendsms}/cgi-bin/sendsms`,
  KANNEL_USERNAME: KANNEL_USER.username,
  KANNEL_PASSWORD: KANNEL_USER.password,
  KANNEL_INBOUND_SECRET: SECRET,
  TEXT_FROM: CLINIC_NUMBER,
  PUBLIC_URL: APP,
});
const env = useTestApp({ now: '2026-11-23T17:00:00Z', config }); // Monday, 12:00 in New York
const { s, staff, signInAgain } = useScenario(env);

let kannel: Kannel;
beforeAll(async () => {
  await env.app.listen({ port: appPort, host: '127.0.0.1' });
  kannel = await startKannel(
    ports,
    `${APP}/api/text-messages/kannel/inbound?secret=${SECRET}&from=%p&to=%P&text=%a&id=%I`,
  );
}, 60_000);
afterAll(() => kannel?.stop());
beforeEach(() => {
  kannel.received.length = 0;
});
// Kannel's reports name our ids, which the next test's rows take again: none is left in flight.
afterEach(async () => {
  await vi.waitFor(
    async () => {
      const waiting = (await texts()).filter((r) => r.status === 'sent');
      expect(waiting.map((r) => r.deliveryStatus)).toEqual(waiting.map(() => 'delivered'));
    },
    { timeout: 10_000, interval: 20 },
  );
});

/** A worker as another instance would run it, on the app's clock. */
const worker = () =>
  createTextWorker(
    { config, db: env.handle, now: () => env.now(), version: 'test' },
    { logger: env.app.log, gateway: textGatewayOf(config) },
  );

const texts = () =>
  env.db.select().from(t.outbox).where(eq(t.outbox.channel, 'sms')).orderBy(asc(t.outbox.id));

const replies = () => env.db.select().from(t.textReplies).orderBy(asc(t.textReplies.id));

async function choosesTexts() {
  const res = await staff.put(`/api/patients/${s.patient.id}/text-preference`, {
    channel: 'sms',
    consentMethod: 'verbal',
    phone: '(212) 555-0142',
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ channel: 'sms', number: NUMBER, stopped: false });
}

async function travel(at: string) {
  env.setNow(at);
  await signInAgain();
}

const arrived = (predicate: (text: string) => boolean) =>
  vi.waitFor(() => expect(kannel.textsTo(NUMBER).some(predicate)).toBe(true), {
    timeout: 10_000,
    interval: 20,
  });

describe('texts through Kannel', () => {
  it('texts a booking once, however many workers run, and records Kannel’s delivery report', async () => {
    await choosesTexts();
    await bookThroughApi(staff, s, '2026-11-25T15:00:00Z');
    const sent = await Promise.all([worker().runOnce(), worker().runOnce()]);
    expect(sent[0]! + sent[1]!).toBe(1);
    await arrived((text) =>
      text.includes('your visit at Riverside Family Clinic is booked for Wed, Nov 25, 10:00 AM.'),
    );
    const [text] = await texts();
    expect(text).toMatchObject({ kind: 'text.appointment.booked', toNumber: NUMBER });
    expect(text!.body).toMatch(/^José, your visit at Riverside Family Clinic is booked for/);
    await vi.waitFor(async () => expect((await texts())[0]!.deliveryStatus).toBe('delivered'));
    expect(kannel.textsTo(NUMBER)).toHaveLength(1);
  });

  it('reminds by text in the patient’s language, and a reply of C confirms the visit through the visit link’s confirm', async () => {
    await choosesTexts();
    // A patient who reads Spanish first (issue 44): their reminder reads in Spanish.
    await env.db
      .update(t.patients)
      .set({ preferredLanguage: 'es' })
      .where(eq(t.patients.id, s.patient.id));
    const visit = await bookThroughApi(staff, s, '2026-11-25T15:00:00Z');
    await worker().runOnce();
    await travel('2026-11-24T15:00:00Z'); // the day-before reminder falls due
    expect(await worker().runOnce()).toBe(1);
    await arrived((text) =>
      text.startsWith(
        'José, recordatorio: su cita en Riverside Family Clinic el mié, 25 nov, 10:00. Responda C para confirmar, R para su enlace.',
      ),
    );

    await kannel.reply(NUMBER, CLINIC_NUMBER, 'C');
    await vi.waitFor(async () =>
      expect(await replies()).toMatchObject([
        {
          action: 'confirm',
          patientId: s.patient.id,
          outcome: 'Confirmed the visit on Wed, Nov 25, 10:00 AM.',
        },
      ]),
    );
    const res = await staff.get(`/api/appointments/${visit._id}`);
    expect(res.json()).toMatchObject({ metadata: { status: 'CONFIRMED' } });
    const [event] = await env.db
      .select()
      .from(t.appointmentEvents)
      .where(
        and(
          eq(t.appointmentEvents.appointmentId, visit._id),
          eq(t.appointmentEvents.type, 'CONFIRMED'),
        ),
      );
    expect(event).toMatchObject({ byName: 'Patient' });
    // The answer is in Spanish too, through Kannel like every text.
    expect(await worker().runOnce()).toBe(1);
    await arrived(
      (text) =>
        text ===
        'Riverside Family Clinic: gracias, su cita del mié, 25 nov, 10:00 queda confirmada.',
    );
  });

  it('holds a text due in quiet hours until they end, then sends it', async () => {
    await travel('2026-11-24T03:30:00Z'); // 22:30 in New York
    await choosesTexts();
    await bookThroughApi(staff, s, '2026-11-25T15:00:00Z');
    expect(await worker().runOnce()).toBe(0);
    const [held] = await texts();
    expect(held).toMatchObject({ status: 'pending', attempts: 0 });
    expect(held!.nextAttemptAt.toISOString()).toBe('2026-11-24T13:00:00.000Z'); // 08:00
    await travel('2026-11-24T13:00:00Z');
    expect(await worker().runOnce()).toBe(1);
    await arrived((text) => text.includes('is booked'));
  });

  it('STOP stops every text from the clinic at once, and START lets them through again, answered in the patient’s language', async () => {
    await choosesTexts();
    await env.db
      .update(t.patients)
      .set({ preferredLanguage: 'fr' })
      .where(eq(t.patients.id, s.patient.id));
    await bookThroughApi(staff, s, '2026-11-25T15:00:00Z');
    await worker().runOnce();
    await kannel.reply(NUMBER, CLINIC_NUMBER, 'STOP');
    await vi.waitFor(async () =>
      expect(await env.db.select().from(t.textNumberStates)).toMatchObject([
        { clinicId: s.clinic.id, number: NUMBER },
      ]),
    );
    expect((await env.db.select().from(t.textNumberStates))[0]!.stoppedAt).not.toBeNull();
    expect(await worker().runOnce()).toBe(1);
    await arrived(
      (text) =>
        text ===
        'Riverside Family Clinic : vous ne recevrez plus nos SMS. Répondez START pour les recevoir à nouveau.',
    );

    // The next change is not texted: the patient's e-mail carries it.
    await bookThroughApi(staff, s, '2026-11-26T15:00:00Z');
    expect(await worker().runOnce()).toBe(0);
    expect((await texts()).map((r) => r.kind)).toEqual(['text.appointment.booked', 'text.answer']);
    const preference = await staff.get(`/api/patients/${s.patient.id}/texts`);
    expect(preference.json()).toMatchObject({ preference: { stopped: true } });

    await kannel.reply(NUMBER, CLINIC_NUMBER, 'START');
    await vi.waitFor(async () =>
      expect((await env.db.select().from(t.textNumberStates))[0]!.stoppedAt).toBeNull(),
    );
    // START's answer, and the booking made meanwhile, whose e-mail no mail server has sent yet.
    expect(await worker().runOnce()).toBe(2);
    await arrived((text) => text.includes('vous recevez à nouveau nos SMS'));
  });

  it('keeps any other reply on the patient’s record, and a forged one changes nothing', async () => {
    await choosesTexts();
    const visit = await bookThroughApi(staff, s, '2026-11-25T15:00:00Z');
    await worker().runOnce();

    const forged = await env.app.inject({
      method: 'GET',
      url: `/api/text-messages/kannel/inbound?secret=guessed-secret&from=${encodeURIComponent(NUMBER)}&text=C`,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error: 'forbidden' });
    expect(await replies()).toEqual([]);

    await kannel.reply(NUMBER, CLINIC_NUMBER, 'Running 10 minutes late, sorry');
    await vi.waitFor(async () =>
      expect(await replies()).toMatchObject([
        { action: 'inbox', body: 'Running 10 minutes late, sorry', patientId: s.patient.id },
      ]),
    );
    const res = await staff.get(`/api/appointments/${visit._id}`);
    expect(res.json()).toMatchObject({ metadata: { status: 'BOOKED' } });
    const record = await staff.get(`/api/patients/${s.patient.id}/texts`);
    expect(record.json()).toMatchObject({
      preference: { channel: 'sms', consent: { method: 'verbal', by: s.staff.id } },
      texts: [{ kind: 'text.appointment.booked', deliveryStatus: expect.any(String) }],
      replies: [{ body: 'Running 10 minutes late, sorry', action: 'inbox' }],
    });
  });

  it('staff answer a reply from the record: at once in quiet hours right after it, else when they end, never after STOP', async () => {
    await choosesTexts();
    await bookThroughApi(staff, s, '2026-11-25T15:00:00Z');
    expect(await worker().runOnce()).toBe(1); // the booking's text: replies are the clinic's
    await travel('2026-11-24T03:30:00Z'); // 22:30 in New York, in quiet hours
    await kannel.reply(NUMBER, CLINIC_NUMBER, 'Can I come earlier tomorrow?');
    await vi.waitFor(async () =>
      expect(await replies()).toMatchObject([{ action: 'inbox', patientId: s.patient.id }]),
    );
    const answered = await staff.post(`/api/patients/${s.patient.id}/texts`, {
      text: 'Yes: come at 9:00, we will fit you in.',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    expect(answered.json()).toMatchObject({
      kind: 'text.staff',
      to: NUMBER,
      body: 'Yes: come at 9:00, we will fit you in.',
      deliveryStatus: 'queued',
    });
    // The patient wrote a moment ago: the answer goes now, quiet hours or not.
    expect(await worker().runOnce()).toBe(1);
    await arrived((text) => text === 'Yes: come at 9:00, we will fit you in.');

    // Two hours after their reply, a text from staff waits for quiet hours to end.
    await travel('2026-11-24T05:30:00Z');
    const later = await staff.post(`/api/patients/${s.patient.id}/texts`, {
      text: 'Please bring your insurance card.',
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(await worker().runOnce()).toBe(0);
    const held = (await texts()).find((r) => r.id === later.json().id)!;
    expect(held.nextAttemptAt.toISOString()).toBe('2026-11-24T13:00:00.000Z'); // 08:00

    // STOP before it goes: it is not sent, and staff cannot text them any more.
    await kannel.reply(NUMBER, CLINIC_NUMBER, 'STOP');
    await vi.waitFor(async () =>
      expect((await env.db.select().from(t.textNumberStates))[0]?.stoppedAt).toBeTruthy(),
    );
    const refused = await staff.post(`/api/patients/${s.patient.id}/texts`, { text: 'Hello?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^This patient replied STOP/);
    await travel('2026-11-24T13:00:00Z');
    await worker().runOnce(); // STOP's own answer
    expect((await texts()).find((r) => r.id === later.json().id)).toMatchObject({
      status: 'withdrawn',
    });
    expect(kannel.textsTo(NUMBER).some((text) => text.includes('insurance'))).toBe(false);
  });

  it('refuses a number that cannot get texts, in words', async () => {
    const res = await staff.put(`/api/patients/${s.patient.id}/text-preference`, {
      channel: 'sms',
      consentMethod: 'written',
      phone: '555 0100',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(
      /^“555 0100” is not a phone number that can get texts in US\./,
    );
    const noConsent = await staff.put(`/api/patients/${s.patient.id}/text-preference`, {
      channel: 'sms',
      phone: '(212) 555-0142',
    });
    expect(noConsent.statusCode).toBe(422);
    expect(noConsent.json().message).toMatch(/consent/);
  });
});
