import { expect } from 'vitest';
import { passkeyCreationOptions, passkeyRequestOptions, passkeyView } from '@contracts/passkeys';
import type { App } from '../../app';
import type { Executor } from '../../db/client';
import type { Api } from '../../test/api-client';
import { softwareAuthenticator, type SoftwareCredential } from '../../test/software-authenticator';
import { sessionCookieFor } from '../../test/auth-helpers';

// What the passkey tests share: the site they run as, and a registration done the whole way.

export const PUBLIC_URL = 'https://care.example.org';
export const authenticator = softwareAuthenticator({
  origin: PUBLIC_URL,
  rpId: 'care.example.org',
});

/** A request with a given session cookie, as the web app sends it. */
export const callWith = (
  app: App,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Adds a passkey through the API, as Settings does, and gives its software credential. */
export async function addPasskey(
  api: Api,
  settings: { name?: string; counter?: number } = {},
): Promise<{ credential: SoftwareCredential; id: string }> {
  const options = passkeyCreationOptions.parse(
    (await api.post('/api/auth/passkeys/registration-options')).json(),
  );
  const { credential, response } = authenticator.create(options, settings);
  const res = await api.post('/api/auth/passkeys', {
    response,
    ...(settings.name ? { name: settings.name } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { credential, id: passkeyView.parse(res.json()).id };
}

/**
 * A session part-way through signing in (its password given, its second factor owed), written as
 * sign-in writes one for a user with a second factor (ADR 046).
 */
export function pendingSessionCookie(db: Executor, userId: string, now: Date) {
  return sessionCookieFor(db, userId, now, {
    lifetimeMs: 10 * 60_000,
    stage: 'second_factor',
    method: 'password',
  });
}

/** The options a session gets for confirming with a passkey (second factor or step-up). */
export async function secondFactorOptions(app: App, cookie: string) {
  const res = await callWith(app, cookie, 'POST', '/api/auth/passkeys/second-factor-options');
  expect(res.statusCode, res.body).toBe(200);
  return passkeyRequestOptions.parse(res.json());
}

export const sessionCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const cookie = res.cookies.find((c) => c.name === 'carebook_session');
  return cookie ? `carebook_session=${cookie.value}` : undefined;
};
