import { ComingSoon } from '@web/components/coming-soon';

// Placeholder: a later issue builds an admin's view of one agent's schedule (/admin/agents/:id/availability).
export function AgentAvailabilityPage() {
  return <ComingSoon title="Agent Availability" />;
}
