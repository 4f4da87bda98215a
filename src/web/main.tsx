import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { RootErrorBoundary } from './app/error/root-error-boundary';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { setErrorReporter } from './lib/error-reporting';
import { watchSystemTheme } from './lib/theme';
import './styles.css';

async function startErrorReporting(): Promise<void> {
  try {
    // Loaded on demand: its schema brings zod, which the first paint does not need.
    const { loadClientConfig } = await import('./lib/client-config');
    const config = await loadClientConfig();
    if (!config?.sentryDsn) {
      // No DSN: nothing is ever sent, and errors held for the reporter are dropped.
      setErrorReporter(null);
      return;
    }
    const { initSentry } = await import('./app/sentry');
    initSentry({ ...config, sentryDsn: config.sentryDsn });
  } catch (error) {
    console.error('Error reporting could not start', error);
    setErrorReporter(null);
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing #root');

const router = createAppRouter();

// Render first: staff should never wait on the error-reporting service to see their day.
createRoot(container).render(
  <StrictMode>
    <RootErrorBoundary>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </RootErrorBoundary>
  </StrictMode>,
);

watchSystemTheme();
void startErrorReporting();
