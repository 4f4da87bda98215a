import { beforeEach, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import type { SendMailOptions } from 'nodemailer';
import { useScenario, useTestApp } from '../../test/test-app';
import { apiAs } from '../../test/api-client';
import { createBody } from '../../test/scenario';
import { testConfig } from '../../config';
import * as t from '../../db/schema';
import { sinkWorker } from '../../test/mail-worker';
import { unfoldMail, useSmtpSink } from '../../test/smtp-sink';
import type { OutboxMessageDetail } from '@contracts/outbox';

/** The messages of changes; the reminders they plan are reminders.test.ts's subject. */
const notReminder = ne(t.outbox.kind, 'appointment.reminder');
import { createOutboxWorker, retryDelayMs } from './outbox-worker';

/** A real SMTP server that keeps what it receives, and can be told to refuse. */
const sink = useSmtpSink();

// Built after the sink is listening, and closed before it.
const env = useTestApp({
  now: '2026-11-23T12:00:00Z',
  config: () => ({ SMTP_URL: sink.url, PUBLIC_URL: 'https://care.example.org' }),
});
const { s, staff } = useScenario(env);
beforeEach(async () => {
  sink.inbox.length = 0;
  sink.refuse = false;
});

/** What the worker handed to the mail transport, before any encoding: subject, text, html … */
let handed: SendMailOptions[] = [];
beforeEach(() => {
  handed = [];
});

const worker = () =>
  sinkWorker(env, sink, {
    config: { PUBLIC_URL: 'https://care.example.org', OUTBOX_MAX_ATTEMPTS: 3 },
    handed,
  });

describe('the outbox worker', () => {
  it('mails the patient and the provider with the session link and an .ics invitation', async () => {
    const created = (
      await staff.post('/api/appointments', createBody(s, '2026-11-24T15:00:00.000Z'))
    ).json();
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    await w.stop();
    expect(sink.inbox.map((m) => m.to[0]).sort()).toEqual(
      [s.patient.email, s.provider.email].sort(),
    );
    const mail = unfoldMail(sink.inbox.find((m) => m.to[0] === s.patient.email)!.raw);
    // Quoted-printable writes the '=' of the query string as '=3D'.
    expect(mail).toContain(`https://care.example.org/session/?token=3D${created.token}`);
    expect(mail).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    expect(mail).toContain('Tuesday, November 24, 2026');
    const [row] = await env.db.select().from(t.outbox).where(notReminder);
    // One Message-ID per row and addressee: a copy sent again is recognisable (ADR 063).
    // (Read from the raw message: unfolding for quoted-printable would join it to the subject.)
    const ids = sink.inbox.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1]);
    expect(ids.sort()).toEqual(
      [`<outbox-${row!.id}-0@care.example.org>`, `<outbox-${row!.id}-1@care.example.org>`].sort(),
    );
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('sends each recipient exactly the message an admin is shown for them', async () => {
    await staff.post('/api/appointments', createBody(s, '2026-11-24T15:00:00.000Z'));
    const admin = await apiAs(env.app, s.admin.email);
    const [row] = await env.db.select().from(t.outbox).where(notReminder);
    const shown = (await admin.get(`/api/admin/outbox/${row!.id}`)).json() as OutboxMessageDetail;
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    await w.stop();
    expect(handed.map(({ to, subject, text }) => ({ to, subject, text }))).toEqual(
      shown.mails.map(({ to, subject, text }) => ({ to, subject, text })),
    );
    // The app's configured address in both: the test app's outbox shows what this worker sends.
    expect(shown.mails[0]!.links[0]!.url).toMatch(/^https:\/\/care\.example\.org\/session\//);
  });

  it('sends a CANCEL to everyone when an appointment is cancelled, and the old provider hears of a reassign', async () => {
    const created = (
      await staff.post('/api/appointments', createBody(s, '2026-11-24T15:00:00.000Z'))
    ).json();
    await staff.put(`/api/appointments/${created._id}`, {
      date: created.date,
      staff: { id: s.nurse.id },
    });
    await staff.post(`/api/appointments/${created._id}?action=cancel`, {
      reason: 'Clinic closed <b>early</b>',
    });
    const w = worker();
    expect(await w.runOnce()).toBe(3);
    await w.stop();
    const reassigned = sink.inbox.filter((m) =>
      /new=\s*provider|is now with/i.test(unfoldMail(m.raw)),
    );
    expect(reassigned.map((m) => m.to[0]).sort()).toEqual(
      [s.patient.email, s.nurse.email, s.provider.email].sort(),
    );
    const cancels = sink.inbox.filter((m) => /method=CANCEL/i.test(m.raw));
    expect(cancels.map((m) => m.to[0]).sort()).toEqual([s.patient.email, s.nurse.email].sort());
    expect(unfoldMail(cancels[0]!.raw)).toContain('&lt;b&gt;early&lt;/b&gt;');
  });

  it('keeps failed messages, retries them with backoff, and gives up after the last attempt', async () => {
    await staff.post('/api/appointments', createBody(s, '2026-11-24T15:00:00.000Z'));
    sink.refuse = true;
    const w = worker();
    expect(await w.runOnce()).toBe(0);
    let [row] = await env.db.select().from(t.outbox).where(notReminder);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/Mailbox unavailable/);
    expect(row!.nextAttemptAt.getTime() - env.now().getTime()).toBe(retryDelayMs(1));
    expect(await w.runOnce()).toBe(0); // not due yet
    [row] = await env.db.select().from(t.outbox).where(notReminder);
    expect(row!.attempts).toBe(1);
    for (let attempt = 2; attempt <= 3; attempt++) {
      env.advance(retryDelayMs(attempt - 1));
      await w.runOnce();
    }
    [row] = await env.db.select().from(t.outbox).where(notReminder);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });

    const admin = await apiAs(env.app, s.admin.email);
    const listed = (await admin.get('/api/admin/outbox?status=failed')).json();
    expect(listed.data).toHaveLength(1);
    const resent = await admin.post(`/api/admin/outbox/${row!.id}/resend`);
    expect(resent.json()).toMatchObject({ status: 'pending', attempts: 0 });
    sink.refuse = false;
    expect(await w.runOnce()).toBe(1);
    await w.stop();
    [row] = await env.db.select().from(t.outbox).where(eq(t.outbox.id, row!.id));
    expect(row!.status).toBe('sent');
  });

  it('writes a patient name with HTML in it as text, never as markup', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    await env.db
      .update(t.patients)
      .set({ firstName: hostile })
      .where(eq(t.patients.id, s.patient.id));
    await staff.post('/api/appointments', createBody(s, '2026-11-24T15:00:00.000Z'));
    const w = worker();
    await w.runOnce();
    await w.stop();
    const mail = unfoldMail(sink.inbox.find((m) => m.to[0] === s.patient.email)!.raw);
    // The HTML part alone: the calendar part after it names the patient too, as calendar text.
    const html = mail.slice(mail.indexOf('<!doctype html>'), mail.indexOf('</html>'));
    expect(html).toContain('&lt;img src=3Dx onerror=3Dalert(1)&gt;');
    expect(html).not.toContain('<img');
  });

  it('leaves out staff who turned that kind of email off, but always tells the patient', async () => {
    await env.db
      .update(t.users)
      .set({
        notificationPrefs: { booked: false, rescheduled: true, reassigned: true, cancelled: true },
      })
      .where(eq(t.users.id, s.provider.id));
    await staff.post('/api/appointments', createBody(s, '2026-11-24T15:00:00.000Z'));
    const w = worker();
    expect(await w.runOnce()).toBe(1);
    await w.stop();
    expect(sink.inbox.map((m) => m.to[0])).toEqual([s.patient.email]);
  });

  it('sends nothing without SMTP_URL, and the messages wait', async () => {
    await staff.post('/api/appointments', createBody(s, '2026-11-24T15:00:00.000Z'));
    const w = createOutboxWorker(
      { config: testConfig(), db: env.handle, now: () => env.now(), version: 'test' },
      { logger: env.app.log },
    );
    expect(await w.runOnce()).toBe(0);
    await w.stop();
    const [row] = await env.db.select().from(t.outbox).where(notReminder);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('reads ids and pages in digits only', async () => {
    const admin = await apiAs(env.app, s.admin.email);
    for (const url of ['/api/admin/outbox/0x1/resend', '/api/admin/outbox/1e0/resend']) {
      const res = await admin.post(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toMatch(/whole number/);
    }
    expect((await admin.get('/api/admin/outbox?page=0x2')).statusCode).toBe(400);
  });

  it('is said to be on to signed-in staff, and to nobody else', async () => {
    expect((await staff.get('/api/auth/session')).json().user.mailDelivery).toBe('smtp');
    const config = await env.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(config.body).not.toContain('mailDelivery');
  });

  it('is for admins only', async () => {
    expect((await staff.get('/api/admin/outbox')).statusCode).toBe(403);
  });
});
