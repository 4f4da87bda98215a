import { useId } from 'react';
import { toast } from 'sonner';
import { formatRelativeTime } from '@domain/relative-time';
import type { OutsideCalendarPushBody, OutsideCalendarView } from '@contracts/outside-calendars';
import { Checkbox } from '@web/components/ui/checkbox';
import type { AvailabilityTarget } from '../api/get-availability';
import { useSetOutsideCalendarPush } from '../api/outside-calendars';

/**
 * Push (issue 46, ADR 062) for one CalDAV calendar: whether appointments booked here are written
 * into it, whether those events name the patient (off by default: "Appointment" and the
 * service), and how the last push went, in words. Each box saves as it is ticked.
 */
export function OutsideCalendarPush({
  calendar,
  target,
  now,
}: {
  calendar: OutsideCalendarView;
  target: AvailabilityTarget;
  now: Date;
}) {
  const id = useId();
  const save = useSetOutsideCalendarPush(target);
  // A box shows what was just asked for while the server answers; a refusal puts it back.
  const asked = save.isPending ? save.variables?.body : undefined;
  const push = {
    ...calendar.push,
    enabled: asked?.enabled ?? calendar.push.enabled,
    patientNames: asked?.patientNames ?? calendar.push.patientNames,
  };
  const change = (body: OutsideCalendarPushBody, done: string) =>
    save.mutate(
      { calendarId: calendar.id, body },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <fieldset className="mt-3 grid gap-2 border-t pt-3" disabled={save.isPending}>
      <legend className="sr-only">Appointments in {calendar.name}</legend>
      <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-push`}>
        <Checkbox
          id={`${id}-push`}
          checked={push.enabled}
          onChange={(event) =>
            change(
              { enabled: event.target.checked },
              event.target.checked
                ? `Appointments will be written into ${calendar.name}`
                : `Appointments will be taken out of ${calendar.name}`,
            )
          }
        />
        Write appointments booked here into this calendar
      </label>
      <label className="flex items-center gap-2 text-sm" htmlFor={`${id}-names`}>
        <Checkbox
          id={`${id}-names`}
          checked={push.patientNames}
          disabled={!push.enabled}
          onChange={(event) =>
            change(
              { patientNames: event.target.checked },
              event.target.checked
                ? 'Events will name the patient'
                : 'Events will no longer name the patient',
            )
          }
        />
        Name the patient in those events
      </label>
      {push.enabled && (
        <p className="text-sm text-muted-foreground">
          {push.patientNames
            ? 'Events show the service and the patient’s name.'
            : 'Events show only “Appointment” and the service, no patient details.'}{' '}
          Changes made to them in that calendar are replaced by the appointment as booked; untick
          this before disconnecting to take them out of it.
        </p>
      )}
      {push.enabled && <PushState push={push} now={now} />}
    </fieldset>
  );
}

function PushState({ push, now }: { push: OutsideCalendarView['push']; now: Date }) {
  const pushed = push.lastPushedAt
    ? `Last pushed ${formatRelativeTime(new Date(push.lastPushedAt), now)}`
    : 'Not pushed yet';
  const waiting =
    push.waiting === 0
      ? ''
      : ` · ${push.waiting} ${push.waiting === 1 ? 'appointment' : 'appointments'} waiting`;
  return (
    <>
      <p className="text-sm">
        {pushed}
        {waiting}
      </p>
      {push.lastError && (
        <p className="text-sm text-destructive" role="status">
          Last push failed: {push.lastError} Carebook tries again, less often as failures go on.
        </p>
      )}
      {push.lastConflictAt && (
        <p className="text-sm text-muted-foreground">
          An event changed in that calendar was put back as booked{' '}
          {formatRelativeTime(new Date(push.lastConflictAt), now)}.
        </p>
      )}
    </>
  );
}
