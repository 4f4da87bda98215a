import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { StepUpDialogHost } from '@web/components/two-step/step-up-dialog';
import { ToastOutlet } from '@web/components/ui/toast-outlet';
import { createQueryClient } from '@web/lib/query-client';

/** App-wide context: server state and the toast outlet (tooltips bring their own provider). */
export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app; tests mount their own without sharing a cache.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <StepUpDialogHost />
      <ToastOutlet />
    </QueryClientProvider>
  );
}
