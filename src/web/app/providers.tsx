import { lazy, Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@web/lib/query-client';

// Toasts answer something a person did, never the first paint: the toaster (sonner, a tenth of
// the first load) comes just after it. Whatever shows a toast imports sonner itself.
const Toaster = lazy(() =>
  import('@web/components/ui/sonner').then((m) => ({ default: m.Toaster })),
);

/** App-wide context: server state and the toast outlet (tooltips bring their own provider). */
export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app; tests mount their own without sharing a cache.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
