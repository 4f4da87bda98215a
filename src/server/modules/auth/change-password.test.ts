import { describe, expect, it } from 'vitest';
import { createClinic } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { createSignInUser, signIn, TEST_PASSWORD } from '../../test/auth-helpers';
import { SAME_PASSWORD_REFUSED } from './auth.service';
import { PASSWORD_REFUSALS } from '../../security/password-policy';

const env = useTestApp({ now: '2026-11-21T15:00:00Z' });

async function signedIn() {
  const user = await createSignInUser(env.db, {
    email: 'ada.park@riverside.example',
    name: 'Ada Park',
  });
  return { user, cookie: await signIn(env.app, user.email) };
}

const change = (cookie: string, currentPassword: string, newPassword: string) =>
  env.app.inject({
    method: 'POST',
    url: '/api/auth/password',
    headers: { cookie },
    payload: { currentPassword, newPassword },
    remoteAddress: '10.1.0.1',
  });

const signsInWith = async (email: string, password: string) =>
  (
    await env.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: '10.1.9.9',
    })
  ).statusCode === 200;

describe('choosing a new password', () => {
  it.each([
    ['aaaaaaaaaa', PASSWORD_REFUSALS.repeated],
    ['1234567890', PASSWORD_REFUSALS.common],
    ['          ', PASSWORD_REFUSALS.repeated],
    ['ada.park@riverside.example', PASSWORD_REFUSALS.personal],
    ['password1234', PASSWORD_REFUSALS.common],
  ])('refuses %j with a message to act on, and keeps the old password', async (weak, message) => {
    const { user, cookie } = await signedIn();
    const res = await change(cookie, TEST_PASSWORD, weak);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', message });
    expect(await signsInWith(user.email, TEST_PASSWORD)).toBe(true);
  });

  it('refuses the name of the service or of the clinic the account works at', async () => {
    const clinic = await createClinic(env.db, { name: 'Lakeview Surgery' });
    const user = await createSignInUser(env.db, {
      email: 'bo.lind@lakeview.example',
      name: 'Bo Lind',
      clinicIds: [clinic.id],
    });
    const cookie = await signIn(env.app, user.email);
    for (const weak of ['carebook2026', 'Lakeview-2026!', 'lakeviewsurgery']) {
      const res = await change(cookie, TEST_PASSWORD, weak);
      expect(res.json(), weak).toMatchObject({ message: PASSWORD_REFUSALS.service });
    }
    expect(await signsInWith(user.email, TEST_PASSWORD)).toBe(true);
  });

  it('refuses the current password as the new one', async () => {
    const { cookie } = await signedIn();
    const res = await change(cookie, TEST_PASSWORD, TEST_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SAME_PASSWORD_REFUSED);
  });

  it('takes a strong one', async () => {
    const { user, cookie } = await signedIn();
    expect((await change(cookie, TEST_PASSWORD, 'purple-monkey-dishwasher')).statusCode).toBe(200);
    expect(await signsInWith(user.email, 'purple-monkey-dishwasher')).toBe(true);
  });
});

describe('wrong current passwords', () => {
  it('are throttled like failed sign-ins, and the right one waits out the delay too', async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < 3; i++) {
      const res = await change(cookie, `wrong guess ${i}`, 'purple-monkey-dishwasher');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The current password is not correct.');
    }
    const waiting = await change(cookie, TEST_PASSWORD, 'purple-monkey-dishwasher');
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('4');
    expect(waiting.json()).toEqual({
      error: 'rate_limited',
      message: 'Too many wrong passwords. Please wait 4 seconds and try again.',
    });
    expect(await signsInWith(user.email, TEST_PASSWORD)).toBe(true);

    env.advance(4_000);
    expect((await change(cookie, TEST_PASSWORD, 'purple-monkey-dishwasher')).statusCode).toBe(200);
  });

  it('count toward sign-in from the same address', async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < 3; i++)
      await change(cookie, `wrong guess ${i}`, 'purple-monkey-dishwasher');
    const login = await env.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.1.0.1',
    });
    expect(login.statusCode).toBe(429);
  });
});
