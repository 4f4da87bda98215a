import type { PatientProfile } from '@contracts/patients';
import { formatCount, formatDate, formatTime } from '@domain/format';
import { Badge } from '@web/components/ui/badge';
import { formatCalendarDate } from '@web/lib/calendar-date';
import { waitlistStatusLabel } from '@web/lib/waitlist-status';
import { NoneYet, ProfileCard } from './profile-card';

/** The patient's places on the waitlist. */
export function WaitlistCard({
  entries,
  className,
}: {
  entries: PatientProfile['waitlist'];
  className?: string;
}) {
  return (
    <ProfileCard title="Waitlist" className={className}>
      {entries.length === 0 ? (
        <NoneYet>Not on the waitlist.</NoneYet>
      ) : (
        <ul className="divide-y text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="font-medium">
                {formatCalendarDate(entry.windowFrom)} – {formatCalendarDate(entry.windowTo)}
              </span>
              <span className="text-muted-foreground">{entry.provider ?? 'Any provider'}</span>
              <Badge variant="secondary" className="ml-auto">
                {waitlistStatusLabel(entry.status)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </ProfileCard>
  );
}

/** The patient's recurring appointments. */
export function SeriesCard({
  series,
  timeZone,
  className,
}: {
  series: PatientProfile['series'];
  timeZone: string;
  className?: string;
}) {
  return (
    <ProfileCard title="Series" className={className}>
      {series.length === 0 ? (
        <NoneYet>No recurring appointments.</NoneYet>
      ) : (
        <ul className="divide-y text-sm">
          {series.map((one) => (
            <li key={one.id} className="grid gap-0.5 py-2">
              <span className="font-medium">
                {one.provider}, {formatCount(one.visits)} {one.visits === 1 ? 'visit' : 'visits'}
              </span>
              <span className="text-muted-foreground">
                {one.nextStart
                  ? `Next: ${formatDate(one.nextStart, timeZone)}, ${formatTime(one.nextStart, timeZone)}`
                  : 'No visits ahead'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </ProfileCard>
  );
}
