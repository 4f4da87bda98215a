// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubViewportWidth } from '@web/test/stub-match-media';
import {
  errorResponse,
  json,
  makeSessionUser,
  stubSignedIn,
  type ApiHandler,
} from '@web/test/api-stub';
import { UserMenu } from './user-menu';
import { cleanUpAfterEach, renderAppRoutes } from '@web/test/render-with-client';

const nurse = makeSessionUser({
  name: 'Nora Kelly, RN',
  email: 'nora@carebook.test',
  role: 'nurse',
});

function renderMenu(logout: ApiHandler) {
  const fetchMock = stubSignedIn(nurse, logout);
  const { router } = renderAppRoutes(
    [
      { path: '/dashboard', element: <UserMenu /> },
      { path: '/auth/login', element: <h1>Sign in</h1> },
    ],
    '/dashboard',
  );
  return { router, fetchMock };
}

async function openMenu() {
  const user = userEvent.setup();
  // `expanded` finds the menu's own button, not the stand-in drawn while the menu loads.
  await user.click(
    await screen.findByRole('button', { name: 'Nora Kelly, RN, account menu', expanded: false }),
  );
  return { user, menu: await screen.findByRole('menu') };
}

async function chooseSignOut() {
  const { user, menu } = await openMenu();
  await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));
}

// Slow shared CI machines: give lazy renders and requests more than the default second.
configure({ asyncUtilTimeout: 5_000 });

beforeEach(() => stubViewportWidth(1280));

cleanUpAfterEach();

describe('Account menu', () => {
  it('shows who is signed in: name, email and role', async () => {
    renderMenu(() => null);
    const { menu } = await openMenu();
    expect(within(menu).getByText('Nora Kelly, RN')).toBeInTheDocument();
    expect(within(menu).getByText('nora@carebook.test')).toBeInTheDocument();
    expect(within(menu).getByText('Nurse')).toBeInTheDocument();
  });
});

describe('Sign out', () => {
  it('posts to /api/auth/logout, then goes to the sign-in page', async () => {
    const { router, fetchMock } = renderMenu(({ url, method }) =>
      url.pathname === '/api/auth/logout' && method === 'POST' ? json({ ok: true }) : null,
    );

    await chooseSignOut();

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    const logout = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/logout');
    const init = logout?.[1] as RequestInit;
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
  });

  it('counts an already-ended session as signed out', async () => {
    const { router } = renderMenu(({ url }) =>
      url.pathname === '/api/auth/logout' ? errorResponse(401, 'You need to sign in.') : null,
    );
    await chooseSignOut();
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('stays and says so when the server could not end the session', async () => {
    const { router } = renderMenu(({ url }) =>
      url.pathname === '/api/auth/logout' ? errorResponse(500, 'Could not sign out') : null,
    );

    await chooseSignOut();

    expect(await screen.findByText('Could not sign out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
