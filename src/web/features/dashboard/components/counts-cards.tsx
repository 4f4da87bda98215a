import type { AppointmentCountsView } from '@contracts/appointments';
import type { CountBucket } from '@domain/appointment-status';
import { StatCard } from './stat-card';

const CARDS: Array<{ bucket: CountBucket; label: string; hint: string; tone?: string }> = [
  { bucket: 'all', label: 'All', hint: 'Every appointment' },
  { bucket: 'upcoming', label: 'Upcoming', hint: 'Still to come' },
  {
    bucket: 'pending',
    label: 'Pending',
    hint: 'Past, not yet marked',
    tone: 'text-amber-600 dark:text-amber-400',
  },
  { bucket: 'completed', label: 'Completed', hint: 'Marked completed', tone: 'text-primary' },
  { bucket: 'cancelled', label: 'Cancelled', hint: 'Called off', tone: 'text-destructive' },
  { bucket: 'no_show', label: 'No show', hint: 'Patient did not attend', tone: 'text-destructive' },
];

/** The list's count buckets (spec §2), each opening the list filtered to it. */
export function CountsCards({
  counts,
  staffId,
}: {
  counts: AppointmentCountsView;
  /** Narrows the linked list to the user's own appointments when the dashboard is theirs. */
  staffId?: string;
}) {
  return (
    <ul
      aria-label="Appointments by status"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6"
    >
      {CARDS.map(({ bucket, label, hint, tone }) => {
        const params = new URLSearchParams();
        if (bucket !== 'all') params.set('status', bucket);
        if (staffId) params.set('staffId', staffId);
        const query = params.toString();
        return (
          <li key={bucket}>
            <StatCard
              label={label}
              value={counts[bucket]}
              hint={hint}
              tone={tone}
              to={`/appointments${query ? `?${query}` : ''}`}
              testId={`count-${bucket}`}
            />
          </li>
        );
      })}
    </ul>
  );
}
