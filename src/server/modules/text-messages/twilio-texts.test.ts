// The Twilio-compatible adapter (ADR 050) against a local receiver that speaks Twilio's Messages
// API: how a text is asked for, how its status callback and a reply are signed, and that an
// unsigned or forged request changes nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { testConfig } from '../../config';
import * as t from '../../db/schema';
import { bookThroughApi, waitlistEntryBody } from '../../test/scenario';
import { useScenario, useTestApp } from '../../test/test-app';
import { textLengthOf } from '@domain/text-messages';
import { textGatewayOf } from './text-gateway';
import { createTextWorker } from './text-worker';
import { twilioSignature } from './twilio-gateway';
import { useSmtpSink } from '../../test/smtp-sink';
import { sinkWorker } from '../../test/mail-worker';
import { planTextTwins } from '../notifications';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token-for-tests';
const PUBLIC_URL = 'https://care.example.org';
const NUMBER = '+12125550142';
const FROM = '+12125550199';

interface AskedText {
  path: string;
  authorization: string | undefined;
  form: Record<string, string>;
}

/** A receiver answering as Twilio's Messages resource does; `refuse` makes it answer 401. */
let receiver: { url: string; asked: AskedText[]; refuse: boolean; close(): Promise<void> };
beforeAll(async () => {
  const asked: AskedText[] = [];
  const state = { refuse: false };
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      asked.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        form: Object.fromEntries(new URLSearchParams(body)),
      });
      res.setHeader('content-type', 'application/json');
      if (state.refuse) {
        res.writeHead(401).end(JSON.stringify({ code: 20003, message: 'Authenticate' }));
        return;
      }
      res
        .writeHead(201)
        .end(
          JSON.stringify({ sid: `SM${String(asked.length).padStart(32, '0')}`, status: 'queued' }),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    get refuse() {
      return state.refuse;
    },
    set refuse(value) {
      state.refuse = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
});
afterAll(() => receiver.close());

const sink = useSmtpSink();
beforeEach(() => {
  receiver.asked.length = 0;
  receiver.refuse = false;
});

const config = () =>
  testConfig({
    TEXT_GATEWAY: 'twilio',
    TWILIO_API_URL: receiver.url,
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TEXT_FROM: FROM,
    PUBLIC_URL,
  });
const env = useTestApp({ now: '2026-11-23T17:00:00Z', config });
const { s, staff, admin } = useScenario(env, 'admin');

const worker = () =>
  createTextWorker(
    { config: config(), db: env.handle, now: () => env.now(), version: 'test' },
    { logger: env.app.log, gateway: textGatewayOf(config()) },
  );

const texts = () =>
  env.db.select().from(t.outbox).where(eq(t.outbox.channel, 'sms')).orderBy(asc(t.outbox.id));

