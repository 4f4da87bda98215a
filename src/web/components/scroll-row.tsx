import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';

/**
 * A row wider than a phone (six status tabs), scrolled sideways rather than wrapped. A fade with
 * a chevron marks each side that has more, so the cut-off tab reads as "scroll for more", not as
 * the end of the row (ADR 034). Edge to edge under 768px, like the page's own padding.
 */
export function ScrollRow({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  useEffect(() => {
    const row = ref.current;
    if (!row) return;
    const measure = () => {
      const before = row.scrollLeft > 1;
      const after = row.scrollLeft + row.clientWidth < row.scrollWidth - 1;
      setMore((was) => (was.before === before && was.after === after ? was : { before, after }));
    };
    measure();
    row.addEventListener('scroll', measure, { passive: true });
    // The width changes with the window and the row's content with the counts that load.
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(row);
    if (row.firstElementChild) resized?.observe(row.firstElementChild);
    return () => {
      row.removeEventListener('scroll', measure);
      resized?.disconnect();
    };
  }, []);
  return (
    <div className="relative -mx-4 md:mx-0">
      <div ref={ref} className="overflow-x-auto px-4 pb-1 md:px-0">
        {children}
      </div>
      {more.before && <MoreFade side="before" />}
      {more.after && <MoreFade side="after" />}
    </div>
  );
}

const fadeSides = {
  before: {
    Chevron: ChevronLeftIcon,
    className:
      'left-0 justify-start bg-linear-to-r from-background via-background/80 to-transparent',
  },
  after: {
    Chevron: ChevronRightIcon,
    className:
      'right-0 justify-end bg-linear-to-l from-background via-background/80 to-transparent',
  },
} as const;

function MoreFade({ side }: { side: keyof typeof fadeSides }) {
  const { Chevron, className } = fadeSides[side];
  return (
    <div
      aria-hidden="true"
      data-testid={`scroll-more-${side}`}
      className={`pointer-events-none absolute inset-y-0 flex w-10 items-center text-muted-foreground ${className}`}
    >
      <Chevron className="size-4" />
    </div>
  );
}
