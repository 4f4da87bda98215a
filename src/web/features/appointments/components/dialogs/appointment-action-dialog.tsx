import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button';
import { DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { appointmentQueryOptions } from '../../api/get-appointment';
import { AppointmentDialogShell } from './appointment-dialog-shell';
import { CancelAppointmentDialog } from './cancel-appointment-dialog';
import { ChangeAppointmentDialog } from './change-appointment-dialog';

export type AppointmentAction = 'reschedule' | 'cancel';

/**
 * The reschedule or cancel dialog for an appointment known only by its id, for screens of other
 * features (the availability editor's visits outside the new hours) composed in src/web/app.
 */
export function AppointmentActionDialog({
  id,
  action,
  timeZone,
  onClose,
}: {
  id: string;
  action: AppointmentAction;
  timeZone: string;
  onClose: () => void;
}) {
  const appointment = useQuery(appointmentQueryOptions(id));
  if (!appointment.data) {
    return (
      <AppointmentDialogShell open onClose={onClose}>
        <DialogHeader>
          <DialogTitle>
            {action === 'reschedule' ? 'Reschedule Appointment' : 'Cancel Appointment'}
          </DialogTitle>
          <DialogDescription role={appointment.isError ? 'alert' : 'status'}>
            {appointment.isError
              ? `Failed to load appointment. ${appointment.error.message}`
              : 'Loading appointment...'}
          </DialogDescription>
        </DialogHeader>
        {appointment.isError && (
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        )}
      </AppointmentDialogShell>
    );
  }
  return action === 'reschedule' ? (
    <ChangeAppointmentDialog
      open
      mode="reschedule"
      appointment={appointment.data}
      timeZone={timeZone}
      onClose={onClose}
    />
  ) : (
    <CancelAppointmentDialog
      open
      appointment={appointment.data}
      timeZone={timeZone}
      onClose={onClose}
    />
  );
}
