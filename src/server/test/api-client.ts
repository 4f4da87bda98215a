import type { App } from '../app';
import type { Executor } from '../db/client';
import { sessionCookieFor, signIn } from './auth-helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A signed-in caller for API tests: `as.get('/api/…')`, `as.post(url, body)`. */
export async function apiAs(app: App, email: string) {
  return apiWithCookie(app, await signIn(app, email));
}

/**
 * A caller whose session is written straight into the database, without a sign-in: for tests that
 * count the audit log's rows, which a sign-in would add to.
 */
export async function apiWithSession(app: App, db: Executor, userId: string) {
  return apiWithCookie(app, await sessionCookieFor(db, userId));
}

function apiWithCookie(app: App, cookie: string) {
  const call = (
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url,
      headers: { cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    cookie,
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) =>
      call('POST', url, payload, headers),
    put: (url: string, payload?: unknown) => call('PUT', url, payload),
    patch: (url: string, payload?: unknown) => call('PATCH', url, payload),
    call,
  };
}
export type Api = ReturnType<typeof apiWithCookie>;
