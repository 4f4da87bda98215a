import { useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Appointment, SeriesScope } from '@contracts/appointments';
import { formatDate, formatTimeRange, localDateKey } from '@domain/format';
import type { TimeSlot } from '@domain/slots';
import { CurrentTimeLines } from '@web/components/current-time-lines';
import { SaveOrCancel } from '@web/components/dialog-frame';
import { DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { LoadingBlock } from '@web/components/loading-block';
import { Skeleton } from '@web/components/ui/skeleton';
// The slot picker is the one shared building block features may import (agreed exception).
import { TimeSlotPicker } from '@web/features/slots/components/time-slot-picker';
import { isApiError } from '@web/lib/api-client';
import { isOutsideBusyRefusal } from '@web/lib/outside-busy';
import { OutsideBusyAlert } from '@web/components/outside-busy-alert';
import { clinicAgentsQueryOptions } from '@web/queries/clinics';
import { serviceOf, useClinicServices } from '@web/queries/services';
import { refreshAppointmentData } from '@web/queries/query-keys';
import { useUpdateAppointment } from '../../api/update-appointment';
import { staffNameOf } from '../../utils/appointment-display';
import { AppointmentDialogShell } from './appointment-dialog-shell';
import { SeriesScopeField } from './series-scope-field';

export type ChangeMode = 'reschedule' | 'reassign';

export interface ChangeAppointmentDialogProps {
  open: boolean;
  mode: ChangeMode;
  appointment: Appointment;
  timeZone: string;
  /** Part of a series: ask whether to move this one, the following ones or all. */
  inSeries?: boolean;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/** "Reschedule Appointment" / "Reassign Appointment" (spec §2): pick a slot, then Save. */
export function ChangeAppointmentDialog({
  open,
  onClose,
  onCloseAutoFocus,
  ...props
}: ChangeAppointmentDialogProps) {
  return (
    <AppointmentDialogShell open={open} onClose={onClose} onCloseAutoFocus={onCloseAutoFocus} wide>
      <ChangeForm {...props} onClose={onClose} />
    </AppointmentDialogShell>
  );
}

function ChangeForm({
  mode,
  appointment,
  timeZone,
  inSeries,
  onClose,
}: Omit<ChangeAppointmentDialogProps, 'open' | 'onCloseAutoFocus'>) {
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<SeriesScope>('one');
  const [slot, setSlot] = useState<TimeSlot | null>(null);
  const update = useUpdateAppointment();
  const clinic = appointment.patient?.clinic ?? '';
  // Its service's free times, and only those who offer it: its buffers kept (ADR 044).
  const services = useClinicServices(clinic);
  const staffId = appointment.staff?.id;
  // Reassign offers the clinic's bookable agents but the current one; reschedule keeps the agent.
  const agents = useQuery({ ...clinicAgentsQueryOptions(clinic), enabled: mode === 'reassign' });
  const agentIds =
    mode === 'reschedule'
      ? [staffId]
      : agents.data?.filter((agent) => agent._id !== staffId).map((agent) => agent._id);

  const currentSlot = useMemo(
    () =>
      staffId
        ? { start: appointment.date, agentId: staffId, durationMinutes: appointment.duration }
        : undefined,
    [appointment.date, appointment.duration, staffId],
  );

  // The server's words when the provider is busy in their outside calendar at the slot chosen
  // (ADR 053); staff may move it there anyway.
  const [outsideBusy, setOutsideBusy] = useState<{ message: string; slot: TimeSlot } | null>(null);

  function save(overrideOutsideBusy = false) {
    if (!slot) return;
    update.mutate(
      { id: appointment._id, slot, scope, overrideOutsideBusy },
      {
        onSuccess: () => {
          toast.success('Appointment updated successfully');
          onClose();
        },
        onError: (error) => {
          if (isOutsideBusyRefusal(error)) {
            setOutsideBusy({ message: error.message, slot });
            return;
          }
          toast.error(error.message || 'Failed to update appointment');
          if (isApiError(error) && error.status === 409) {
            // Taken meanwhile: back to the picker, with the times as they are now.
            setSlot(null);
            void refreshAppointmentData(queryClient);
          }
        },
      },
    );
  }

  const title = mode === 'reschedule' ? 'Reschedule Appointment' : 'Reassign Appointment';
  // A reassign to another time is also a reschedule (the history gets both): say so before Save.
  const movesToo =
    mode === 'reassign' &&
    slot !== null &&
    (new Date(slot.startTime).getTime() !== new Date(appointment.date).getTime() ||
      (slot.durationMinutes || appointment.duration) !== appointment.duration);
  const when = (start: string, minutes: number) =>
    `${formatDate(start, timeZone)}, ${formatTimeRange(start, minutes, timeZone)}`;
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription asChild>
          <CurrentTimeLines
            date={appointment.date}
            timeZone={timeZone}
            providerName={staffNameOf(appointment)}
          />
        </DialogDescription>
      </DialogHeader>
      {inSeries && (
        <SeriesScopeField value={scope} onChange={setScope} disabled={update.isPending} />
      )}
      {mode === 'reassign' && agents.isPending ? (
        <LoadingBlock label="Loading providers…" className="space-y-3">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-24 w-full" />
        </LoadingBlock>
      ) : mode === 'reassign' && agents.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {agents.error.message}
        </p>
      ) : (
        <TimeSlotPicker
          clinicSlug={clinic}
          value={slot}
          onChange={setSlot}
          agentIds={(agentIds ?? []).filter((id): id is string => Boolean(id))}
          defaultAgentId={mode === 'reschedule' ? staffId : undefined}
          // Opens on the appointment's own day: a reassign usually keeps the time.
          defaultDate={localDateKey(appointment.date, timeZone)}
          timezone={timeZone}
          durationMinutes={appointment.duration || undefined}
          service={serviceOf(services.data, appointment.serviceId)}
          excludeAppointmentId={appointment._id}
          current={currentSlot}
        />
      )}
      {movesToo && slot && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          This also moves the appointment from {when(appointment.date, appointment.duration)} to{' '}
          {when(slot.startTime, slot.durationMinutes || appointment.duration)}.
        </p>
      )}
      {outsideBusy && outsideBusy.slot === slot && (
        <OutsideBusyAlert
          message={outsideBusy.message}
          pending={update.isPending}
          onBookAnyway={() => save(true)}
        />
      )}
      <SaveOrCancel
        onCancel={onClose}
        onSave={() => save()}
        ready={!!slot}
        pending={update.isPending}
      />
    </>
  );
}
