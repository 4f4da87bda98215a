import { CalendarFeedSettings } from '@web/features/calendar-feeds/components/calendar-feed-settings';
import { SettingsPage } from '@web/features/settings/components/settings-page';

/** /settings: the account's own settings, and the calendar feed (a feature of its own). */
export function SettingsRoute() {
  return (
    <>
      <SettingsPage />
      <div className="mt-6 max-w-3xl">
        <CalendarFeedSettings />
      </div>
    </>
  );
}
