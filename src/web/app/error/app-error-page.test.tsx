// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ApiError } from '@web/lib/api-client';
import { describeAppError } from './describe-app-error';
import { RouteErrorPage } from './route-error-page';
import { RootErrorBoundary } from './root-error-boundary';

const host = 'clinic.example.com';
const clientText = `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`;
const serverText = `Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information).`;

describe('describeAppError (spec §8)', () => {
  it('words a browser-side failure as a client-side exception', () => {
    expect(describeAppError(new TypeError('x is undefined'), host)).toEqual({
      origin: 'client',
      text: clientText,
      digest: undefined,
    });
  });

  it('words a 5xx answer as a server-side exception with its digest', () => {
    const error = new ApiError('Database unavailable', 503, { digest: 'req-7f3a' });
    expect(describeAppError(error, host)).toEqual({
      origin: 'server',
      text: serverText,
      digest: 'req-7f3a',
    });
  });

  it('keeps a 4xx answer client-side: the request, not the server, was at fault', () => {
    expect(describeAppError(new ApiError('Not found', 404), host).origin).toBe('client');
  });
});

function Boom(): never {
  throw new TypeError('Cannot read properties of undefined');
}

function renderRoute(element: React.ReactNode, loader?: () => unknown) {
  const router = createMemoryRouter([
    { path: '/', element, loader, errorElement: <RouteErrorPage />, HydrateFallback: () => null },
  ]);
  return render(<RouterProvider router={router} />);
}

describe('the generic application error page', () => {
  const realHost = window.location.host;

  beforeEach(() => {
    // React and the page both log the error: expected here, noise in the test output.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the client-side text with the current host when a page crashes', async () => {
    renderRoute(<Boom />);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('h1')?.textContent).toBe(
      `Application error: a client-side exception has occurred while loading ${realHost} (see the browser console for more information).`,
    );
    expect(alert.textContent).not.toContain('Digest');
    expect(console.error).toHaveBeenCalled();
  });

  it('shows the server-side text and the digest when the server failed', async () => {
    renderRoute(<p>never shown</p>, () => {
      throw new ApiError('Internal error', 500, { digest: 'req-42' });
    });
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('h1')?.textContent).toBe(
      `Application error: a server-side exception has occurred while loading ${realHost} (see the server logs for more information).`,
    );
    expect(screen.getByText('Digest: req-42')).toBeInTheDocument();
  });

  it('also covers failures above the router', () => {
    render(
      <RootErrorBoundary>
        <Boom />
      </RootErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Application error: a client-side exception has occurred while loading',
    );
  });
});
