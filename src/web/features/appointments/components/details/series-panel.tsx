import { useQuery } from '@tanstack/react-query';
import { RepeatIcon } from 'lucide-react';
import { Link } from 'react-router';
import type { SeriesView } from '@contracts/series';
import { formatDate, formatTime } from '@domain/format';
import { cn } from '@web/lib/utils';
import { seriesOfAppointmentQueryOptions } from '../../api/appointment-series';

/** The series an appointment is part of, read beside its details; null for a single one. */
export function useSeriesOf(appointmentId: string, enabled: boolean): SeriesView | null {
  // Asked once the appointment itself has loaded: a missing one has no series to ask about.
  const query = useQuery({ ...seriesOfAppointmentQueryOptions(appointmentId), enabled });
  return query.data?.series ?? null;
}

/** "Part of a series: 3 of 10", with a link to each of the others. */
export function SeriesPanel({
  series,
  appointmentId,
  timeZone,
}: {
  series: SeriesView;
  appointmentId: string;
  timeZone: string;
}) {
  const own = series.appointments.find((a) => a._id === appointmentId);
  return (
    <section aria-label="Series" className="rounded-lg border p-3 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <RepeatIcon className="size-4" aria-hidden="true" />
        Part of a series: {own?.position ?? '?'} of {series.appointments.length}
      </p>
      <ol className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
        {series.appointments.map((a) => {
          const label = `${a.position}. ${formatDate(a.date, timeZone)} ${formatTime(a.date, timeZone)}`;
          const cancelled = a.status.toUpperCase() === 'CANCELLED';
          return (
            <li key={a._id} className={cn(cancelled && 'text-muted-foreground line-through')}>
              {a._id === appointmentId ? (
                <span aria-current="true" className="font-semibold">
                  {label}
                </span>
              ) : (
                <Link
                  className="underline underline-offset-2"
                  to={`/appointments?view=${encodeURIComponent(a._id)}`}
                >
                  {label}
                  {cancelled && <span className="sr-only"> (cancelled)</span>}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
