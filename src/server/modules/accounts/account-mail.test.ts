import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { useScenario, useTestApp } from '../../test/test-app';
import { testConfig } from '../../config';
import { signInFrom } from '../../test/auth-helpers';
import { startSmtpSink, unfoldMail, type SmtpSink } from '../../test/smtp-sink';
import { createOutboxWorker } from '../notifications';
import { choosePassword, forgotPassword, NEW_PASSWORD } from './account-test-kit';

// The reset and invitation e-mails through a real SMTP server: the link a person receives is the
// one that works, and the mail says plainly what it is for.

const PUBLIC_URL = 'https://care.example.org';
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const env = useTestApp({
  now: '2026-11-23T12:00:00Z',
  config: () => ({ SMTP_URL: sink.url, PUBLIC_URL }),
});
const { s, admin } = useScenario(env, 'admin');
beforeEach(() => {
  sink.inbox.length = 0;
});

function worker() {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: sink.port,
    secure: false,
    ignoreTLS: true,
  });
  return createOutboxWorker(
    {
      config: testConfig({ SMTP_URL: sink.url, PUBLIC_URL }),
      db: env.handle,
      now: () => env.now(),
      version: 'test',
    },
    { logger: env.app.log, transport },
  );
}

/** The link's token, the quoted-printable "=3D" read as the "=" it stands for. */
const linkIn = (mail: string, path: string) =>
  new RegExp(`${PUBLIC_URL}/auth/${path}\\?token=([A-Za-z0-9_-]+)`).exec(
    mail.replaceAll('=3D', '='),
  )?.[1];

describe('the account e-mails', () => {
  it('bring a reset link that sets the password', async () => {
    await forgotPassword(env.app, s.provider.email);
    expect(await worker().runOnce()).toBe(1);
    expect(sink.inbox.map((m) => m.to)).toEqual([[s.provider.email]]);
    const mail = unfoldMail(sink.inbox[0]!.raw);
    expect(mail).toContain('Subject: Choose a new Carebook password');
    expect(mail).toContain('The link works once, for 30 minutes.');
    expect(mail).toContain('If you did not ask for this, you can ignore this e-mail');
    const token = linkIn(mail, 'reset');
    expect(token).toBeTruthy();
    expect((await choosePassword(env.app, 'password-reset/complete', token!)).statusCode).toBe(200);
    expect((await signInFrom(env.app, s.provider.email, NEW_PASSWORD, '10.5.5.5')).statusCode).toBe(
      200,
    );
  });

  it('bring an invitation link that makes the account', async () => {
    const invited = await admin.post('/api/admin/invitations', {
      email: 'kim.osei@example.org',
      name: 'Kim Osei',
      role: 'staff',
      clinicIds: [s.clinic.id],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await worker().runOnce()).toBe(1);
    const mail = unfoldMail(sink.inbox[0]!.raw);
    expect(mail).toContain('Subject: You are invited to Carebook');
    expect(mail).toContain('Alex Morgan invited you to Carebook at Riverside Family Clinic.');
    const token = linkIn(mail, 'invitation');
    expect((await choosePassword(env.app, 'invitation/accept', token!)).statusCode).toBe(201);
    expect(
      (await signInFrom(env.app, 'kim.osei@example.org', NEW_PASSWORD, '10.5.5.6')).statusCode,
    ).toBe(200);
  });
});
