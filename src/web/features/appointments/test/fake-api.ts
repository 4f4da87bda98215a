import { vi } from 'vitest';
import { configure } from '@testing-library/react';

// These component tests wait on real timers and promises; on a busy machine 1 s is not enough.
configure({ asyncUtilTimeout: 5000 });

export interface RecordedCall {
  method: string;
  url: URL;
  headers: Headers;
  body: string | undefined;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Stands in for the server behind `fetch`, the one thing these components talk to. Routes are
 * "METHOD /path"; unknown calls answer 404 so a forgotten route fails loudly.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call: RecordedCall = {
        method: init.method ?? 'GET',
        url: new URL(input, 'http://localhost'),
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? init.body : undefined,
      };
      calls.push(call);
      const handler = routes[`${call.method} ${call.url.pathname}`];
      return handler ? handler(call) : json({ error: 'Not Found', message: 'No such route' }, 404);
    }),
  );
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
