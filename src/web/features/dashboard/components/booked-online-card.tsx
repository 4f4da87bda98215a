import type { DashboardResponse } from '@contracts/dashboard';
import { formatCount } from '@domain/format';

/**
 * How many visits patients booked themselves on the public page (issue 26). Left out while there
 * are none: a clinic that does not book online is not shown a zero for a page it does not offer.
 */
export function BookedOnlineCard({
  bookedOnline,
}: {
  bookedOnline: DashboardResponse['bookedOnline'];
}) {
  if (bookedOnline.count === 0) return null;
  return (
    <ul
      aria-label="Online booking"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6"
    >
      <li>
        <div className="rounded-xl border bg-card p-4 shadow-xs" data-testid="booked-online">
          <span className="block text-sm font-medium text-muted-foreground">Booked online</span>
          <span className="block text-2xl font-semibold tabular-nums">
            {formatCount(bookedOnline.count)}
          </span>
          <span className="block text-xs text-muted-foreground">
            By patients, in the last {bookedOnline.days} days
          </span>
        </div>
      </li>
    </ul>
  );
}
