import { useParams } from 'react-router';
import { AvailabilityScreen } from './availability-screen';
import type { RenderVisitAction } from './outside-hours-dialog';

/** /admin/agents/:id/availability: an admin keeps one agent's week and time off. */
export function AgentAvailabilityPage({
  renderVisitAction,
}: {
  /** The appointments feature's reschedule and cancel dialogs, handed in by src/web/app. */
  renderVisitAction?: RenderVisitAction;
} = {}) {
  const { id = '' } = useParams();
  return (
    <AvailabilityScreen
      renderVisitAction={renderVisitAction}
      target={{ kind: 'agent', agentId: id }}
      title="Staff availability"
      description={(name) => `Weekly hours and time off for ${name}.`}
    />
  );
}
