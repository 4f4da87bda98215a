import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { StepUpDialogHost } from '@web/components/two-step/step-up-dialog';
import { PublicProviders } from './public-providers';

/**
 * App-wide context of the staff app: server state, the toast outlet and the step-up dialog
 * (tooltips bring their own provider). The client is made by main.tsx, which the router's
 * loaders share (ADR 064); tests mount their own without sharing a cache.
 */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <PublicProviders client={client}>
      {children}
      <StepUpDialogHost />
    </PublicProviders>
  );
}
