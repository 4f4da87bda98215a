import { AppointmentDetailsDialog } from '@web/features/appointments/components/details/appointment-details-dialog';
import { CalendarPage } from '@web/features/calendar/components/calendar-page';

/**
 * /calendar: the calendar with the appointments feature's details dialog on top, so opening an
 * appointment keeps the user's week, view and filters. Features do not import each other (ADR 002).
 */
export function CalendarRoute() {
  return (
    <CalendarPage
      renderDetails={(id, onClose) => <AppointmentDetailsDialog id={id} onClose={onClose} />}
    />
  );
}
