import { useState } from 'react';
import { toast } from 'sonner';
import {
  DEFAULT_NOTIFICATION_PREFS,
  NOTIFICATION_EVENTS,
  type NotificationEvent,
  type SessionUser,
} from '@contracts/auth';
import { useUpdateProfile } from '../api/update-profile';
import { SettingsSection } from './settings-section';
import { Checkbox } from '@web/components/ui/checkbox';

const LABELS: Record<NotificationEvent, string> = {
  booked: 'Booked',
  rescheduled: 'Rescheduled',
  reassigned: 'Reassigned',
  cancelled: 'Cancelled',
};

/** Which changes to their own appointments a staff member is emailed about; each saves at once. */
export function NotificationSettings({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const prefs = user.notificationPrefs ?? DEFAULT_NOTIFICATION_PREFS;
  // The box shows the new choice in the same render as the click (a controlled checkbox would
  // otherwise flick back until the request starts), and the saved value once it settles.
  const [choosing, setChoosing] = useState<Partial<Record<NotificationEvent, boolean>>>({});

  function toggle(event: NotificationEvent, on: boolean) {
    setChoosing((c) => ({ ...c, [event]: on }));
    update.mutate(
      { notificationPrefs: { [event]: on } },
      {
        onSuccess: () => toast.success('Email preferences saved.'),
        onError: (error) => toast.error(error.message),
        onSettled: () =>
          setChoosing((c) => {
            const { [event]: _settled, ...rest } = c;
            return rest;
          }),
      },
    );
  }

  return (
    <SettingsSection
      id="notifications"
      title="Email notifications"
      description="Patients are always told about changes to their appointments."
    >
      <fieldset>
        <legend className="mb-3 text-sm font-medium">
          Email me when an appointment of mine is…
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {NOTIFICATION_EVENTS.map((event) => {
            const checked = choosing[event] ?? prefs[event];
            return (
              <label key={event} className="flex items-center gap-3 text-sm">
                <Checkbox
                  checked={checked}
                  disabled={update.isPending}
                  onChange={(e) => toggle(event, e.target.checked)}
                  className="peer size-4 accent-[var(--primary)]"
                />
                {LABELS[event]}
              </label>
            );
          })}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
