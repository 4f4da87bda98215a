import { AppointmentActionDialog } from '@web/features/appointments/components/dialogs/appointment-action-dialog';
import { AgentAvailabilityPage } from '@web/features/availability/components/agent-availability-page';
import { AvailabilityPage } from '@web/features/availability/components/availability-page';
import type { RenderVisitAction } from '@web/features/availability/components/outside-hours-dialog';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';

/**
 * The availability editors with the appointments feature's reschedule and cancel dialogs, for the
 * visits new hours would leave outside them. Features do not import each other (ADR 002).
 */
function useVisitActions(): RenderVisitAction {
  const timeZone = useViewerTimeZone();
  return (action, onClose) => (
    <AppointmentActionDialog
      id={action.appointmentId}
      action={action.kind}
      timeZone={timeZone}
      onClose={onClose}
    />
  );
}

/** /availability */
export function AvailabilityRoute() {
  return <AvailabilityPage renderVisitAction={useVisitActions()} />;
}

/** /admin/agents/:id/availability */
export function AgentAvailabilityRoute() {
  return <AgentAvailabilityPage renderVisitAction={useVisitActions()} />;
}
