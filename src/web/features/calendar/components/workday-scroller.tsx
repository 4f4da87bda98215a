import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { cn } from '@web/lib/utils';
import { DEFAULT_FIRST_HOUR, hh } from '../utils/calendar-events';

/**
 * The time grids' own scroll area, opened at the start of the working day as clinic calendars
 * are: the grid may reach back to midnight (an appointment or the present there), yet the first
 * screen should be the morning. One area holds every agent's grid of the day view, so their
 * rows scroll together. It scrolls again only when the view, the date or the hours change, not
 * when appointments refresh under a person who has scrolled.
 */
export function WorkdayScroller({
  openAt,
  className,
  children,
}: {
  /** What decides a fresh opening: view, date and the grid's first hour. */
  openAt: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const scroller = ref.current;
    if (!scroller) return;
    let placed: number | null = null;
    const place = () => {
      // A person who has scrolled since keeps their place.
      if (placed !== null && Math.abs(scroller.scrollTop - placed) > 1) return;
      const first = scroller.querySelector<HTMLElement>('[data-time]');
      const start = scroller.querySelector<HTMLElement>(`[data-time="${hh(DEFAULT_FIRST_HOUR)}"]`);
      // Measured from the grid's first row, so the column headers (sticky or not) stay above it.
      const offset =
        first && start ? start.getBoundingClientRect().top - first.getBoundingClientRect().top : 0;
      scroller.scrollTop = offset;
      placed = scroller.scrollTop;
    };
    place();
    // FullCalendar sizes its rows after it mounts; place the morning again as they settle.
    const content = scroller.firstElementChild;
    const observer = new ResizeObserver(place);
    if (content) observer.observe(content);
    return () => observer.disconnect();
  }, [openAt]);
  return (
    <div
      ref={ref}
      data-testid="calendar-scroller"
      className={cn('max-h-[max(24rem,calc(100svh-15rem))] overflow-auto', className)}
    >
      {children}
    </div>
  );
}
