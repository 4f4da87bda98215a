import { useEffect, useRef } from 'react';
import { Loader2Icon } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/**
 * Loads the next page when the end of the list scrolls into view, with a button for keyboards,
 * screen readers and browsers without IntersectionObserver.
 */
export function LoadMore({
  hasNextPage,
  loading,
  autoLoad,
  onLoadMore,
}: {
  hasNextPage: boolean;
  loading: boolean;
  /** Off after a failed page, so a visible sentinel does not retry in a loop. */
  autoLoad: boolean;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });

  useEffect(() => {
    const target = sentinel.current;
    if (
      !target ||
      !hasNextPage ||
      loading ||
      !autoLoad ||
      typeof IntersectionObserver === 'undefined'
    )
      return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      // Start a little before the end so the next page is usually there when the reader is.
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, loading, autoLoad]);

  if (!hasNextPage) {
    return <p className="py-4 text-center text-sm text-muted-foreground">No more appointments</p>;
  }
  return (
    <div ref={sentinel} className="flex justify-center py-4">
      <Button variant="outline" onClick={onLoadMore} disabled={loading}>
        {loading && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
