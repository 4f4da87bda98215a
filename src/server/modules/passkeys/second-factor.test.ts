import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessionResponse } from '@contracts/auth';
import * as t from '../../db/schema';
import { useScenario, useTestApp } from '../../test/test-app';
import { sessionIdOf } from '../auth';
import { ASSERTION_EXPIRED, ASSERTION_FAILED, COUNTER_WENT_BACK } from './assertion.service';
import {
  addPasskey,
  authenticator,
  callWith,
  pendingSessionCookie,
  PUBLIC_URL,
  secondFactorOptions,
  sessionCookieOf,
} from './passkey-test-kit';

const env = useTestApp({ now: '2026-11-23T12:00:00Z', config: { PUBLIC_URL } });
const { s, staff, admin } = useScenario(env, 'admin');

const tokenOf = (cookie: string) => cookie.slice('carebook_session='.length);
const sessionRow = async (cookie: string) => {
  const [row] = await env.db
    .select()
    .from(t.sessions)
    .where(eq(t.sessions.id, sessionIdOf(tokenOf(cookie))));
  return row;
};
const auditOf = (action: 'factor_verify' | 'factor_refused') =>
  env.db.select().from(t.auditLog).where(eq(t.auditLog.action, action));

describe('a passkey as the second factor', () => {
  it('finishes signing in: the pending session ends and a whole one starts', async () => {
    const { credential, id } = await addPasskey(staff, { counter: 7 });
    const pending = await pendingSessionCookie(env.db, s.staff.id, env.now());
    const options = await secondFactorOptions(env.app, pending);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([
      credential.id.toString('base64url'),
    ]);
    expect(options.rpId).toBe('care.example.org');

    env.advance(30_000);
    const response = authenticator.get(credential, options);
    const res = await callWith(env.app, pending, 'POST', '/api/auth/passkeys/second-factor', {
      response,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(sessionResponse.parse(res.json()).user).toMatchObject({ id: s.staff.id });
    const whole = sessionCookieOf(res)!;
    expect(whole).not.toBe(pending);
    expect(await sessionRow(whole)).toMatchObject({
      stage: 'full',
      method: 'password',
      secondFactorAt: env.now(),
      revokedAt: null,
    });
    expect((await sessionRow(pending))?.revokedAt).toEqual(env.now());
    expect((await callWith(env.app, whole, 'GET', '/api/auth/session')).statusCode).toBe(200);
    const [row] = await env.db.select().from(t.userPasskeys).where(eq(t.userPasskeys.id, id));
    expect(row).toMatchObject({ signCount: 8, lastUsedAt: env.now() });
    expect(await auditOf('factor_verify')).toEqual([
      expect.objectContaining({
        userId: s.staff.id,
        details: { factor: 'passkey', passkeyId: id, stepUp: false },
      }),
    ]);
  });

  it('is refused a second time with the same answer', async () => {
    const { credential } = await addPasskey(staff);
    const pending = await pendingSessionCookie(env.db, s.staff.id, env.now());
    const options = await secondFactorOptions(env.app, pending);
    const response = authenticator.get(credential, options);
    const send = (cookie: string) =>
      callWith(env.app, cookie, 'POST', '/api/auth/passkeys/second-factor', { response });
    expect((await send(pending)).statusCode).toBe(200);
    // The pending session has ended; another pending one replays the answer.
    const other = await pendingSessionCookie(env.db, s.staff.id, env.now());
    const replay = await send(other);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe(ASSERTION_EXPIRED);
    expect((await sessionRow(other))?.stage).toBe('second_factor');
  });

  it('refuses a challenge another session asked for', async () => {
    const { credential } = await addPasskey(staff);
    const asking = await pendingSessionCookie(env.db, s.staff.id, env.now());
    const other = await pendingSessionCookie(env.db, s.staff.id, env.now());
    const options = await secondFactorOptions(env.app, asking);
    const res = await callWith(env.app, other, 'POST', '/api/auth/passkeys/second-factor', {
      response: authenticator.get(credential, options),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ASSERTION_EXPIRED);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('refuses a counter that went backwards, and the session stays pending', async () => {
    const { credential, id } = await addPasskey(staff, { counter: 10 });
    const pending = await pendingSessionCookie(env.db, s.staff.id, env.now());
    const options = await secondFactorOptions(env.app, pending);
    const res = await callWith(env.app, pending, 'POST', '/api/auth/passkeys/second-factor', {
      response: authenticator.get(credential, options, { counter: 4 }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(COUNTER_WENT_BACK);
    expect(await sessionRow(pending)).toMatchObject({ stage: 'second_factor', revokedAt: null });
    const [row] = await env.db.select().from(t.userPasskeys).where(eq(t.userPasskeys.id, id));
    expect(row?.signCount).toBe(10);
    expect(await auditOf('factor_refused')).toEqual([
      expect.objectContaining({
        userId: s.staff.id,
        details: { factor: 'passkey', reason: 'counter', passkeyId: id },
      }),
    ]);
  });

  it('accepts a passkey that keeps no counter (both zero)', async () => {
    const { credential } = await addPasskey(staff, { counter: 0 });
    const pending = await pendingSessionCookie(env.db, s.staff.id, env.now());
    const options = await secondFactorOptions(env.app, pending);
    const res = await callWith(env.app, pending, 'POST', '/api/auth/passkeys/second-factor', {
      response: authenticator.get(credential, options, { counter: 0 }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses another user’s passkey, and a forged signature', async () => {
    const adminKey = await addPasskey(admin);
    const own = await addPasskey(staff);
    const pending = await pendingSessionCookie(env.db, s.staff.id, env.now());

    const options = await secondFactorOptions(env.app, pending);
    const theirs = await callWith(env.app, pending, 'POST', '/api/auth/passkeys/second-factor', {
      response: authenticator.get(adminKey.credential, options),
    });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(ASSERTION_FAILED);

    const again = await secondFactorOptions(env.app, pending);
    const forged = authenticator.get(own.credential, again);
    const signature = Buffer.from(forged.response.signature, 'base64url');
    signature[signature.length - 1]! ^= 0xff;
    forged.response.signature = signature.toString('base64url');
    const res = await callWith(env.app, pending, 'POST', '/api/auth/passkeys/second-factor', {
      response: forged,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ASSERTION_FAILED);
    expect((await sessionRow(pending))?.stage).toBe('second_factor');
    expect((await auditOf('factor_refused')).map((r) => r.details)).toEqual([
      { factor: 'passkey', reason: 'unknown_credential', passkeyId: null },
      { factor: 'passkey', reason: 'signature', passkeyId: own.id },
    ]);
  });

  it('is for sessions waiting for it: a whole one is told to step up instead', async () => {
    const { credential } = await addPasskey(staff);
    const options = await secondFactorOptions(env.app, staff.cookie);
    const res = await staff.post('/api/auth/passkeys/second-factor', {
      response: authenticator.get(credential, options),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This session is not waiting for a second factor.');
  });
});

describe('a passkey as a step-up', () => {
  it('marks the whole session’s second factor as given now', async () => {
    const { credential, id } = await addPasskey(staff);
    env.advance(60_000);
    const options = await secondFactorOptions(env.app, staff.cookie);
    const res = await staff.post('/api/auth/passkeys/step-up', {
      response: authenticator.get(credential, options),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, secondFactorAt: env.now().toISOString() });
    expect((await sessionRow(staff.cookie))?.secondFactorAt).toEqual(env.now());
    expect((await auditOf('factor_verify')).map((r) => r.details)).toEqual([
      { factor: 'passkey', passkeyId: id, stepUp: true },
    ]);
  });

  it('is not reached by a session still waiting for its second factor', async () => {
    const { credential } = await addPasskey(staff);
    const pending = await pendingSessionCookie(env.db, s.staff.id, env.now());
    const options = await secondFactorOptions(env.app, pending);
    const res = await callWith(env.app, pending, 'POST', '/api/auth/passkeys/step-up', {
      response: authenticator.get(credential, options),
    });
    expect(res.statusCode).toBe(401);
  });
});
