import { Link } from 'react-router';
import type { PatientProfile, PatientVisit } from '@contracts/patients';
import { formatCount, formatDate, formatTime } from '@domain/format';
import { StatusBadge } from '@web/components/appointment-status-badge';
import { Badge } from '@web/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { NoneYet, ProfileCard } from './profile-card';

/** The patient's visits, upcoming and past, and how their past visits went. */
export function VisitsCard({
  profile,
  timeZone,
  onOpen,
  className,
}: {
  profile: PatientProfile;
  timeZone: string;
  className?: string;
  /** Opens the appointment's details. */
  onOpen: (id: string) => void;
}) {
  const { visits, counts, patient } = profile;
  // The appointments page finds a patient's visits by their e-mail.
  const allVisits = patient.email
    ? `/appointments?${new URLSearchParams({ clinic: patient.clinic.slug, patientEmail: patient.email })}`
    : null;
  const rows = { timeZone, onOpen };
  return (
    <ProfileCard title="Visits" className={className}>
      <dl className="mb-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <Count label="Completed" value={counts.completed} />
        <Count label="No-shows" value={counts.noShows} />
        <Count label="Cancellations" value={counts.cancelled} />
        <Count label="Late cancellations" value={counts.lateCancellations} />
      </dl>
      <Tabs defaultValue="upcoming">
        <TabsList aria-label="Visits">
          <TabsTrigger value="upcoming">
            Upcoming ({formatCount(visits.upcoming.length)})
          </TabsTrigger>
          <TabsTrigger value="past">Past ({formatCount(visits.pastTotal)})</TabsTrigger>
        </TabsList>
        <TabsContent value="upcoming" className="pt-2">
          <VisitList visits={visits.upcoming} empty="No upcoming visits." {...rows} />
        </TabsContent>
        <TabsContent value="past" className="pt-2">
          <VisitList visits={visits.past} empty="No past visits." {...rows} />
          {visits.pastTotal > visits.past.length && (
            <p className="mt-3 text-sm text-muted-foreground">
              The latest {formatCount(visits.past.length)} of {formatCount(visits.pastTotal)}.
              {allVisits && (
                <>
                  {' '}
                  <Link to={allVisits} className="text-foreground underline underline-offset-4">
                    See all their appointments
                  </Link>
                </>
              )}
            </p>
          )}
        </TabsContent>
      </Tabs>
    </ProfileCard>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-md border px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

function VisitList({
  visits,
  empty,
  timeZone,
  onOpen,
}: {
  visits: readonly PatientVisit[];
  empty: string;
  timeZone: string;
  onOpen: (id: string) => void;
}) {
  if (visits.length === 0) return <NoneYet>{empty}</NoneYet>;
  return (
    <ul className="divide-y">
      {visits.map((visit) => (
        <li key={visit.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
          <button
            type="button"
            className="min-w-0 text-left font-medium underline-offset-4 hover:underline focus-visible:underline"
            onClick={() => onOpen(visit.id)}
          >
            {formatDate(visit.start, timeZone)}, {formatTime(visit.start, timeZone)} –{' '}
            {formatTime(visit.end, timeZone)}
          </button>
          <span className="text-muted-foreground">{visit.provider.name}</span>
          <span className="ml-auto flex gap-1.5">
            {visit.lateCancellation && <Badge variant="outline">Late cancellation</Badge>}
            <StatusBadge status={visit.status} />
          </span>
        </li>
      ))}
    </ul>
  );
}
