import { vi } from 'vitest';
import type { SessionUser } from '@contracts/auth';

// Component tests answer for the server with these stubs: the network is not theirs to test.

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function errorResponse(status: number, message: string, error = 'error'): Response {
  return jsonResponse({ error, message }, status);
}

export type ApiHandler = (request: { url: URL; method: string; body: unknown }) => Response | null;

/**
 * Replaces fetch: each call goes to `handler`, and anything it does not answer is a 404 naming
 * the path, so a forgotten stub shows up in the test output.
 */
export function stubApi(handler: ApiHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return (
      handler({ url, method, body }) ??
      errorResponse(404, `No stub for ${method} ${url.pathname}`, 'not_found')
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function makeSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '0b6f1d5e-8f4e-4c1e-9a51-5a4d3f0e2c11',
    email: 'alex.morgan@carebook.test',
    name: 'Alex Morgan',
    role: 'admin',
    timezone: 'America/New_York',
    theme: 'system',
    clinics: [
      {
        id: '7d2c0b0e-3a51-4f0f-8f43-6f1f1d2b9a01',
        slug: 'riverside',
        name: 'Riverside Family Clinic',
        timezone: 'America/New_York',
      },
    ],
    ...overrides,
  };
}

/** Answers GET /api/auth/session with `user`, or 401 when null; other calls go to `rest`. */
export function sessionHandler(user: SessionUser | null, rest?: ApiHandler): ApiHandler {
  return (request) => {
    if (request.url.pathname === '/api/auth/session') {
      return user
        ? jsonResponse({ user })
        : errorResponse(401, 'You need to sign in.', 'unauthorized');
    }
    return rest?.(request) ?? null;
  };
}
