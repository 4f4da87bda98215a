import { PageHeader } from '@web/components/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useSession } from '@web/lib/session';
import { useThemeSync } from '../hooks/use-theme-sync';
import { NotificationSettings } from './notification-settings';
import { PasskeySettings } from './passkey-settings';
import { PasswordSettings } from './password-settings';
import { SessionsSettings } from './sessions-settings';
import { ThemeSettings } from './theme-settings';
import { TimeZoneSettings } from './time-zone-settings';
import { TwoStepSettings } from './two-step-settings';

export function SettingsPage() {
  const { user } = useSession();
  useThemeSync();
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        title="Settings"
        description="Saved to your account and applied everywhere at once."
      />
      {user ? (
        <>
          <TimeZoneSettings user={user} />
          <ThemeSettings user={user} />
          <NotificationSettings user={user} />
          <PasswordSettings />
          <TwoStepSettings email={user.email} />
          <PasskeySettings />
          <SessionsSettings />
        </>
      ) : (
        <div aria-busy="true" className="space-y-6">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      )}
    </div>
  );
}
