import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, useTestApp } from '../../test/test-app';
import { createSignInUser, signIn, signInFrom, TEST_PASSWORD } from '../../test/auth-helpers';
import { createClinic } from '../../test/factories';
import * as t from '../../db/schema';

const env = useTestApp({ now: '2026-11-21T15:00:00Z' });
const advance = (minutes: number) => env.advance(minutes * 60_000);

const session = (cookie?: string) =>
  env.app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} });
const login = (email: string, password: string, ip = '10.0.0.1') =>
  signInFrom(env.app, email, password, ip);

describe('sign-in', () => {
  it('signs a user in with an httpOnly, SameSite=Lax session cookie and returns them with their clinics', async () => {
    const clinic = await createClinic(env.db, { name: 'Riverside' });
    const user = await createSignInUser(env.db, {
      role: 'nurse',
      clinicIds: [clinic.id],
    });
    const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'carebook_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    expect(res.json().user).toMatchObject({
      email: user.email,
      role: 'nurse',
      clinics: [{ slug: clinic.slug }],
    });

    const me = await session(`carebook_session=${cookie.value}`);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      id: user.id,
      email: user.email,
      name: user.name,
      role: 'nurse',
    });
  });

  it('audits a sign-in whole at once, with the address it came from; a refused one is not', async () => {
    const user = await createSignInUser(env.db, { role: 'provider' });
    expect((await login(user.email, 'not the password', '10.0.7.7')).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, '10.0.7.8')).statusCode).toBe(200);
    const rows = await env.db.select().from(t.auditLog).where(eq(t.auditLog.userId, user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'sign_in',
        entityType: 'user',
        entityId: user.id,
        ip: '10.0.7.8',
        details: { method: 'password' },
      }),
    ]);
  });

  it('marks the cookie Secure behind https', async () => {
    const user = await createSignInUser(env.db);
    const proxied = await buildTestApp(env.handle, { config: { TRUST_PROXY: 1 } });
    const res = await proxied.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-proto': 'https' },
    });
    await proxied.close();
    expect(res.cookies.find((c) => c.name === 'carebook_session')?.secure).toBe(true);
  });

  it('gives the same message for a wrong password and an unknown email', async () => {
    const user = await createSignInUser(env.db);
    const wrong = await login(user.email, 'not the password');
    const unknown = await login('nobody@nowhere.test', 'whatever it is');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password.');
  });

  it('refuses a deactivated user, and ends their sessions', async () => {
    const user = await createSignInUser(env.db);
    const cookie = await signIn(env.app, user.email);
    await env.db.update(t.users).set({ active: false }).where(eq(t.users.id, user.id));
    expect((await session(cookie)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a NUL byte in the email as bad input, not as a database error', async () => {
    const res = await login('a\u0000@example.com', 'whatever', '10.0.0.7');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'bad_request',
      details: 'Email must not contain NUL characters.',
      fields: [{ field: 'email', message: 'Email must not contain NUL characters.' }],
    });
  });

  it('answers 401 without a session and for a made-up cookie', async () => {
    expect((await session()).statusCode).toBe(401);
    expect((await session('carebook_session=made-up')).json()).toMatchObject({
      error: 'unauthorized',
    });
  });
});

describe('the per-address request limit on sign-in', () => {
  it('answers 429 past the configured number of attempts a minute', async () => {
    const limited = await buildTestApp(env.handle, {
      config: { LOGIN_RATE_LIMIT_PER_MINUTE: 3 },
    });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `x${i}@example.com`, password: 'pw' },
      });
      codes.push(res.statusCode);
    }
    await limited.close();
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});

