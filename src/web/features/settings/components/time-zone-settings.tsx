import { useId } from 'react';
import { toast } from 'sonner';
import type { SessionUser } from '@contracts/auth';
import { formatTime } from '@domain/format';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { TimeZonePicker } from '@web/components/time-zone-picker';
import { browserTimeZone } from '@web/lib/time-zones';
import { useUpdateProfile } from '../api/update-profile';
import { SettingsSection } from './settings-section';

/**
 * The zone every time in the app is shown in. Unset means the browser's zone (then UTC); the
 * choice is saved at once and the cached session updated, so every screen follows without a
 * reload.
 */
export function TimeZoneSettings({ user }: { user: SessionUser }) {
  const id = useId();
  const update = useUpdateProfile();
  const browserZone = browserTimeZone();
  const current = user.timezone || browserZone;

  function save(timezone: string | null) {
    if (timezone === user.timezone) return;
    update.mutate(
      { timezone },
      {
        onSuccess: (saved) =>
          toast.success(
            `Times now show in ${(saved.timezone || browserZone).replaceAll('_', ' ')}.`,
          ),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <SettingsSection
      id="time-zone"
      title="Time zone"
      description="Appointment times, the calendar and the dashboard use this zone."
    >
      <div className="grid max-w-md gap-2">
        <Label htmlFor={`${id}-zone`}>Time zone</Label>
        <TimeZonePicker
          id={`${id}-zone`}
          value={current}
          onChange={(zone) => save(zone)}
          aria-describedby={`${id}-hint`}
        />
        <p id={`${id}-hint`} className="text-sm text-muted-foreground" aria-live="polite">
          {user.timezone ? (
            <>It is {formatTime(new Date(), current)} there now.</>
          ) : (
            <>Following your browser ({browserZone.replaceAll('_', ' ')}).</>
          )}
          {update.isPending && ' Saving…'}
        </p>
        {user.timezone && user.timezone !== browserZone && (
          <Button
            variant="link"
            className="h-auto justify-start p-0"
            disabled={update.isPending}
            onClick={() => save(null)}
          >
            Use my browser’s time zone ({browserZone.replaceAll('_', ' ')})
          </Button>
        )}
      </div>
    </SettingsSection>
  );
}
