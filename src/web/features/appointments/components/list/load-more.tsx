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
  const latest = useRef({ onLoadMore, loading });
  useEffect(() => {
    latest.current = { onLoadMore, loading };
  });

  // One observer for as long as there are pages to load: it calls back when the end of the list
  // comes into view (and once at the start, if it already is), not again after each page while
  // the end stays in view, so a page can never set off the next by itself.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || !autoLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !latest.current.loading) {
          latest.current.onLoadMore();
        }
      },
      // Start a little before the end so the next page is usually there when the reader is.
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, autoLoad]);

  if (!hasNextPage) {
    return <p className="py-4 text-center text-sm text-muted-foreground">No more appointments</p>;
  }
  return (
    // overflow-anchor: none: were the browser to anchor scrolling on this button, rows added above
    // it would keep it in view and every page would load, one after another.
    <div ref={sentinel} className="flex justify-center py-4 [overflow-anchor:none]">
      <Button variant="outline" onClick={onLoadMore} disabled={loading}>
        {loading && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
