import { ComingSoon } from '@web/components/coming-soon';

// Placeholder: a later issue builds this page.
export function BookPage() {
  return <ComingSoon title="Book Appointment" />;
}
