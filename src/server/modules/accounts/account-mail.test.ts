import { beforeEach, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { passkeyCreationOptions } from '@contracts/passkeys';
import { useScenario, useTestApp } from '../../test/test-app';
import { signInFrom } from '../../test/auth-helpers';
import { sinkWorker } from '../../test/mail-worker';
import { unfoldMail, useSmtpSink } from '../../test/smtp-sink';
import { softwareAuthenticator } from '../../test/software-authenticator';
import { choosePassword, forgotPassword, NEW_PASSWORD } from './account-test-kit';

// The reset and invitation e-mails through a real SMTP server: the link a person receives is the
// one that works, and the mail says plainly what it is for.

const PUBLIC_URL = 'https://care.example.org';
const sink = useSmtpSink();

const env = useTestApp({
  now: '2026-11-23T12:00:00Z',
  config: () => ({ SMTP_URL: sink.url, PUBLIC_URL }),
});
const { s, admin } = useScenario(env, 'admin');
beforeEach(() => {
  sink.inbox.length = 0;
});

const worker = () => sinkWorker(env, sink, { config: { PUBLIC_URL } });

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

/**
 * A code of an authenticator app (RFC 6238: HMAC-SHA1 over the 30-second step, six digits),
 * written here from the RFC rather than taken from the app's own code.
 */
function rfc6238Code(base32Secret: string, at: Date): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of base32Secret.replace(/=+$/, '')) {
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return value.toString().padStart(6, '0');
}

describe('the e-mails about second factors', () => {
  it('tell the user each factor added or removed and recovery codes made anew, without a secret', async () => {
    const started = await admin.post('/api/auth/two-step/totp');
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json<{ secret: string }>();
    const confirmed = await admin.post('/api/auth/two-step/totp/confirm', {
      code: rfc6238Code(secret, env.now()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();

    env.advance(30_000);
    expect(
      (await admin.post('/api/auth/step-up', { code: rfc6238Code(secret, env.now()) })).statusCode,
    ).toBe(200);
    const regenerated = await admin.post('/api/auth/two-step/recovery-codes');
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    const newCodes = regenerated.json<{ recoveryCodes: string[] }>().recoveryCodes;

    const device = softwareAuthenticator({ origin: PUBLIC_URL, rpId: 'care.example.org' });
    const options = passkeyCreationOptions.parse(
      (await admin.post('/api/auth/passkeys/registration-options')).json(),
    );
    const { credential, response } = device.create(options);
    const added = await admin.post('/api/auth/passkeys', { response, name: 'Front desk key' });
    expect(added.statusCode, added.body).toBe(201);
    const removed = await admin.call('DELETE', `/api/auth/passkeys/${added.json().id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    env.advance(30_000);
    const gone = await admin.post('/api/auth/two-step/totp/remove', {
      code: rfc6238Code(secret, env.now()),
    });
    expect(gone.statusCode, gone.body).toBe(200);

    expect(await worker().runOnce()).toBe(5);
    const mails = sink.inbox.map((m) => unfoldMail(m.raw));
    expect(sink.inbox.map((m) => m.to)).toEqual(Array(5).fill([s.admin.email]));
    const subjects = mails.map((m) => /^Subject: (.*)$/m.exec(m)?.[1]);
    expect(subjects).toEqual([
      'An authenticator app was set up for your Carebook account',
      'New recovery codes for your Carebook account',
      'A passkey was added to your Carebook account',
      'A passkey was removed from your Carebook account',
      'The authenticator app was removed from your Carebook account',
    ]);
    const all = mails.join('\n');
    expect(all).toContain('This happened on November 23, 2026 at 12:00');
    expect(all).toContain(`${PUBLIC_URL}/settings`);
    expect(all).toContain('someone may know your password');
    // Nothing that would let a reader of the mailbox stand in for the factor.
    for (const secretPart of [
      secret,
      ...recoveryCodes,
      ...newCodes,
      credential.id.toString('base64url'),
    ]) {
      expect(all).not.toContain(secretPart);
    }
  });

  it('are not sent for a change that is refused', async () => {
    const started = await admin.post('/api/auth/two-step/totp');
    const { secret } = started.json<{ secret: string }>();
    const wrong = await admin.post('/api/auth/two-step/totp/confirm', {
      code: rfc6238Code(secret, new Date(env.now().getTime() - 10 * 60_000)),
    });
    expect(wrong.statusCode).toBe(400);
    const stranger = await admin.call(
      'DELETE',
      '/api/auth/passkeys/00000000-0000-4000-8000-000000000000',
    );
    expect(stranger.statusCode).toBe(404);
    expect(await worker().runOnce()).toBe(0);
    expect(sink.inbox).toEqual([]);
  });
});
