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
  // The reader has scrolled, typed or touched since the last page was asked for. Without this a
  // page could set off the next by itself: the browser may keep the end of the list in view as
  // rows arrive (scroll anchoring), and the whole history would load.
  const readerMoved = useRef(true);
  useEffect(() => {
    const moved = () => {
      readerMoved.current = true;
    };
    const events = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;
    for (const e of events) window.addEventListener(e, moved, { passive: true });
    return () => {
      for (const e of events) window.removeEventListener(e, moved);
    };
  }, []);

  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || !autoLoad || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        if (latest.current.loading || !readerMoved.current) return;
        readerMoved.current = false;
        latest.current.onLoadMore();
      },
      // Start a little before the end so the next page is usually there when the reader is.
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, autoLoad, loading]);

  if (!hasNextPage) {
    return <p className="py-4 text-center text-sm text-muted-foreground">No more appointments</p>;
  }
  return (
    // overflow-anchor: none: were the browser to anchor scrolling on this button, rows added above
    // it would keep it in view and every page would load, one after another.
    <div ref={sentinel} className="flex justify-center py-4 [overflow-anchor:none]">
      <Button
        variant="outline"
        onClick={() => {
          readerMoved.current = false;
          onLoadMore();
        }}
        disabled={loading}
      >
        {loading && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
