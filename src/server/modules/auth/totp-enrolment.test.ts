import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { recoveryCodesView, totpEnrolment, twoStepStatus } from '@contracts/two-step';
import * as t from '../../db/schema';
import { createClinic } from '../../test/factories';
import { createSignInUser, signIn, TEST_PASSWORD } from '../../test/auth-helpers';
import { useTestApp } from '../../test/test-app';
import { REPLAYED_CODE, WRONG_CODE } from './second-factor-check';
import { ALREADY_SET_UP, LAST_REQUIRED_FACTOR } from './totp-enrolment';
import { call, codeAt, enrolTotp, sessionCookieOf } from './two-step-test-kit';

const SECRETS_KEY = 'a-long-operator-chosen-key-for-sealing-secrets';
const env = useTestApp({
  now: '2026-11-28T09:00:10Z',
  config: { ACCOUNT_SECRETS_KEY: SECRETS_KEY },
});

async function signedIn(role: 'admin' | 'provider' = 'provider', clinicIds: string[] = []) {
  const user = await createSignInUser(env.db, {
    email: `mina.okafor.${role}@harbour.example`,
    name: 'Mina Okafor',
    role,
    clinicIds,
  });
  return { user, cookie: await signIn(env.app, user.email) };
}

const status = async (cookie: string) =>
  twoStepStatus.parse((await call(env.app, 'GET', '/api/auth/two-step', cookie)).json());

const totpRow = async (userId: string) =>
  (await env.db.select().from(t.userTotp).where(eq(t.userTotp.userId, userId)))[0];

