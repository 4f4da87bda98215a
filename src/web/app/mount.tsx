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

/**
 * Puts a document's app on the page: the staff app (main.tsx) or the sign-in pages
 * (sign-in-main.tsx, ADR 064). `routes` names the document's pages to error reporting.
 */
export function mount(app: ReactNode, routes: RouteObject[]): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('the page is missing #root');
  // Render first: staff should never wait on the error-reporting service to see their day.
  createRoot(container).render(
    <StrictMode>
      <RootErrorBoundary>{app}</RootErrorBoundary>
    </StrictMode>,
  );
  watchSystemTheme();
  void startErrorReporting(routes);
}
