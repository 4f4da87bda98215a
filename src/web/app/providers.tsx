import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TooltipProvider } from '@web/components/ui/tooltip';
import { createQueryClient } from '@web/lib/query-client';
import { Toaster } from '@web/components/ui/sonner';

/** App-wide context: server state, tooltip timing and the toast outlet. */
export function Providers({ children }: { children: ReactNode }) {
  // One client per mounted app; tests mount their own without sharing a cache.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Toaster />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
