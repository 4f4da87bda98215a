import { Skeleton } from '@web/components/ui/skeleton';

/** Shown while the first page's code downloads, before anything else can render. */
export function PageLoading() {
  return (
    <div aria-busy="true" aria-live="polite" className="mx-auto max-w-5xl space-y-4 p-6">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-72" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
