import { ComingSoon } from '@web/components/coming-soon';

// Placeholder: a later issue builds this page.
export function AgentsPage() {
  return <ComingSoon title="Agents" />;
}
