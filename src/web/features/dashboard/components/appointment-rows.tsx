import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { DashboardAppointment } from '@contracts/dashboard';
import { StatusBadge } from '@web/components/appointment-status-badge';

/**
 * A compact list of appointments for the dashboard's cards. `when` says how the time reads in
 * this list (a time range for today, "in 2 hours" for what comes next); each row opens the
 * details dialog on the appointments page.
 */
export function AppointmentRows({
  appointments,
  when,
  empty,
  showAgent,
  label,
  layout = 'columns',
}: {
  appointments: readonly DashboardAppointment[];
  when: (appointment: DashboardAppointment) => ReactNode;
  empty: string;
  showAgent: boolean;
  label: string;
  /** 'stacked' puts the time under the name, for narrow cards; 'columns' does from sm up only. */
  layout?: 'columns' | 'stacked';
}) {
  if (appointments.length === 0) {
    return <p className="py-2 text-sm text-muted-foreground">{empty}</p>;
  }
  return (
    <ul aria-label={label} className="-mx-2 divide-y">
      {appointments.map((a) => (
        <li key={a._id}>
          <Link
            to={`/appointments?view=${encodeURIComponent(a._id)}`}
            className="flex items-center gap-3 rounded-md px-2 py-2 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          >
            {layout === 'columns' && (
              // On a phone the time goes under the name: beside it, it left the name a few letters.
              <span
                className="hidden w-40 shrink-0 text-sm tabular-nums sm:block"
                data-testid="row-time-column"
              >
                {when(a)}
              </span>
            )}
            <span className="min-w-0 flex-1">
              {/* Wrapped, never cut: the name is what the row is for. */}
              <span className="block text-sm font-medium break-words">
                {a.patientName || 'Unknown Patient'}
              </span>
              <span
                className={layout === 'stacked' ? 'block text-xs' : 'block text-xs sm:hidden'}
                data-testid="row-time-stacked"
              >
                {when(a)}
              </span>
              <span className="block truncate text-xs text-muted-foreground">
                {showAgent ? `${a.staff.name} · ` : ''}
                {a.clinic.toUpperCase()}
              </span>
            </span>
            <StatusBadge status={a.status} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
