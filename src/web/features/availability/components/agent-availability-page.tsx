import { useParams } from 'react-router';
import { AvailabilityScreen } from './availability-screen';

/** /admin/agents/:id/availability: an admin keeps one agent's week and time off. */
export function AgentAvailabilityPage() {
  const { id = '' } = useParams();
  return (
    <AvailabilityScreen
      target={{ kind: 'agent', agentId: id }}
      title="Agent Availability"
      description={(name) => `Weekly hours and time off for ${name}.`}
    />
  );
}
