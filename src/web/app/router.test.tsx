// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SessionUser } from '@contracts/auth';
import { stubViewportWidth } from '@web/test/stub-match-media';
import { routes } from './router';
import {
  errorResponse,
  json,
  makeSessionUser,
  stubSignedIn,
  type ApiHandler,
} from '@web/test/api-stub';
import { cleanUpAfterEach, renderAppRoutes } from '@web/test/render-with-client';

const admin = makeSessionUser();
const nurse = makeSessionUser({
  name: 'Nora Kelly, RN',
  email: 'nora@carebook.test',
  role: 'nurse',
});

/** Other pages' calls answer with empty lists, so each page can render around no data. */
const emptyLists: ApiHandler = ({ url }) =>
  url.pathname === '/api/admin/agents' || url.pathname === '/api/admin/api-tokens'
    ? json({ data: [] })
    : null;

function renderAt(path: string, user: SessionUser | null = admin, rest: ApiHandler = emptyLists) {
  const fetchMock = stubSignedIn(user, rest);
  const { router } = renderAppRoutes(routes, path);
  return { router, fetchMock };
}

const here = (router: ReturnType<typeof renderAt>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

// Each page is a lazy chunk compiled on first visit; the larger ones take seconds in jsdom.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => stubViewportWidth(1280));

cleanUpAfterEach();

describe('staff routes (spec §2)', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/appointments', 'Appointments'],
    ['/calendar', 'Calendar'],
    ['/availability', 'Availability'],
    ['/settings', 'Settings'],
    ['/book', 'Book Appointment'],
    ['/reschedule', 'Reschedule Appointment'],
    ['/admin/agents', 'Staff'],
    ['/admin/agents/a1/availability', 'Staff availability'],
    ['/admin/audit', 'Audit log'],
    ['/admin/integrations', 'Integrations'],
    ['/admin/services', 'Services'],
    ['/admin/resources', 'Rooms and equipment'],
    ['/session/s1', 'Session'],
  ])('%s shows its page inside the signed-in shell', async (path, title) => {
    renderAt(path);
    // The first visit compiles the page's lazy chunk, which takes a while for the larger pages.
    // Each page words its own <h1>; the route's title is the router's part.
    expect(await screen.findAllByRole('heading', { level: 1 }, { timeout: 15_000 })).not.toEqual(
      [],
    );
    await waitFor(() => expect(document.title).toBe(`${title} · Carebook`));
    expect(screen.queryByText(/^Application error/)).toBeNull();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeInTheDocument();
  });

  it('sends / to the dashboard', async () => {
    const { router } = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('marks the current page in the navigation and shows admins the Admin group', async () => {
    renderAt('/calendar');
    await screen.findByRole('heading', { level: 1, name: 'Calendar' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Calendar' }).getAttribute('aria-current')).toBe(
      'page',
    );
    for (const name of ['Dashboard', 'Reports', 'Appointments', 'Book', 'Settings']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    // An admin has no hours of their own: agents' hours are kept from Staff.
    expect(within(nav).queryByRole('link', { name: 'Availability' })).toBeNull();
    expect(within(nav).getByText('Admin')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe(
      '/admin/agents',
    );
    expect(within(nav).getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe(
      '/admin/audit',
    );
    expect(within(nav).getByRole('link', { name: 'Integrations' }).getAttribute('href')).toBe(
      '/admin/integrations',
    );
    expect(within(nav).getByRole('link', { name: 'Services' }).getAttribute('href')).toBe(
      '/admin/services',
    );
    expect(
      within(nav).getByRole('link', { name: 'Rooms and equipment' }).getAttribute('href'),
    ).toBe('/admin/resources');
  });

  it('hides the Admin group from everyone else', async () => {
    renderAt('/calendar', nurse);
    await screen.findByRole('heading', { level: 1, name: 'Calendar' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByText('Admin')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Availability' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Integrations' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Services' })).toBeNull();
    // Reports only where one of the nurse's clinics lets nurses read them.
    expect(within(nav).queryByRole('link', { name: 'Reports' })).toBeNull();
  });

  it('offers Reports to a role a clinic lets read them', async () => {
    renderAt('/calendar', { ...nurse, readsReports: true });
    await screen.findByRole('heading', { level: 1, name: 'Calendar' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe(
      '/reports',
    );
  });

  it('tells an admin who opens /availability where agents’ hours are kept, instead of failing', async () => {
    renderAt('/availability');
    await screen.findByRole('heading', { level: 1, name: 'Availability' });
    const note = screen.getByText(/Availability is kept by providers and nurses/).parentElement!;
    expect(within(note).getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe(
      '/admin/agents',
    );
  });

  it('shows a not-found page for unknown addresses', async () => {
    renderAt('/nowhere');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
  });

  it('shows the not-found page for a mistyped visit address, without asking the server', async () => {
    const { fetchMock } = renderAt('/session/abc');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText(/must be a valid id/)).toBeNull();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes('/api/sessions/'))).toBe(false);
  });
});

describe('the sign-in guard', () => {
  it('takes /login, the address people type, to the sign-in page without a "next" back to it', async () => {
    const { router } = renderAt('/login', null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Carebook' }),
    ).toBeInTheDocument();
    expect(here(router)).toBe('/auth/login');
  });

  it('sends an anonymous visitor to sign in, remembering the page and its query', async () => {
    const { router } = renderAt('/calendar?view=week', null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Carebook' }),
    ).toBeInTheDocument();
    expect(here(router)).toBe('/auth/login?next=%2Fcalendar%3Fview%3Dweek');
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('asks an anonymous visitor of /admin to sign in first, not that they lack permission', async () => {
    const { router } = renderAt('/admin/agents', null);
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Carebook' });
    expect(here(router)).toBe('/auth/login?next=%2Fadmin%2Fagents');
  });

  it('brings the user back to the page they asked for after signing in', async () => {
    let signedIn: SessionUser | null = null;
    const { router, fetchMock } = renderAt('/calendar?view=week', null, emptyLists);
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      if (path === '/api/auth/login' && init.method === 'POST') {
        signedIn = admin;
        return json({ user: admin });
      }
      if (path === '/api/auth/session') {
        return signedIn ? json({ user: signedIn }) : errorResponse(401, 'Sign in');
      }
      return errorResponse(404, 'none');
    });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Email'), 'alex.morgan@carebook.test');
    await user.type(screen.getByLabelText('Password'), 'waiting-room-demo');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(here(router)).toBe('/calendar?view=week');
  });

  it('offers a retry when the sign-in check itself fails', async () => {
    let healthy = false;
    renderAt('/dashboard', admin);
    vi.mocked(fetch).mockImplementation(async (input: RequestInfo | URL) =>
      String(input) === '/api/auth/session' && healthy
        ? json({ user: admin })
        : errorResponse(503, 'The database is unavailable.'),
    );

    expect(
      await screen.findByRole(
        'heading',
        { name: 'We could not check your sign-in' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The database is unavailable.')).toBeInTheDocument();

    healthy = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('signs the user out of the app when a call finds the session gone', async () => {
    let sessionAlive = true;
    const { router } = renderAt('/admin/agents', admin, () => null);
    vi.mocked(fetch).mockImplementation(async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path === '/api/auth/session') {
        return sessionAlive ? json({ user: admin }) : errorResponse(401, 'Sign in');
      }
      sessionAlive = false;
      return errorResponse(401, 'Your session has ended. Please sign in again.');
    });

    await screen.findByRole('heading', { level: 1, name: 'Sign in to Carebook' });
    expect(here(router)).toBe('/auth/login?next=%2Fadmin%2Fagents');
  });
});

describe('signing out', () => {
  it('lands on the plain sign-in page, not one that leads back to the page left', async () => {
    const { router } = renderAt('/appointments?patientEmail=jo%40example.com', admin, (r) =>
      r.url.pathname === '/api/auth/logout' ? json({ ok: true }) : null,
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Alex Morgan, account menu', expanded: false }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect((await screen.findByLabelText('Email')).tagName).toBe('INPUT');
    expect(here(router)).toBe('/auth/login');
  });
});

describe('role guard', () => {
  it.each([
    '/admin/agents',
    '/admin/agents/a1/availability',
    '/admin/audit',
    '/admin/integrations',
  ])('sends a nurse at %s to /auth/unauthorized', async (path) => {
    const { router } = renderAt(path, nurse);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "You don't have permission to view this page",
      }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/unauthorized');
  });
});

describe('auth routes sit outside the shell', () => {
  it('/auth/unauthorized explains and links back to the dashboard', async () => {
    renderAt('/auth/unauthorized');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: "You don't have permission to view this page",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('/auth/login renders without the shell', async () => {
    renderAt('/auth/login', null);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Carebook' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it.each([
    ['/auth/login?next=%2Fsettings', '/settings'],
    ['/auth/login?next=%2F%2Fevil.example', '/dashboard'],
    ['/auth/login', '/dashboard'],
  ])('a signed-in user opening %s goes on to %s', async (path, target) => {
    const { router } = renderAt(path);
    await waitFor(() => expect(router.state.location.pathname).toBe(target));
  });
});
