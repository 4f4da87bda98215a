import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { RouteObject } from 'react-router';
import { setErrorReporter } from '@web/lib/error-reporting';
import { watchSystemTheme } from '@web/lib/theme';
import { RootErrorBoundary } from './error/root-error-boundary';

async function startErrorReporting(routes: RouteObject[]): Promise<void> {
  try {
    // Loaded on demand: its schema brings zod, which the first paint does not need.
    const { loadClientConfig } = await import('@web/lib/client-config');
    const config = await loadClientConfig();
    if (!config?.sentryDsn) {
      // No DSN: nothing is ever sent, and errors held for the reporter are dropped.
      setErrorReporter(null);
      return;
    }
    const { initSentry } = await import('./sentry');
    initSentry({ ...config, sentryDsn: config.sentryDsn }, routes);
  } catch (error) {
    console.error('Error reporting could not start', error);
    setErrorReporter(null);
  }
}

/** What `afterFirstPage` needs of a data router. */
interface RouterState {
  state: { initialized: boolean };
  subscribe(listener: (state: { initialized: boolean }) => void): () => void;
}

/**
 * The latest error reporting starts: a first page that never finishes (a request that hangs, a
 * page's code that never comes) is when its errors matter most.
 */
export const REPORTING_LATEST_MS = 10_000;

/**
 * Resolves once the router has its first page (its code and loaders done, so it is being drawn)
 * and the browser has then had a moment with nothing to do, or after REPORTING_LATEST_MS at the
 * latest. Error reporting's start-up (its configuration request and the schemas that check it,
 * some 27 KB) waits for it instead of sharing a phone's network and CPU with the first page's own
 * code and data (ADR 064); errors from before it are held for the reporter
 * (lib/error-reporting.ts).
 */
export function afterFirstPage(router: RouterState): Promise<void> {
  return new Promise((resolve) => {
    let stop = () => {};
    const latest = setTimeout(() => {
      stop();
      resolve();
    }, REPORTING_LATEST_MS);
    const done = () => {
      clearTimeout(latest);
      resolve();
    };
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        requestIdleCallback(done, { timeout: 3000 });
      } else {
        setTimeout(done, 500);
      }
    };
    if (router.state.initialized) return whenIdle();
    stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      whenIdle();
    });
  });
}

/**
 * Puts a document's app on the page: the staff app (main.tsx) or the sign-in pages
 * (sign-in-main.tsx, ADR 064). `routes` names the document's pages to error reporting, which
 * starts when `reportingAfter` resolves (at once without it).
 */
export function mount(
  app: ReactNode,
  routes: RouteObject[],
  reportingAfter: Promise<void> = Promise.resolve(),
): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('the page is missing #root');
  // Render first: staff should never wait on the error-reporting service to see their day.
  createRoot(container).render(
    <StrictMode>
      <RootErrorBoundary>{app}</RootErrorBoundary>
    </StrictMode>,
  );
  watchSystemTheme();
  void reportingAfter.then(() => startErrorReporting(routes));
}
