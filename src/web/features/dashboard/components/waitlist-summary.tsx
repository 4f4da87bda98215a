import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@contracts/dashboard';
import { waitlistSummaryQueryOptions } from '@web/queries/waitlist';
import { cn } from '@web/lib/utils';
import { StatCard } from './stat-card';

/** Columns for two or three cards: each row filled, no card alone on a row of its own. */
const COLUMNS: Record<number, string> = {
  1: 'grid-cols-2 sm:grid-cols-3 xl:grid-cols-6',
  2: 'grid-cols-2',
  3: 'grid-cols-2 sm:grid-cols-3 [&>li:last-child]:col-span-2 sm:[&>li:last-child]:col-span-1',
};

/**
 * The row under the counts: the waitlist at a glance (ADR 019: offers awaiting an answer, times
 * it filled this month) and how many visits patients booked online (ADR 022), one row of
 * cards that fill it. "Booked online" is left out while there are none: a clinic that does not
 * book online is not shown a zero for a page it does not offer.
 */
export function WaitlistSummary({
  timeZone,
  clinic,
  enabled,
  bookedOnline,
}: {
  timeZone: string;
  clinic: string | undefined;
  enabled: boolean;
  bookedOnline: DashboardResponse['bookedOnline'];
}) {
  const summary = useQuery({ ...waitlistSummaryQueryOptions(timeZone, clinic), enabled });
  const cards = [
    ...(summary.data
      ? [
          {
            key: 'waitlist-open',
            label: 'Open offers',
            hint: 'Waiting for a patient’s answer',
            value: summary.data.openOffers,
            to: '/waitlist',
          },
          {
            key: 'waitlist-filled',
            label: 'Filled from the waitlist',
            hint: 'Freed times booked this month',
            value: summary.data.filledThisMonth,
            to: '/waitlist',
          },
        ]
      : []),
    ...(bookedOnline.count > 0
      ? [
          {
            key: 'booked-online',
            label: 'Booked online',
            hint: `By patients, in the last ${bookedOnline.days} days`,
            value: bookedOnline.count,
            to: undefined,
          },
        ]
      : []),
  ];
  if (cards.length === 0) return null;
  return (
    <ul
      aria-label="Waitlist and online booking"
      className={cn('grid gap-3', COLUMNS[cards.length])}
    >
      {cards.map(({ key, ...card }) => (
        <li key={key}>
          <StatCard {...card} testId={key} />
        </li>
      ))}
    </ul>
  );
}
