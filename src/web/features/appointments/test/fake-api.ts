import { json, stubApi } from '@web/test/api-stub';

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

/**
 * Stands in for the server behind `fetch`, the one thing these components talk to. Routes are
 * "METHOD /path"; unknown calls answer 404 so a forgotten route fails loudly. The calls keep
 * each body as sent.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  stubApi(({ method, url, headers, text }) => {
    const call: RecordedCall = { method, url, headers, body: text };
    calls.push(call);
    return routes[`${method} ${url.pathname}`]?.(call);
  });
  return calls;
}

export function sessionAs(role: 'admin' | 'provider' | 'nurse' | 'staff') {
  return () =>
    json({
      user: {
        id: 'u-1',
        email: `${role}@carebook.test`,
        name: 'Sam Ortiz',
        role,
        timezone: 'America/New_York',
        theme: 'system',
        clinics: [
          {
            id: 'clinic-1',
            slug: 'riverside',
            name: 'Riverside Family Clinic',
            timezone: 'America/New_York',
          },
        ],
      },
    });
}