describe('setting up the authenticator app', () => {
  it('gives a key, its QR code and address; a first code confirms it and shows ten recovery codes once', async () => {
    const { user, cookie } = await signedIn();
    const res = await call(env.app, 'POST', '/api/auth/two-step/totp', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const enrolment = totpEnrolment.parse(res.json());
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toMatch(
      /^otpauth:\/\/totp\/Carebook:mina\.okafor\.provider%40harbour\.example\?/,
    );
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.qrCode).toMatch(/^data:image\/png;base64,/);
    // Not a factor yet, and the key is sealed at rest.
    expect(await status(cookie)).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    const stored = await totpRow(user.id);
    expect(stored?.secret).toMatch(/^sealed:v1:/);
    expect(stored?.secret).not.toContain(enrolment.secret);

    const confirmed = await call(env.app, 'POST', '/api/auth/two-step/totp/confirm', cookie, {
      code: codeAt(enrolment.secret, env.now()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { recoveryCodes } = recoveryCodesView.parse(confirmed.json());
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hashes = await env.db
      .select()
      .from(t.userRecoveryCodes)
      .where(eq(t.userRecoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(recoveryCodes[0]!.replace('-', ''));
    expect(await status(cookie)).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
    const audit = await env.db.select().from(t.auditLog).where(eq(t.auditLog.action, 'factor_add'));
    expect(audit).toHaveLength(1);
  });

  it('refuses a wrong first code and stays unconfirmed', async () => {
    const { user, cookie } = await signedIn();
    const { secret } = totpEnrolment.parse(
      (await call(env.app, 'POST', '/api/auth/two-step/totp', cookie)).json(),
    );
    const wrong = codeAt(secret, new Date(env.now().getTime() + 10 * 60_000));
    const res = await call(env.app, 'POST', '/api/auth/two-step/totp/confirm', cookie, {
      code: wrong,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message: WRONG_CODE });
    expect((await totpRow(user.id))?.confirmedAt).toBeNull();
    const refused = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'factor_refused'));
    expect(refused).toHaveLength(1);
  });

  it('takes a code of the step before or after, not two steps away', async () => {
    const { cookie } = await signedIn();
    const { secret } = totpEnrolment.parse(
      (await call(env.app, 'POST', '/api/auth/two-step/totp', cookie)).json(),
    );
    const confirm = (at: number) =>
      call(env.app, 'POST', '/api/auth/two-step/totp/confirm', cookie, {
        code: codeAt(secret, new Date(env.now().getTime() + at)),
      });
    expect((await confirm(60_000)).statusCode).toBe(400);
    expect((await confirm(-30_000)).statusCode).toBe(200);
  });

  it('does not replace a confirmed app: it must be removed first', async () => {
    const { cookie } = await signedIn();
    await enrolTotp(env.app, cookie, env.now());
    const res = await call(env.app, 'POST', '/api/auth/two-step/totp', cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ALREADY_SET_UP);
  });
});

describe('recovery codes', () => {
  it('are replaced all at once after a step-up, and their count is shown', async () => {
    const { cookie } = await signedIn();
    const { secret, recoveryCodes } = await enrolTotp(env.app, cookie, env.now());
    // The sign-in had no second factor: asked for one before new codes are made.
    const asked = await call(env.app, 'POST', '/api/auth/two-step/recovery-codes', cookie);
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error).toBe('step_up_required');
    env.advance(30_000);
    const stepped = await call(env.app, 'POST', '/api/auth/step-up', cookie, {
      code: codeAt(secret, env.now()),
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    const again = await call(env.app, 'POST', '/api/auth/two-step/recovery-codes', cookie);
    expect(again.statusCode, again.body).toBe(200);
    const fresh = recoveryCodesView.parse(again.json()).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    // An old code no longer steps up; a new one does, once.
    const old = await call(env.app, 'POST', '/api/auth/step-up', cookie, {
      code: recoveryCodes[0],
    });
    expect(old.statusCode).toBe(400);
    const used = await call(env.app, 'POST', '/api/auth/step-up', cookie, { code: fresh[0] });
    expect(used.statusCode).toBe(200);
    expect(await status(cookie)).toMatchObject({ recoveryCodesLeft: 9 });
  });
});

describe('removing the app', () => {
  it('takes a current code, refuses the same code again, and forgets the recovery codes', async () => {
    const { cookie } = await signedIn();
    const { secret } = await enrolTotp(env.app, cookie, env.now());
    // The confirming code's step is used: giving it again is a replay.
    const replay = await call(env.app, 'POST', '/api/auth/two-step/totp/remove', cookie, {
      code: codeAt(secret, env.now()),
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(REPLAYED_CODE);
    env.advance(30_000);
    const res = await call(env.app, 'POST', '/api/auth/two-step/totp/remove', cookie, {
      code: codeAt(secret, env.now()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(cookie)).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    const removed = await env.db
      .select()
      .from(t.auditLog)
      .where(eq(t.auditLog.action, 'factor_remove'));
    expect(removed).toHaveLength(1);
  });

  it('takes the password instead, and refuses a wrong one', async () => {
    const { cookie } = await signedIn();
    await enrolTotp(env.app, cookie, env.now());
    const wrong = await call(env.app, 'POST', '/api/auth/two-step/totp/remove', cookie, {
      password: 'not my password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await status(cookie)).toMatchObject({ totp: true });
    const res = await call(env.app, 'POST', '/api/auth/two-step/totp/remove', cookie, {
      password: TEST_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await status(cookie)).toMatchObject({ totp: false });
  });

  it('asks for a code or the password', async () => {
    const { cookie } = await signedIn();
    await enrolTotp(env.app, cookie, env.now());
    const res = await call(env.app, 'POST', '/api/auth/two-step/totp/remove', cookie, {});
    expect(res.statusCode).toBe(400);
    expect(await status(cookie)).toMatchObject({ totp: true });
  });

  it('is refused, in words, where the clinic requires a second factor and it is the last', async () => {
    const clinic = await createClinic(env.db, { secondFactorPolicy: 'admins' });
    const { cookie: enrolling } = await signedIn('admin', [clinic.id]);
    // The policy led this sign-in to set up the app; confirming it made the session whole.
    const { secret, answer } = await enrolTotp(env.app, enrolling, env.now());
    const cookie = sessionCookieOf(answer);
    expect(await status(cookie)).toMatchObject({ totp: true, required: true });
    env.advance(30_000);
    const res = await call(env.app, 'POST', '/api/auth/two-step/totp/remove', cookie, {
      code: codeAt(secret, env.now()),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(LAST_REQUIRED_FACTOR);
    expect(await status(cookie)).toMatchObject({ totp: true });
  });
});
