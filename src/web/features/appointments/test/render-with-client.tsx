import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastOutlet } from '@web/components/ui/toast-outlet';

/**
 * Renders with a fresh cache (no retries, so failures show at once) and the toast outlet as the app
 * has it, its toaster loading just after the first render.
 */
export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <QueryClientProvider client={client}>
      {ui}
      <ToastOutlet />
    </QueryClientProvider>,
  );
  return { ...result, client };
}