/** A request as Twilio sends it: a form, signed over our public URL of the path. */
function fromTwilio(path: string, form: Record<string, string>, token = TOKEN) {
  return env.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(token, `${PUBLIC_URL}${path}`, form),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

async function patientTextedAboutAVisit() {
  const chose = await staff.put(`/api/patients/${s.patient.id}/text-preference`, {
    channel: 'sms',
    consentMethod: 'written',
    phone: '212-555-0142',
  });
  expect(chose.statusCode, chose.body).toBe(200);
  const visit = await bookThroughApi(staff, s, '2026-11-25T15:00:00Z');
  return visit;
}

describe('a Twilio-compatible API', () => {
  it('is asked for each text in its format, and its signed status callback is recorded', async () => {
    await patientTextedAboutAVisit();
    expect(await worker().runOnce()).toBe(1);
    expect(receiver.asked).toEqual([
      {
        path: `/2010-04-01/Accounts/${SID}/Messages.json`,
        authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
        form: {
          To: NUMBER,
          From: FROM,
          Body: expect.stringMatching(
            /^José, your visit at Riverside Family Clinic is booked for Wed, Nov 25, 10:00 AM\. Details: https:\/\/care\.example\.org\/session\/\?token=/,
          ),
          StatusCallback: `${PUBLIC_URL}/api/text-messages/twilio/status`,
        },
      },
    ]);
    const [text] = await texts();
    expect(text).toMatchObject({ gateway: 'twilio', deliveryStatus: 'sent' });

    const forged = await fromTwilio(
      '/api/text-messages/twilio/status',
      { MessageSid: text!.gatewayId!, MessageStatus: 'failed' },
      'someone-elses-token',
    );
    expect(forged.statusCode).toBe(403);
    expect((await texts())[0]).toMatchObject({ deliveryStatus: 'sent' });

    const report = await fromTwilio('/api/text-messages/twilio/status', {
      MessageSid: text!.gatewayId!,
      MessageStatus: 'delivered',
      AccountSid: SID,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect((await texts())[0]).toMatchObject({ deliveryStatus: 'delivered' });
  });

  it('takes a signed reply of YES as the patient’s confirmation, and refuses an unsigned one', async () => {
    const visit = await patientTextedAboutAVisit();
    await worker().runOnce();
    const reply = { From: NUMBER, To: FROM, Body: 'Yes', MessageSid: 'SMreply1', AccountSid: SID };

    const unsigned = await env.app.inject({
      method: 'POST',
      url: '/api/text-messages/twilio/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(reply).toString(),
    });
    expect(unsigned.statusCode).toBe(403);
    expect((await staff.get(`/api/appointments/${visit._id}`)).json()).toMatchObject({
      metadata: { status: 'BOOKED' },
    });

    const signed = await fromTwilio('/api/text-messages/twilio/inbound', reply);
    expect(signed.statusCode, signed.body).toBe(200);
    // Twilio takes the answer as TwiML: empty, as the answer to the patient goes by the outbox.
    expect(signed.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(signed.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect((await staff.get(`/api/appointments/${visit._id}`)).json()).toMatchObject({
      metadata: { status: 'CONFIRMED' },
    });
    // Twilio retries a webhook it thinks failed: the same message changes nothing twice.
    expect((await fromTwilio('/api/text-messages/twilio/inbound', reply)).statusCode).toBe(200);
    expect(await env.db.select().from(t.textReplies)).toHaveLength(1);

    expect(await worker().runOnce()).toBe(1);
    expect(receiver.asked.at(-1)!.form.Body).toBe(
      'Riverside Family Clinic: thank you, your visit on Wed, Nov 25, 10:00 AM is confirmed.',
    );
  });

  it('texts the patient in place of their e-mail, whose staff part still goes by mail', async () => {
    await patientTextedAboutAVisit();
    sink.inbox.length = 0;
    const mail = sinkWorker(env, sink, { config: { ...config(), SMTP_URL: sink.url } });
    // The e-mail worker runs first: it plans the text before it sends, so the patient is left out.
    await mail.runOnce();
    await mail.stop();
    expect(sink.inbox.flatMap((m) => m.to)).toEqual([s.provider.email]);
    expect(await worker().runOnce()).toBe(1);
    expect(receiver.asked.map((a) => a.form.To)).toEqual([NUMBER]);
  });

  it('plans the text of an e-mail claimed before its text was planned (it fell due in between)', async () => {
    await patientTextedAboutAVisit();
    // Claimed as the e-mail worker claims, with no planning seen before it: its lease moves it on.
    const claimed = await env.db
      .update(t.outbox)
      .set({ nextAttemptAt: new Date(env.now().getTime() + 60_000) })
      .where(and(eq(t.outbox.kind, 'appointment.booked'), eq(t.outbox.status, 'pending')))
      .returning({ id: t.outbox.id });
    expect(claimed).toHaveLength(1);
    expect(await planTextTwins(env.db, env.now())).toBe(0);
    expect(
      await planTextTwins(
        env.db,
        env.now(),
        claimed.map((row) => row.id),
      ),
    ).toBe(1);
    const twins = await env.db
      .select({ kind: t.outbox.kind })
      .from(t.outbox)
      .where(eq(t.outbox.sourceOutboxId, claimed[0]!.id));
    expect(twins).toEqual([{ kind: 'text.appointment.booked' }]);
  });

  it('retries a text the API refused, with the reason kept', async () => {
    await patientTextedAboutAVisit();
    receiver.refuse = true;
    expect(await worker().runOnce()).toBe(0);
    const [text] = await texts();
    expect(text).toMatchObject({ status: 'pending', attempts: 1, deliveryStatus: 'queued' });
    expect(text!.lastError).toBe('The text API refused the text (401, code 20003): Authenticate');
    expect(text!.nextAttemptAt.getTime()).toBe(env.now().getTime() + 60_000);
  });
});

describe('erasing a patient who was texted', () => {
  it('strikes the number and words of their texts and replies, and withdraws those not sent', async () => {
    const visit = await patientTextedAboutAVisit();
    expect(await worker().runOnce()).toBe(1);
    for (const [sid, body] of [
      ['SMerase1', 'R'],
      ['SMerase2', 'Running late, José'],
    ] as const) {
      const reply = await fromTwilio('/api/text-messages/twilio/inbound', {
        From: NUMBER,
        To: FROM,
        Body: body,
        MessageSid: sid,
        AccountSid: SID,
      });
      expect(reply.statusCode, reply.body).toBe(200);
    }
    const cancel = await staff.post(`/api/appointments/${visit._id}?action=cancel`, {
      reason: 'Moving away',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { version } = (await staff.get(`/api/patients/${s.patient.id}`)).json().patient;
    const before = JSON.stringify([await texts(), await env.db.select().from(t.textReplies)]);
    expect(before).toMatch(/\+12125550142/);
    expect(before).toMatch(/Running late/);

    const erase = await staff.post(`/api/patients/${s.patient.id}/erase`, {
      version,
      reason: 'Asked by the patient',
    });
    expect(erase.statusCode, erase.body).toBe(200);
    const after = await texts();
    const replies = await env.db.select().from(t.textReplies);
    expect(JSON.stringify([after, replies])).not.toMatch(
      /2125550142|José|Núñez|Running late|token=/,
    );
    expect(after.filter((text) => text.status === 'pending')).toEqual([]);
    expect(after.map((text) => [text.status, text.deliveryStatus])).toEqual([
      ['sent', 'sent'],
      ['withdrawn', 'queued'],
    ]);
    expect(replies).toHaveLength(2);
    expect(await worker().runOnce()).toBe(0);
  });
});

describe('the clinic’s texting policy', () => {
  const url = () => `/api/admin/clinics/${s.clinic.slug}/policy`;
  const put = (texts: unknown) =>
    admin.put(url(), { reminders: { offsetsMinutes: [1440] }, texts });

  it('is set by an admin, checked, kept in E.164, audited, and held by the worker', async () => {
    expect((await admin.get(url())).json().policy.texts).toEqual({
      quietHoursStart: '21:00',
      quietHoursEnd: '08:00',
      country: 'US',
      sendingNumber: null,
    });
    const badCountry = await put({
      quietHoursStart: '20:00',
      quietHoursEnd: '09:00',
      country: 'XX',
      sendingNumber: null,
    });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json()).toMatchObject({
      error: 'bad_request',
      message: 'XX is not a country code we know. Use one such as US, CA or ES.',
      fields: [{ field: 'texts.country' }],
    });
    const badNumber = await put({
      quietHoursStart: '20:00',
      quietHoursEnd: '09:00',
      country: 'CA',
      sendingNumber: '555 0100',
    });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().fields).toEqual([
      expect.objectContaining({ field: 'texts.sendingNumber' }),
    ]);
    const badTime = await put({
      quietHoursStart: '25:00',
      quietHoursEnd: '09:00',
      country: 'CA',
      sendingNumber: null,
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.body).toMatch(/must be a time of day such as 21:00/);

    const saved = await put({
      quietHoursStart: '12:00',
      quietHoursEnd: '13:00',
      country: 'ca',
      sendingNumber: '(514) 555-0142',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const texts = {
      quietHoursStart: '12:00',
      quietHoursEnd: '13:00',
      country: 'CA',
      sendingNumber: '+15145550142',
    };
    expect(saved.json().policy.texts).toEqual(texts);
    expect((await admin.get(url())).json().policy.texts).toEqual(texts);
    const audit = await env.db.select().from(t.auditLog).where(eq(t.auditLog.entityType, 'clinic'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      changes: expect.arrayContaining([
        { field: 'texts.sendingNumber', from: null, to: '+15145550142' },
        { field: 'texts.country', from: 'US', to: 'CA' },
      ]),
    });
    // The same again changes nothing, and is not audited twice.
    expect((await put(texts)).statusCode).toBe(200);
    expect(
      await env.db.select().from(t.auditLog).where(eq(t.auditLog.entityType, 'clinic')),
    ).toHaveLength(1);

    // Now (12:00 in New York) is inside the new quiet hours: the text waits for 13:00.
    await patientTextedAboutAVisit();
    expect(await worker().runOnce()).toBe(0);
    expect(receiver.asked).toEqual([]);
    expect(
      (
        await env.db.select().from(t.outbox).where(eq(t.outbox.channel, 'sms'))
      )[0]!.nextAttemptAt.toISOString(),
    ).toBe('2026-11-23T18:00:00.000Z');
  });
});

describe('a clinic’s sending number', () => {
  const policyOf = (slug: string, sendingNumber: string | null) =>
    admin.put(`/api/admin/clinics/${slug}/policy`, {
      reminders: { offsetsMinutes: [1440] },
      texts: { quietHoursStart: '21:00', quietHoursEnd: '08:00', country: 'US', sendingNumber },
    });
  const newClinic = async (name: string) => {
    const res = await admin.post('/api/admin/clinics', {
      name,
      timezone: 'America/New_York',
      phone: '(212) 555-0100',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().slug as string;
  };

  it('is one clinic’s: of two clinics saving one number at once, one wins and the other is told why', async () => {
    const [north, south] = [await newClinic('North Clinic'), await newClinic('South Clinic')];
    const answers = await Promise.all([
      policyOf(north, '(212) 555-0177'),
      policyOf(south, '+1 212 555 0177'),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(lost.json()).toMatchObject({
      error: 'conflict',
      message: expect.stringMatching(
        /^\+12125550177 is already another clinic’s sending number\. Each clinic needs its own/,
      ),
      fields: [{ field: 'texts.sendingNumber' }],
    });
    const holders = await env.db
      .select({ slug: t.clinics.slug })
      .from(t.clinics)
      .where(eq(t.clinics.textNumber, '+12125550177'));
    expect(holders).toHaveLength(1);
    // Nothing of the losing save was kept, and a third clinic is refused too.
    const loser = [north, south].find((slug) => slug !== holders[0]!.slug)!;
    expect(
      (await admin.get(`/api/admin/clinics/${loser}/policy`)).json().policy.texts,
    ).toMatchObject({ sendingNumber: null });
    expect((await policyOf(s.clinic.slug, '212-555-0177')).statusCode).toBe(409);
    // Given up by its clinic, the number is free for another.
    expect((await policyOf(holders[0]!.slug, null)).statusCode).toBe(200);
    expect((await policyOf(loser, '212-555-0177')).statusCode).toBe(200);
  });
});

describe('a reply from a number no patient is found for', () => {
  it('is answered in the clinic’s default language, and its French STOP is honoured', async () => {
    await env.db
      .update(t.clinics)
      .set({ textNumber: FROM, defaultLanguage: 'fr' })
      .where(eq(t.clinics.id, s.clinic.id));
    const stranger = '+12125550177';
    const reply = (Body: string, MessageSid: string) =>
      fromTwilio('/api/text-messages/twilio/inbound', {
        From: stranger,
        To: FROM,
        Body,
        MessageSid,
        AccountSid: SID,
      });

    expect((await reply('Arrêt', 'SMstranger1')).statusCode).toBe(200);
    const [state] = await env.db.select().from(t.textNumberStates);
    expect(state).toMatchObject({ clinicId: s.clinic.id, number: stranger });
    expect(state!.stoppedAt).not.toBeNull();
    expect((await reply('HELP', 'SMstranger2')).statusCode).toBe(200);
    expect(await worker().runOnce()).toBe(2);
    // The two answers go out side by side (the worker sends several at once): in either order.
    const asked = receiver.asked.map((a) => [a.form.To, a.form.Body]);
    expect(asked).toHaveLength(2);
    expect(asked).toEqual(
      expect.arrayContaining([
        [
          stranger,
          'Riverside Family Clinic : vous ne recevrez plus nos SMS. Répondez START pour les recevoir à nouveau.',
        ],
        [
          stranger,
          expect.stringMatching(
            /^Rendez-vous de Riverside Family Clinic : répondez C pour confirmer, R pour votre lien, STOP pour ne plus recevoir de SMS\./,
          ),
        ],
      ]),
    );
    expect((await env.db.select().from(t.textReplies)).map((r) => [r.patientId, r.action])).toEqual(
      [
        [null, 'stop'],
        [null, 'help'],
      ],
    );
  });
});

describe('the admins’ outbox', () => {
  it('shows a text with its channel, its number partly hidden, its delivery and its length', async () => {
    await patientTextedAboutAVisit();
    expect(await worker().runOnce()).toBe(1);
    const list = await admin.get('/api/admin/outbox');
    expect(list.statusCode, list.body).toBe(200);
    const [text] = await texts();
    const row = list.json().data.find((m: { id: number }) => m.id === text!.id);
    expect(row).toMatchObject({
      kind: 'text.appointment.booked',
      channel: 'sms',
      recipients: [],
      subject: null,
      preview: expect.stringMatching(/^José, your visit at Riverside Family Clinic is booked/),
      status: 'sent',
      text: {
        to: '+1 ••• 0142',
        name: 'José',
        deliveryStatus: 'sent',
        deliveredAt: null,
        encoding: textLengthOf(text!.body!).encoding,
        segments: textLengthOf(text!.body!).segments,
      },
    });
    expect(JSON.stringify(list.json())).not.toMatch(/2125550142/);
    const email = list.json().data.find((m: { id: number }) => m.id === text!.sourceOutboxId);
    expect(email).toMatchObject({ channel: 'email', text: null });
  });
});

describe('a waitlist offer', () => {
  it('is texted to a waiting patient who chose texts, in place of its e-mail, in their language', async () => {
    const chose = await staff.put(`/api/patients/${s.patient.id}/text-preference`, {
      channel: 'sms',
      consentMethod: 'written',
      phone: '212-555-0142',
    });
    expect(chose.statusCode, chose.body).toBe(200);
    await env.db
      .update(t.patients)
      .set({ preferredLanguage: 'es' })
      .where(eq(t.patients.id, s.patient.id));
    const entry = await staff.post('/api/waitlist', waitlistEntryBody(s));
    expect(entry.statusCode, entry.body).toBe(201);
    const freed = await bookThroughApi(staff, s, '2026-11-24T15:00:00Z', {
      patient: {
        id: s.otherPatient.id,
        name: 'Anna Smith',
        email: s.otherPatient.email,
        phone: null,
        clinic: s.clinic.slug,
      },
    });
    const cancel = await staff.post(`/api/appointments/${freed._id}?action=cancel`, {
      reason: 'Feeling better',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [offer] = await env.db.select().from(t.waitlistOffers);

    expect(await worker().runOnce()).toBe(1);
    expect(receiver.asked.map((a) => [a.form.To, a.form.Body])).toEqual([
      [
        NUMBER,
        `José, Riverside Family Clinic tiene una hora antes para usted: mar, 24 nov, 10:00. Responda antes del lun, 23 nov, 14:00: ${PUBLIC_URL}/offer/${offer!.token}`,
      ],
    ]);
    const [text] = await texts();
    expect(text).toMatchObject({ kind: 'text.waitlist.offer', patientId: s.patient.id });
    // The offer's e-mail went by text: it is settled without mailing anyone.
    const mail = sinkWorker(env, sink, { config: { ...config(), SMTP_URL: sink.url } });
    sink.inbox.length = 0;
    await mail.runOnce();
    await mail.stop();
    expect(sink.inbox.flatMap((m) => m.to)).not.toContain(s.patient.email);
    const [email] = await env.db
      .select()
      .from(t.outbox)
      .where(eq(t.outbox.id, text!.sourceOutboxId!));
    expect(email).toMatchObject({ kind: 'waitlist.offer', status: 'sent' });
  });
});
