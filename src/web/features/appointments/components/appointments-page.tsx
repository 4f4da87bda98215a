import { ComingSoon } from '@web/components/coming-soon';

// Placeholder: a later issue builds this page.
export function AppointmentsPage() {
  return <ComingSoon title="Appointments" />;
}
