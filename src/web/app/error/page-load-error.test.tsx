// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { PageLoadError } from './page-load-error';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The app's shape: a root with the generic error page, a shell, and pages loaded lazily. */
function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <p>Generic error page</p>,
        element: (
          <>
            <nav aria-label="Main">Sidebar</nav>
            <Outlet />
          </>
        ),
        children: [
          {
            errorElement: <PageLoadError />,
            children: [
              {
                path: 'offline',
                lazy: () =>
                  Promise.reject(
                    new TypeError(
                      'Failed to fetch dynamically imported module: /assets/calendar.js',
                    ),
                  ),
              },
              {
                path: 'broken',
                Component: () => {
                  throw new Error('a bug');
                },
              },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('PageLoadError', () => {
  it('keeps the shell and offers to try again when a page’s code cannot be fetched', async () => {
    renderAt('/offline');
    expect(
      await screen.findByRole('heading', { name: 'This page could not be loaded.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('leaves any other failure to the generic error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/broken');
    expect(await screen.findByText('Generic error page')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});
