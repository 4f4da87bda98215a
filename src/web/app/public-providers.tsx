import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastOutlet } from '@web/components/ui/toast-outlet';

/**
 * What every page needs, signed in or not: server state and the toast outlet. The sign-in
 * document has only this (ADR 064); the staff app adds the step-up dialog (Providers).
 */
export function PublicProviders({
  client,
  children,
}: {
  client: QueryClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastOutlet />
    </QueryClientProvider>
  );
}
