import { Link } from 'react-router';
import {
  DASHBOARD_TODAY_LIMIT,
  type DashboardAppointment,
  type DashboardResponse,
} from '@contracts/dashboard';
import { formatCount, formatDate, formatTime, formatTimeRange } from '@domain/format';
import { formatRelativeTime } from '@domain/relative-time';
import { DashboardCard } from './dashboard-card';
import { AppointmentRows } from './appointment-rows';
import { PatientMovesCard } from './patient-moves-card';

/** "in 2 hours · Nov 23, 2026, 2:00 PM": spec §9's wording, then the time it stands for. */
function Relative({
  appointment,
  now,
  timeZone,
}: {
  appointment: DashboardAppointment;
  now: Date;
  timeZone: string;
}) {
  return (
    <>
      <span className="font-medium">{formatRelativeTime(new Date(appointment.date), now)}</span>
      <span className="text-muted-foreground">
        {' · '}
        {formatDate(appointment.date, timeZone)}, {formatTime(appointment.date, timeZone)}
      </span>
    </>
  );
}

/**
 * "4 appointments", or, on a day past the list's cap, how many are shown of how many and where
 * the whole day is.
 */
function TodaySummary({ data, clinic }: { data: DashboardResponse; clinic: string | undefined }) {
  const shown = data.today.length;
  const total = data.perDay.find((d) => d.date === data.date)?.total ?? shown;
  if (shown < DASHBOARD_TODAY_LIMIT || total <= shown)
    return (
      <>
        {shown} appointment{shown === 1 ? '' : 's'}
      </>
    );
  return (
    <>
      The first {shown} of {total} appointments.{' '}
      <Link
        to={`/calendar?${new URLSearchParams({ view: 'day', date: data.date, ...(clinic && { clinic }) })}`}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        See the whole day in the calendar
      </Link>
    </>
  );
}

/**
 * Today's appointments, the visits patients moved into the next 24 hours, what comes next, who
 * has not confirmed today's and tomorrow's visits, and the past ones still to mark.
 */
export function DashboardLists({
  data,
  now,
  timeZone,
  ownStaffId,
  clinic,
}: {
  data: DashboardResponse;
  /** The clinic the dashboard is narrowed to (its slug), if any: the calendar link keeps it. */
  clinic?: string;
  now: Date;
  timeZone: string;
  /** Set when the dashboard is the user's own: lists then leave the agent out. */
  ownStaffId: string | undefined;
}) {
  const showAgent = !ownStaffId;
  const relative = (a: DashboardAppointment) => (
    <Relative appointment={a} now={now} timeZone={timeZone} />
  );
  return (
    <div className="grid items-start gap-6 lg:grid-cols-5">
      <DashboardCard
        title="Today"
        description={<TodaySummary data={data} clinic={clinic} />}
        className="min-w-0 lg:col-span-3"
      >
        <AppointmentRows
          label="Today's appointments"
          appointments={data.today}
          when={(a) => formatTimeRange(a.date, a.duration, timeZone)}
          empty="Nothing booked today."
          showAgent={showAgent}
        />
      </DashboardCard>
      <div className="grid min-w-0 grid-cols-1 content-start gap-6 lg:col-span-2">
        <PatientMovesCard data={data} now={now} timeZone={timeZone} showAgent={showAgent} />
        <DashboardCard title="Next up">
          <AppointmentRows
            label="Next appointments"
            appointments={data.next}
            when={relative}
            layout="stacked"
            empty="Nothing coming up."
            showAgent={showAgent}
          />
        </DashboardCard>
        <DashboardCard
          title="To confirm"
          description={
            data.unconfirmedTotal === 0
              ? 'Everyone coming today and tomorrow has confirmed.'
              : `${formatCount(data.unconfirmedTotal)} today and tomorrow not confirmed by the patient yet.`
          }
          contentClassName="space-y-2"
        >
          <AppointmentRows
            label="Appointments not confirmed"
            appointments={data.unconfirmed}
            when={relative}
            layout="stacked"
            empty="Nothing to confirm."
            showAgent={showAgent}
          />
          {data.unconfirmedTotal > data.unconfirmed.length && (
            <p className="text-sm text-muted-foreground">
              The soonest {data.unconfirmed.length} are shown.
            </p>
          )}
        </DashboardCard>
        <DashboardCard
          title="Needs marking"
          description="Past appointments still waiting for a Mark as."
          contentClassName="space-y-2"
        >
          <AppointmentRows
            label="Appointments to mark"
            appointments={data.pending}
            when={relative}
            layout="stacked"
            empty="All caught up."
            showAgent={showAgent}
          />
          {data.counts.pending > data.pending.length && (
            <Link
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
              to={`/appointments?status=pending${ownStaffId ? `&staffId=${ownStaffId}` : ''}`}
            >
              View all {formatCount(data.counts.pending)} pending
            </Link>
          )}
        </DashboardCard>
      </div>
    </div>
  );
}
