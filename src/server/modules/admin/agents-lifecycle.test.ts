import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { createSignInUser, TEST_PASSWORD } from '../../test/auth-helpers';
import { ACCOUNT_OUTSIDE_SCOPE } from './agent-rules';
import { adminWorld, login, sessionOf, signInAs, type AdminWorld } from './admin-test-fixtures';

const env = useTestApp();
let w: AdminWorld;
beforeEach(async () => {
  w = await adminWorld(env.db, env.app);
});

const UNKNOWN_ID = '0b7f2c4e-3a1d-4e5f-9a8b-7c6d5e4f3a2b';
const NEW_PASSWORD = 'a brand new passphrase';

/** The admin's action on an account: deactivate, activate, or a new password. */
const postToAgent = (
  id: string,
  action: 'deactivate' | 'activate' | 'password',
  payload?: { password: string },
) =>
  w.call({
    method: 'POST',
    url: `/api/admin/agents/${id}/${action}`,
    ...(payload === undefined ? {} : { payload }),
  });

describe('deactivating and activating', () => {
  it('ends the user’s sessions at once and refuses their sign-in, until activated again', async () => {
    const nurse = await signInAs(env.app, w.colleague.email);
    const res = await postToAgent(w.colleague.id, 'deactivate');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: w.colleague.id, active: false });
    expect((await sessionOf(env.app, nurse)).statusCode).toBe(401);
    expect((await login(env.app, w.colleague.email, TEST_PASSWORD)).statusCode).toBe(401);

    const back = await postToAgent(w.colleague.id, 'activate');
    expect(back.json()).toMatchObject({ active: true });
    expect((await login(env.app, w.colleague.email, TEST_PASSWORD)).statusCode).toBe(200);
    // The old session stays ended: activation is not a way to revive a stolen cookie.
    expect((await sessionOf(env.app, nurse)).statusCode).toBe(401);
  });

  it('refuses an admin deactivating themselves', async () => {
    const res = await postToAgent(w.admin.id, 'deactivate');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cannot deactivate your own account/);
    expect((await sessionOf(env.app, w.cookie)).statusCode).toBe(200);
  });

  it('cannot touch a user who works only in another admin’s clinic', async () => {
    const theirs = await signInAs(env.app, w.stranger.email);
    const res = await postToAgent(w.stranger.id, 'deactivate');
    expect(res.statusCode).toBe(404);
    expect((await sessionOf(env.app, theirs)).statusCode).toBe(200);
  });
});

