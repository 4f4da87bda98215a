// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { stubViewportWidth } from '@web/test/stub-match-media';
import { Providers } from '../providers';
import { UserMenu } from './user-menu';

function renderMenu() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <UserMenu /> },
      { path: '/auth/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

async function chooseSignOut() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Account menu' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
}

beforeEach(() => stubViewportWidth(1280));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Sign out', () => {
  it('posts to /api/auth/logout, then goes to the sign-in page', async () => {
    // The network is not ours to test: a stub answers for the server.
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const router = renderMenu();

    await chooseSignOut();

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/login');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
  });

  it('stays and says so when the server could not end the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'internal', message: 'Could not sign out' }), {
            status: 500,
          }),
      ),
    );
    const router = renderMenu();

    await chooseSignOut();

    expect(await screen.findByText('Could not sign out')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
