import { expect } from 'vitest';
import type { App } from '../../app';
import { TEST_PASSWORD } from '../../test/auth-helpers';
import { totpCodeAt } from './totp';

// What the two-step sign-in tests share: signing in with the password, setting up the app with
// real codes computed at the app's clock, and reading cookies off answers.

type Answer = Awaited<ReturnType<App['inject']>>;

export const cookieValue = (res: Answer, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

/** The Cookie header of the session an answer set. */
export function sessionCookieOf(res: Answer): string {
  const value = cookieValue(res, 'carebook_session');
  if (!value) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `carebook_session=${value}`;
}

export const passwordSignIn = (app: App, email: string, cookie?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: TEST_PASSWORD },
    headers: cookie ? { cookie } : {},
  });

export const call = (
  app: App,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  cookie: string,
  payload?: object,
) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Starts and confirms the app at `now`; answers its key and the recovery codes shown. */
export async function enrolTotp(app: App, cookie: string, now: Date) {
  const started = await call(app, 'POST', '/api/auth/two-step/totp', cookie);
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await call(app, 'POST', '/api/auth/two-step/totp/confirm', cookie, {
    code: totpCodeAt(secret, now),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
  return { secret, recoveryCodes, answer: confirmed };
}

export const codeAt = totpCodeAt;
