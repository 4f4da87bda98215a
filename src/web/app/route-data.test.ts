// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { appointmentKeys } from '@web/queries/query-keys';
import { createQueryClient } from '@web/lib/query-client';
import { errorResponse, json, makeSessionUser, stubApi, stubSignedIn } from '@web/test/api-stub';
import { cleanUpAfterEach } from '@web/test/render-with-client';
import { createRoutes } from './router';

cleanUpAfterEach();

/** The route at `path` (its own segment, as the router writes it) among `routes`, at any depth. */
function findRoute(routes: RouteObject[], path: string): RouteObject | undefined {
  for (const route of routes) {
    if (route.path === path) return route;
    const found = route.children && findRoute(route.children, path);
    if (found) return found;
  }
  return undefined;
}

function runLoader(route: RouteObject | undefined, url: string) {
  const loader = route?.loader;
  if (typeof loader !== 'function') throw new Error('the route has no loader');
  return loader({ request: new Request(url), params: {} } as LoaderFunctionArgs);
}

const user = makeSessionUser({ timezone: 'America/New_York' });
const page = { data: [], pagination: { currentPage: 1, hasNextPage: false } };

describe("a route's first data (ADR 064)", () => {
  it('asks for the appointments list under the key the page reads', async () => {
    const fetchMock = stubSignedIn(user, ({ url }) =>
      url.pathname === '/api/appointments/paginated'
        ? json(page)
        : url.pathname === '/api/appointments/counts'
          ? json({})
          : url.pathname === '/api/clinics'
            ? json([])
            : null,
    );
    const client = createQueryClient();
    const routes = createRoutes(client);

    // Resolves once the list is asked for, not answered: the router waits for the page's code.
    await expect(
      runLoader(findRoute(routes, 'appointments'), 'http://localhost/appointments?status=upcoming'),
    ).resolves.toBeNull();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
    const list = asked.find((u) => u.pathname === '/api/appointments/paginated');
    expect(list?.searchParams.get('status')).toBe('upcoming');
    expect(list?.searchParams.get('timezone')).toBe('America/New_York');
    expect(asked.map((u) => u.pathname)).toEqual(
      expect.arrayContaining(['/api/appointments/counts', '/api/clinics']),
    );

    // The page's own query (AppointmentsPage: the URL's filters and the viewer's zone) is this one.
    const key = appointmentKeys.list({ status: 'upcoming', timezone: 'America/New_York' });
    expect(client.getQueryCache().find({ queryKey: key, exact: true })).toBeDefined();
  });

  it('asks for nothing more when nobody is signed in, and never fails on a failed session check', async () => {
    const fetchMock = stubSignedIn(null);
    const route = findRoute(createRoutes(createQueryClient()), 'appointments');
    await expect(runLoader(route, 'http://localhost/appointments')).resolves.toBeNull();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/api/auth/session']);

    stubApi(() => errorResponse(400, 'Bad session check'));
    const again = findRoute(createRoutes(createQueryClient()), 'dashboard');
    await expect(runLoader(again, 'http://localhost/dashboard')).resolves.toBeNull();
  });

  it('adds no loader without the app’s client (tests, error reporting)', () => {
    expect(findRoute(createRoutes(), 'appointments')?.loader).toBeUndefined();
  });
});
