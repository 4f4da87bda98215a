import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertCircleIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { DialogClose, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { Separator } from '@web/components/ui/separator';
import { useSession } from '@web/lib/session';
import { clinicsQueryOptions } from '@web/queries/clinics';
import { appointmentQueryOptions } from '../../api/get-appointment';
import { useNow } from '@web/hooks/use-now';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { clinicNameOf } from '../../utils/appointment-display';
import { CancelAppointmentDialog } from '../dialogs/cancel-appointment-dialog';
import { ChangeAppointmentDialog } from '../dialogs/change-appointment-dialog';
import { ActivityList } from './activity-list';
import { MessagesSection } from './messages-section';
import { WaitlistOffersSection } from './waitlist-offers-section';
import type { ChangeAction } from './details-actions';
import { DetailsCards } from './details-cards';
import { DetailsHeader } from './details-header';
import { NotesSection } from './notes-section';
import { RoomSection } from './room-section';
import { SeriesPanel, useSeriesOf } from './series-panel';
import { SessionLinkBox } from './session-link-box';
import { canChangeAppointment } from '@domain/appointment-status';

import { DetailsLoading } from './details-loading';

/** What View Details shows of one appointment: loaded with the dialog's first opening. */
export function DetailsBody({ id }: { id: string }) {
  const query = useQuery(appointmentQueryOptions(id));
  const series = useSeriesOf(id, query.isSuccess);
  const { user } = useSession();
  const clinics = useQuery(clinicsQueryOptions);
  const timeZone = useViewerTimeZone();
  const now = useNow();
  const [action, setAction] = useState<ChangeAction | null>(null);
  // Kept after closing so the title does not change while the dialog animates out.
  const [changeMode, setChangeMode] = useState<'reschedule' | 'reassign'>('reschedule');
  const trigger = useRef<HTMLElement | null>(null);
  const title = useRef<HTMLHeadingElement>(null);

  if (query.isPending) return <DetailsLoading />;
  if (query.isError || !query.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
        <AlertCircleIcon className="size-8 text-destructive" aria-hidden="true" />
        <DialogTitle>Failed to load appointment</DialogTitle>
        <DialogDescription>{query.error?.message || 'Appointment not found'}</DialogDescription>
        <DialogClose asChild>
          <Button variant="outline">Close</Button>
        </DialogClose>
      </div>
    );
  }

  const appointment = query.data;
  const open = (next: ChangeAction) => {
    trigger.current = document.activeElement as HTMLElement | null;
    if (next !== 'cancel') setChangeMode(next);
    setAction(next);
  };
  const close = () => setAction(null);
  // The button that opened a dialog may be gone afterwards (a cancelled visit offers no Cancel).
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const target = trigger.current?.isConnected ? trigger.current : title.current;
    target?.focus();
  };

  return (
    <>
      <DetailsHeader
        appointment={appointment}
        timeZone={timeZone}
        role={user?.role}
        now={now}
        onAction={open}
        titleRef={title}
      />
      <Separator />
      {series && (
        <SeriesPanel series={series} appointmentId={appointment._id} timeZone={timeZone} />
      )}
      {appointment.token && (
        <SessionLinkBox
          token={appointment.token}
          appointmentId={appointment._id}
          canReset={canChangeAppointment(
            { date: appointment.date, status: appointment.metadata?.status },
            now,
          )}
        />
      )}
      <DetailsCards
        appointment={appointment}
        clinicName={clinicNameOf(appointment.patient?.clinic, clinics.data ?? [])}
        timeZone={timeZone}
      />
      <RoomSection
        appointment={appointment}
        canChange={canChangeAppointment(
          { date: appointment.date, status: appointment.metadata?.status },
          now,
        )}
      />
      <NotesSection
        key={appointment._id}
        id={appointment._id}
        notes={appointment.metadata?.notes ?? null}
      />
      <ActivityList history={appointment.statusHistory} timeZone={timeZone} />
      {(user?.role === 'admin' || user?.role === 'staff') && (
        <MessagesSection
          appointmentId={appointment._id}
          timeZone={timeZone}
          canResend={user.role === 'admin'}
        />
      )}
      {appointment.metadata?.status?.toUpperCase() === 'CANCELLED' && (
        <WaitlistOffersSection appointmentId={appointment._id} timeZone={timeZone} />
      )}
      <ChangeAppointmentDialog
        open={action === 'reschedule' || action === 'reassign'}
        mode={changeMode}
        appointment={appointment}
        timeZone={timeZone}
        inSeries={series !== null}
        onClose={close}
        onCloseAutoFocus={restoreFocus}
      />
      <CancelAppointmentDialog
        open={action === 'cancel'}
        appointment={appointment}
        timeZone={timeZone}
        inSeries={series !== null}
        onClose={close}
        onCloseAutoFocus={restoreFocus}
      />
    </>
  );
}
