import type { ReactElement } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type DefaultOptions } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ToastOutlet } from '@web/components/ui/toast-outlet';
import { createQueryClient } from '@web/lib/query-client';
import { polyfillPointerApis } from './api-stub';

/** A fresh cache with no retries, so a failure shows at once. */
export function createTestQueryClient(queries: DefaultOptions['queries'] = {}) {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, ...queries }, mutations: { retry: false } },
  });
}

export interface RenderWithClientOptions {
  /** The app's own client, say, when the test is about its defaults; a test client otherwise. */
  client?: QueryClient;
  /** The toast outlet as the app has it, its toaster loading just after the first render. */
  toasts?: boolean;
}

/** Renders `ui` inside a query client, as the app's providers do. */
export function renderWithClient(
  ui: ReactElement,
  { client = createTestQueryClient(), toasts = false }: RenderWithClientOptions = {},
) {
  const result = render(
    <QueryClientProvider client={client}>
      {ui}
      {toasts && <ToastOutlet />}
    </QueryClientProvider>,
  );
  return { ...result, client };
}

/** Renders `routes` in a memory router at `path`, inside a query client. */
export function renderRoutes(
  routes: RouteObject[],
  path: string,
  options: RenderWithClientOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { ...renderWithClient(<RouterProvider router={router} />, options), router };
}

/** As the app mounts a page: its own query client (`createQueryClient`) and the toast outlet. */
export function renderAppRoutes(routes: RouteObject[], path: string) {
  return renderRoutes(routes, path, { client: createQueryClient(), toasts: true });
}

/**
 * Each test starts clean: what the last one rendered is unmounted, a clock it faked made real
 * again and stubbed globals (fetch) restored.
 */
export function cleanUpAfterEach() {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

/** As `cleanUpAfterEach`, each test's clock (the date only: timers still run) standing at `now`. */
export function setUpTestsAt(now: Date) {
  beforeEach(() => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
  });
  cleanUpAfterEach();
}

/**
 * The set-up of a page test that fills in forms through Radix dialogs and selects: what they
 * reach for and jsdom lacks, polyfilled before each test (Radix measures and scrolls), each test
 * cleaned up after, and 20 seconds for each, as whole forms are filled in.
 */
export function setUpFormPageTests() {
  vi.setConfig({ testTimeout: 20_000 });
  beforeEach(polyfillPointerApis);
  cleanUpAfterEach();
}
