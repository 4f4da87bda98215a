import { ComingSoon } from '@web/components/coming-soon';

// Placeholder: a later issue builds this page.
export function ReschedulePage() {
  return <ComingSoon title="Reschedule Appointment" />;
}