describe('someone who also works at a clinic the admin does not manage', () => {
  it('can be neither deactivated nor given a new password by that admin', async () => {
    const theirs = await signInAs(env.app, w.shared.email);
    for (const [url, payload] of [
      [`/api/admin/agents/${w.shared.id}/deactivate`, undefined],
      [`/api/admin/agents/${w.shared.id}/password`, { password: NEW_PASSWORD }],
    ] as const) {
      const res = await w.call({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: ACCOUNT_OUTSIDE_SCOPE });
    }
    expect((await sessionOf(env.app, theirs)).statusCode).toBe(200);
    expect((await login(env.app, w.shared.email, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await login(env.app, w.shared.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('is theirs to manage once the admin manages all their clinics', async () => {
    const both = await createSignInUser(env.db, {
      role: 'admin',
      clinicIds: [w.north.id, w.elsewhere.id],
    });
    const cookie = await signInAs(env.app, both.email);
    const res = await env.app.inject({
      method: 'POST',
      url: `/api/admin/agents/${w.shared.id}/password`,
      payload: { password: NEW_PASSWORD },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect((await login(env.app, w.shared.email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('resetting a password', () => {
  it('sets the new password and ends every session of the user', async () => {
    const laptop = await signInAs(env.app, w.colleague.email);
    const phone = await signInAs(env.app, w.colleague.email);
    const res = await postToAgent(w.colleague.id, 'password', { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await sessionOf(env.app, laptop)).statusCode).toBe(401);
    expect((await sessionOf(env.app, phone)).statusCode).toBe(401);
    expect((await login(env.app, w.colleague.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(env.app, w.colleague.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('lifts the sign-in throttle of the account', async () => {
    const from = (password: string) =>
      env.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: w.colleague.email, password },
        remoteAddress: '10.66.0.1',
      });
    for (let i = 0; i < 5; i++) await from('guess');
    expect((await from(TEST_PASSWORD)).statusCode).toBe(429);
    await postToAgent(w.colleague.id, 'password', { password: NEW_PASSWORD });
    expect((await from(NEW_PASSWORD)).statusCode).toBe(200);
  });

  it.each([
    ['aaaaaaaaaa', 'repeats the same characters'],
    ['1234567890', 'too common'],
    ['carebook123', 'name of Carebook or of your clinic'],
    ['northside2026', 'name of Carebook or of your clinic'],
  ])('refuses %j and keeps the old password', async (weak, reason) => {
    const res = await postToAgent(w.colleague.id, 'password', { password: weak });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(reason);
    expect((await login(env.app, w.colleague.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a password made of the person’s own email', async () => {
    const res = await postToAgent(w.colleague.id, 'password', {
      password: `${w.colleague.email}!`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/must not contain the email address or name/);
  });

  it('keeps the admin’s own session when they reset their own password', async () => {
    const other = await signInAs(env.app, w.admin.email);
    const res = await postToAgent(w.admin.id, 'password', { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await sessionOf(env.app, w.cookie)).statusCode).toBe(200);
    expect((await sessionOf(env.app, other)).statusCode).toBe(401);
  });

  it('refuses a short password', async () => {
    const res = await postToAgent(w.colleague.id, 'password', { password: 'short' });
    expect(res.statusCode).toBe(400);
  });
});

describe('who may administer staff', () => {
  it.each(['provider', 'nurse', 'staff'] as const)('refuses a %s with 403', async (role) => {
    const user = await createSignInUser(env.db, { role, clinicIds: [w.north.id] });
    const cookie = await signInAs(env.app, user.email);
    for (const [method, url] of [
      ['GET', '/api/admin/agents'],
      ['POST', `/api/admin/agents/${w.colleague.id}/deactivate`],
      ['GET', '/api/admin/audit'],
    ] as const) {
      const res = await env.app.inject({ method, url, headers: { cookie } });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const colleague = await w.call({ method: 'GET', url: `/api/admin/agents/${w.colleague.id}` });
    expect(colleague.json().active).toBe(true);
  });

  it('asks an anonymous caller to sign in', async () => {
    const res = await env.app.inject({ method: 'GET', url: '/api/admin/agents' });
    expect(res.statusCode).toBe(401);
  });
});

describe('bad input', () => {
  const create = (payload: string | object, headers: Record<string, string> = {}) =>
    w.call({
      method: 'POST',
      url: '/api/admin/agents',
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const valid = () => ({
    email: 'new.person@clinic.test',
    name: 'New Person',
    role: 'staff',
    clinicIds: [w.north.id],
    password: 'a long enough password',
  });

  it('answers malformed JSON with 400', async () => {
    const res = await create('{"email": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request' });
  });

  it.each([
    ['a number for a name', { name: 42 }],
    ['an unknown role', { role: 'superuser' }],
    ['a bad email', { email: 'not-an-email' }],
    ['a NUL byte in the name', { name: 'Bad\u0000Name' }],
    ['an empty name', { name: '   ' }],
    ['a clinic id that is not a UUID', { clinicIds: ['north'] }],
    ['clinicIds that is not a list', { clinicIds: 'north' }],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }],
    ['a missing password', { password: undefined }],
  ])('answers %s with 400', async (_label, change) => {
    const res = await create({ ...valid(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });

  it('answers a NUL byte in an edited name with 400 and changes nothing', async () => {
    const res = await w.call({
      method: 'PUT',
      url: `/api/admin/agents/${w.colleague.id}`,
      payload: { name: 'Nora\u0000' },
    });
    expect(res.statusCode).toBe(400);
    const after = await w.call({ method: 'GET', url: `/api/admin/agents/${w.colleague.id}` });
    expect(after.json().name).toBe('Nora Nurse');
  });

  it.each([
    ['GET', ''],
    ['PUT', ''],
    ['POST', '/deactivate'],
    ['POST', '/activate'],
    ['POST', '/password'],
  ] as const)(
    'answers %s …%s with 404 for an unknown id and 400 for a non-UUID',
    async (method, tail) => {
      const payload =
        method === 'PUT'
          ? { name: 'X' }
          : tail === '/password'
            ? { password: NEW_PASSWORD }
            : undefined;
      const unknown = await w.call({
        method,
        url: `/api/admin/agents/${UNKNOWN_ID}${tail}`,
        payload,
      });
      expect(unknown.statusCode).toBe(404);
      const malformed = await w.call({
        method,
        url: `/api/admin/agents/not-a-uuid${tail}`,
        payload,
      });
      expect(malformed.statusCode).toBe(400);
    },
  );
});
