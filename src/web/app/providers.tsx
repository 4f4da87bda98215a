import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { createQueryClient } from '@web/lib/query-client';

// Toasts answer something a person did, never the first paint: the toaster (sonner, a tenth of
// the first load) comes just after it. Whatever shows a toast imports sonner itself.
const Toaster = lazy(() =>
  import('@web/components/ui/sonner').then((m) => ({ default: m.Toaster })),
);

/** App-wide context: server state, tooltip timing and the toast outlet. */
export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app; tests mount their own without sharing a cache.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </TooltipProvider>
    </QueryClientProvider>
  );
}
