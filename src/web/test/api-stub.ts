import { vi } from 'vitest';
import type { SessionUser } from '@contracts/auth';

// Component tests answer for the server with these stubs: the network is not theirs to test.

/** A JSON answer, as the server sends one. */
export function json(body: unknown, status = 200, statusText?: string): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The spec's error shape: `{ error, message }`. */
export function errorResponse(status: number, message: string, error = 'error'): Response {
  return json({ error, message }, status);
}

export interface ApiRequest {
  url: URL;
  method: string;
  headers: Headers;
  /** The JSON body, parsed; undefined when there is none or it is not JSON. */
  body: unknown;
  /** The body as sent. */
  text: string | undefined;
  /** What fetch was given, as it was given. */
  init: RequestInit;
}

type Answer = Response | null | undefined;
export type ApiHandler = (request: ApiRequest) => Answer | Promise<Answer>;

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Replaces fetch: each call goes to `handler`, and anything it does not answer is a 404 naming
 * the path, so a forgotten stub shows up in the test output. Every request is kept, in order,
 * in `requests` of what it returns.
 */
export function stubApi(handler: ApiHandler) {
  const requests: ApiRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: ApiRequest = {
      url: new URL(String(input), 'http://localhost'),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: parsed(text),
      text,
      init,
    };
    requests.push(request);
    return (
      (await handler(request)) ??
      errorResponse(404, `No stub for ${request.method} ${request.url.pathname}`, 'not_found')
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return Object.assign(fetchMock, { requests });
}

/** Routes named "METHOD /path", for `stubApi`; anything else is left unanswered. */
export function byRoute(
  routes: Record<string, (request: ApiRequest) => Response | Promise<Response>>,
): ApiHandler {
  return (request) => routes[`${request.method} ${request.url.pathname}`]?.(request);
}

/** The clinics the web tests' users work at. */
export const RIVERSIDE = {
  id: '7d2c0b0e-3a51-4f0f-8f43-6f1f1d2b9a01',
  slug: 'riverside',
  name: 'Riverside Family Clinic',
  timezone: 'America/New_York',
};
export const CAMDEN = {
  id: '1a0f6c2e-95b4-4d9b-8c55-0c9e4b7f3d22',
  slug: 'camden',
  name: 'Camden Health Centre',
  timezone: 'Europe/London',
};

export function makeSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '0b6f1d5e-8f4e-4c1e-9a51-5a4d3f0e2c11',
    email: 'alex.morgan@carebook.test',
    name: 'Alex Morgan',
    role: 'admin',
    timezone: 'America/New_York',
    theme: 'system',
    clinics: [RIVERSIDE],
    ...overrides,
  };
}

/** Answers GET /api/auth/session with `user`, or 401 when null; other calls go to `rest`. */
export function sessionHandler(user: SessionUser | null, rest?: ApiHandler): ApiHandler {
  return (request) => {
    if (request.url.pathname === '/api/auth/session') {
      return user ? json({ user }) : errorResponse(401, 'You need to sign in.', 'unauthorized');
    }
    return rest?.(request) ?? null;
  };
}

/** The API as `user` sees it (null: no one signed in): the session answered, the rest to `rest`. */
export function stubSignedIn(user: SessionUser | null, rest?: ApiHandler) {
  return stubApi(sessionHandler(user, rest));
}

/** A call a page made, as its test checks it. */
export interface ApiCall {
  path: string;
  method: string;
  body: unknown;
}

/**
 * The API as a page sees it when `user` is signed in: each call (but the session's) is noted in
 * the list returned, then put to `handlers` in turn until one answers: the test's own answer for
 * the case first, then the page's fake server.
 */
export function stubPageApi(user: SessionUser, ...handlers: ApiHandler[]): ApiCall[] {
  const calls: ApiCall[] = [];
  stubSignedIn(user, async (request) => {
    calls.push({ path: request.url.pathname, method: request.method, body: request.body });
    for (const handler of handlers) {
      const answer = await handler(request);
      if (answer) return answer;
    }
    return null;
  });
  return calls;
}

/**
 * jsdom lacks what Radix Select and Dialog reach for (pointer capture, scrolling into view), and
 * sonner as a toast is pressed.
 */
export function polyfillPointerApis() {
  Element.prototype.scrollIntoView = vi.fn();
  Element.prototype.hasPointerCapture = vi.fn(() => false);
  Element.prototype.setPointerCapture = vi.fn();
  Element.prototype.releasePointerCapture = vi.fn();
}
