import { Link } from 'react-router';
import {
  DASHBOARD_PATIENT_MOVE_HOURS,
  type DashboardPatientMove,
  type DashboardResponse,
} from '@contracts/dashboard';
import { formatCount, formatDate, formatTime } from '@domain/format';
import { formatRelativeTime } from '@domain/relative-time';
import { DashboardCard } from './dashboard-card';

/** "Tue, Nov 24, 10:00 AM" in the dashboard's zone, or the time alone on the same day. */
function when(iso: string, timeZone: string, sameDayAs?: string) {
  const time = formatTime(iso, timeZone);
  if (sameDayAs && formatDate(iso, timeZone) === formatDate(sameDayAs, timeZone)) return time;
  return `${formatDate(iso, timeZone)}, ${time}`;
}

function MoveRow({
  move,
  now,
  timeZone,
  showAgent,
}: {
  move: DashboardPatientMove;
  now: Date;
  timeZone: string;
  showAgent: boolean;
}) {
  const patient = move.patientName || 'Unknown Patient';
  return (
    <Link
      to={`/appointments?view=${encodeURIComponent(move._id)}`}
      className="block rounded-md px-2 py-2 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="block text-sm font-medium break-words">{patient}</span>
      <span className="block text-sm">
        {move.from && (
          <>
            <span className="text-muted-foreground line-through decoration-muted-foreground/60">
              {when(move.from, timeZone)}
            </span>
            <span aria-hidden="true"> → </span>
            <span className="sr-only">moved to </span>
          </>
        )}
        <span className="font-medium">{when(move.date, timeZone, move.from ?? undefined)}</span>
        <span className="text-muted-foreground">
          {' · '}
          {formatRelativeTime(new Date(move.date), now)}
        </span>
      </span>
      <span className="block text-xs text-muted-foreground">
        Moved by the patient {formatRelativeTime(new Date(move.movedAt), now)}
        {showAgent ? ` · ${move.staff.name}` : ''} · {move.clinic.toUpperCase()}
      </span>
    </Link>
  );
}

/**
 * Visits starting within the next 24 hours that patients moved there themselves (ADR 034): a
 * short-notice change the front desk and the provider did not make. Left out while there are
 * none, as the booked-online figure is.
 */
export function PatientMovesCard({
  data,
  now,
  timeZone,
  showAgent,
}: {
  data: Pick<DashboardResponse, 'patientMoves' | 'patientMovesTotal'>;
  now: Date;
  timeZone: string;
  showAgent: boolean;
}) {
  if (data.patientMoves.length === 0) return null;
  return (
    <DashboardCard
      title="Moved by patients"
      description={`${formatCount(data.patientMovesTotal)} ${data.patientMovesTotal === 1 ? 'visit' : 'visits'} in the next ${DASHBOARD_PATIENT_MOVE_HOURS} hours, moved there by the patient.`}
      className="border-amber-300 dark:border-amber-800"
      contentClassName="space-y-2"
      data-testid="patient-moves"
    >
      <ul aria-label="Visits moved by patients" className="-mx-2 divide-y">
        {data.patientMoves.map((move) => (
          <li key={move._id}>
            <MoveRow move={move} now={now} timeZone={timeZone} showAgent={showAgent} />
          </li>
        ))}
      </ul>
      {data.patientMovesTotal > data.patientMoves.length && (
        <p className="text-sm text-muted-foreground">
          The soonest {data.patientMoves.length} are shown.
        </p>
      )}
    </DashboardCard>
  );
}
