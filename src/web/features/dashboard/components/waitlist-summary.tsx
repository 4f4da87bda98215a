import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatCount } from '@domain/format';
import { callEndpoint } from '@web/lib/endpoint-client';
import { waitlistSummaryRoute } from '@contracts/routes/waitlist';

/** The waitlist at a glance (issue 22): offers awaiting an answer, times it filled this month. */
export function WaitlistSummary({
  timeZone,
  clinic,
  enabled,
}: {
  timeZone: string;
  clinic: string | undefined;
  enabled: boolean;
}) {
  const summary = useQuery({
    queryKey: ['waitlist', 'summary', timeZone, clinic ?? ''],
    queryFn: ({ signal }) =>
      callEndpoint(waitlistSummaryRoute, {
        query: { timezone: timeZone, ...(clinic ? { clinic } : {}) },
        signal,
        fallback: 'Failed to load the waitlist',
      }),
    enabled,
  });
  if (!summary.data) return null;
  const cards = [
    {
      key: 'open',
      label: 'Open offers',
      hint: 'Waiting for a patient’s answer',
      value: summary.data.openOffers,
    },
    {
      key: 'filled',
      label: 'Filled from the waitlist',
      hint: 'Freed times booked this month',
      value: summary.data.filledThisMonth,
    },
  ];
  return (
    <ul aria-label="Waitlist" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
      {cards.map((card) => (
        <li key={card.key}>
          <Link
            to="/waitlist"
            className="block rounded-xl border bg-card p-4 shadow-xs transition-colors outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            data-testid={`waitlist-${card.key}`}
          >
            <span className="block text-sm font-medium text-muted-foreground">{card.label}</span>
            <span className="block text-2xl font-semibold tabular-nums">
              {formatCount(card.value)}
            </span>
            <span className="block text-xs text-muted-foreground">{card.hint}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