describe('session lifetime', () => {
  it('ends a session idle for more than 30 minutes', async () => {
    const user = await createSignInUser(env.db);
    const cookie = await signIn(env.app, user.email);
    advance(29);
    expect((await session(cookie)).statusCode).toBe(200);
    advance(29);
    expect((await session(cookie)).statusCode).toBe(200);
    advance(31);
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('ends a busy session after its 12-hour absolute lifetime', async () => {
    const user = await createSignInUser(env.db);
    const cookie = await signIn(env.app, user.email);
    for (let elapsed = 20; elapsed < 12 * 60; elapsed += 20) {
      advance(20);
      expect((await session(cookie)).statusCode).toBe(200);
    }
    advance(20);
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('signs out: the cookie is cleared and the session no longer works', async () => {
    const user = await createSignInUser(env.db);
    const cookie = await signIn(env.app, user.email);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'carebook_session')?.value).toBe('');
    expect((await session(cookie)).statusCode).toBe(401);
  });

  it('ends the session the browser came with when it signs in again, as anyone', async () => {
    const first = await createSignInUser(env.db);
    const second = await createSignInUser(env.db);
    const otherDevice = await signIn(env.app, first.email);
    // The same person again, then someone else at the same browser (a shared front desk).
    for (const [holder, signer] of [
      [first, first],
      [first, second],
    ] as const) {
      const before = await signIn(env.app, holder.email);
      const res = await env.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: signer.email, password: TEST_PASSWORD },
        headers: { cookie: before },
      });
      expect(res.statusCode).toBe(200);
      expect((await session(before)).statusCode).toBe(401);
      const fresh = res.cookies.find((c) => c.name === 'carebook_session')!.value;
      expect((await session(`carebook_session=${fresh}`)).json().user.id).toBe(signer.id);
    }
    // Signing in on another device leaves this one alone: people use a phone and a desk.
    expect((await session(otherDevice)).statusCode).toBe(200);
  });

  it('keeps the session it came with when the sign-in fails', async () => {
    const user = await createSignInUser(env.db);
    const cookie = await signIn(env.app, user.email);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'not the password' },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(401);
    expect((await session(cookie)).statusCode).toBe(200);
  });

  it('ends the other sessions, not this one, when the password changes', async () => {
    const user = await createSignInUser(env.db);
    const laptop = await signIn(env.app, user.email);
    const phone = await signIn(env.app, user.email);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: laptop },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a much longer new password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await session(laptop)).statusCode).toBe(200);
    expect((await session(phone)).statusCode).toBe(401);
    expect((await login(user.email, 'a much longer new password')).statusCode).toBe(200);
  });

  it('refuses a password change with the wrong current password', async () => {
    const user = await createSignInUser(env.db);
    const cookie = await signIn(env.app, user.email);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie },
      payload: { currentPassword: 'nope', newPassword: 'a much longer new password' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('cross-site requests', () => {
  it.each([
    [{ origin: 'https://evil.example' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ origin: 'null' }],
  ])('refuses a mutation with %j', async (headers) => {
    const user = await createSignInUser(env.db);
    const cookie = await signIn(env.app, user.email);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, ...headers },
    });
    expect(res.statusCode).toBe(403);
    expect((await session(cookie)).statusCode).toBe(200);
  });

  it('accepts a same-origin mutation', async () => {
    const user = await createSignInUser(env.db);
    const cookie = await signIn(env.app, user.email);
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: {
        cookie,
        origin: 'http://localhost:80',
        host: 'localhost:80',
        'sec-fetch-site': 'same-origin',
      },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('route rules', () => {
  it('cannot register an /api route without an access rule', async () => {
    const probe = await buildTestApp(env.handle);
    expect(() => probe.get('/api/forgotten', async () => ({}))).toThrow(/declares no access rule/);
    await probe.close();
  });
});

describe('a session part-way through signing in (ADR 046)', () => {
  it('is no session on any route that does not finish signing in', async () => {
    const user = await createSignInUser(env.db, { role: 'admin' });
    const res = await login(user.email, TEST_PASSWORD);
    const cookie = `carebook_session=${res.cookies.find((c) => c.name === 'carebook_session')!.value}`;
    expect((await session(cookie)).statusCode).toBe(200);

    for (const stage of ['second_factor', 'enrol'] as const) {
      await env.db.update(t.sessions).set({ stage }).where(eq(t.sessions.userId, user.id));
      expect((await session(cookie)).statusCode).toBe(401);
      const list = await env.app.inject({
        method: 'GET',
        url: '/api/clinics',
        headers: { cookie },
      });
      expect(list.statusCode).toBe(401);
    }
  });
});
