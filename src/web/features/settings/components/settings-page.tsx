import { ComingSoon } from '@web/components/coming-soon';

// Placeholder: a later issue builds this page.
export function SettingsPage() {
  return <ComingSoon title="Settings" />;
}
