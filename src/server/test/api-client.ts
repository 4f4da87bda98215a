import type { App } from '../app';
import { signIn } from './auth-helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A signed-in caller for API tests: `as.get('/api/…')`, `as.post(url, body)`. */
export async function apiAs(app: App, email: string) {
  const cookie = await signIn(app, email);
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
export type Api = Awaited<ReturnType<typeof apiAs>>;
