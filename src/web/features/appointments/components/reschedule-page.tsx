import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { canChangeAppointment } from '@domain/appointment-status';
import { canReassign } from '@domain/roles';
import { formatDateWithWeekday, formatTimeRange } from '@domain/format';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSession } from '@web/lib/session';
import { appointmentQueryOptions } from '../api/get-appointment';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { ChangeAppointmentDialog, type ChangeMode } from './dialogs/change-appointment-dialog';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /reschedule?id=<appointment>[&mode=reassign]: the reschedule (or reassign) flow as a page. */
export function ReschedulePage() {
  const [params] = useSearchParams();
  const { user } = useSession();
  const timeZone = useViewerTimeZone();
  const id = params.get('id') ?? '';
  const wanted: ChangeMode = params.get('mode') === 'reassign' ? 'reassign' : 'reschedule';
  const mode: ChangeMode =
    wanted === 'reassign' && user && !canReassign(user.role) ? 'reschedule' : wanted;
  const [open, setOpen] = useState(true);
  const appointment = useQuery({ ...appointmentQueryOptions(id), enabled: UUID.test(id) });
  const title = mode === 'reassign' ? 'Reassign an appointment' : 'Reschedule an appointment';

  if (!UUID.test(id) || appointment.isError) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title={title} />
        <div role="alert" className="rounded-xl border bg-card p-6 text-sm">
          <p className="font-medium">Failed to load appointment</p>
          <p className="mt-1 text-muted-foreground">
            {appointment.error?.message ?? 'Appointment not found'}
          </p>
          <Button asChild variant="outline" className="mt-4">
            <Link to="/appointments">Back to appointments</Link>
          </Button>
        </div>
      </div>
    );
  }
  if (!appointment.data) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader title={title} />
        <Skeleton className="h-32 w-full" />
        <span className="sr-only">Loading appointment...</span>
      </div>
    );
  }
  const a = appointment.data;
  const changeable = canChangeAppointment({ date: a.date, status: a.metadata.status }, new Date());
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={title}
        description={`${a.patient.name || 'Unknown Patient'} with ${a.staff.name || 'Unknown Staff'}`}
      />
      <div className="flex flex-col items-start gap-3 rounded-xl border bg-card p-6 text-sm">
        <p>
          {formatDateWithWeekday(a.date, timeZone)},{' '}
          {formatTimeRange(a.date, a.duration || 30, timeZone)}
        </p>
        {changeable ? (
          <Button onClick={() => setOpen(true)}>
            {mode === 'reassign' ? 'Reassign' : 'Reschedule'}
          </Button>
        ) : (
          <p role="status" className="text-muted-foreground">
            This appointment can no longer be changed: it has already started or was cancelled.
          </p>
        )}
        <Button asChild variant="link" className="h-auto p-0">
          <Link to={`/appointments?view=${a._id}`}>View Details</Link>
        </Button>
      </div>
      {changeable ? (
        <ChangeAppointmentDialog
          open={open}
          mode={mode}
          appointment={a}
          timeZone={timeZone}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
