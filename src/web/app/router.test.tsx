// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { stubViewportWidth } from '@web/test/stub-match-media';
import { Providers } from './providers';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

beforeEach(() => stubViewportWidth(1280));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('staff routes (spec §2)', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/appointments', 'Appointments'],
    ['/calendar', 'Calendar'],
    ['/availability', 'Availability'],
    ['/settings', 'Settings'],
    ['/book', 'Book Appointment'],
    ['/reschedule', 'Reschedule Appointment'],
    ['/admin/agents', 'Agents'],
    ['/admin/agents/a1/availability', 'Agent Availability'],
    ['/session/s1', 'Session'],
  ])('%s shows its page inside the signed-in shell', async (path, title) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('This page is coming soon.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeTruthy();
  });

  it('sends / to the dashboard', async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('marks the current page in the navigation', async () => {
    renderAt('/calendar');
    await screen.findByRole('heading', { level: 1, name: 'Calendar' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Calendar' }).getAttribute('aria-current')).toBe(
      'page',
    );
    for (const name of [
      'Dashboard',
      'Appointments',
      'Availability',
      'Book',
      'Settings',
      'Agents',
    ]) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
  });

  it('shows a not-found page for unknown addresses', async () => {
    renderAt('/nowhere');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
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
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('/auth/login renders without the shell', async () => {
    renderAt('/auth/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in to Carebook' }),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});
