import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatRelativeTime } from '@domain/relative-time';
import type { OutsideCalendarView } from '@contracts/outside-calendars';
import { Button } from '@web/components/ui/button';
import { useNow } from '@web/hooks/use-now';
import type { AvailabilityTarget } from '../api/get-availability';
import {
  outsideCalendarsQueryOptions,
  useDisconnectOutsideCalendar,
  useSyncOutsideCalendar,
} from '../api/outside-calendars';
import { ConnectOutsideCalendarForm } from './connect-outside-calendar-form';
import { OutsideCalendarPush } from './outside-calendar-push';

/**
 * Outside calendars (issue 46, ADR 053): the other calendars whose busy times block this
 * person's slots, how their last sync went and how long ago, "Sync now", and disconnecting; a
 * CalDAV one can also take this person's appointments (push, ADR 062). Credentials go in once,
 * in the form below, and are never shown again.
 */
export function OutsideCalendarsSection({ target }: { target: AvailabilityTarget }) {
  const query = useQuery(outsideCalendarsQueryOptions(target));
  const items = query.data?.items ?? [];
  return (
    <section aria-labelledby="outside-calendars-title" className="mt-8 grid gap-4">
      <h2 id="outside-calendars-title" className="text-base leading-none font-semibold">
        Outside calendars
      </h2>
      <p className="text-sm text-muted-foreground">
        Busy times in these calendars cannot be booked here. Event titles are not imported.
      </p>
      {query.isError && <p className="text-sm text-destructive">{query.error.message}</p>}
      {query.isSuccess && items.length === 0 && (
        <p className="text-sm">
          No outside calendar is connected. Connect one and its busy times stop patients and staff
          booking you here then.
        </p>
      )}
      {items.length > 0 && (
        <ul className="grid gap-2">
          {items.map((calendar) => (
            <OutsideCalendarRow key={calendar.id} calendar={calendar} target={target} />
          ))}
        </ul>
      )}
      <ConnectOutsideCalendarForm target={target} />
    </section>
  );
}

function OutsideCalendarRow({
  calendar,
  target,
}: {
  calendar: OutsideCalendarView;
  target: AvailabilityTarget;
}) {
  const now = useNow();
  const sync = useSyncOutsideCalendar(target);
  const disconnect = useDisconnectOutsideCalendar(target);
  const synced = calendar.lastSyncedAt
    ? `Last synced ${formatRelativeTime(new Date(calendar.lastSyncedAt), now)}`
    : 'Not synced yet';
  return (
    <li className="rounded-lg border bg-card p-4" aria-label={calendar.name}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="font-medium">{calendar.name}</p>
          <p className="text-sm text-muted-foreground">
            {calendar.kind === 'caldav' ? 'CalDAV' : 'iCalendar address'} · {calendar.address}
            {calendar.username ? ` · ${calendar.username}` : ''}
          </p>
          <p className="text-sm">{synced}</p>
          {calendar.lastError && (
            <p className="text-sm text-destructive" role="status">
              Last sync failed: {calendar.lastError} Busy times from the last good sync still block
              unless a clinic lets a calendar failing for a day stop blocking.
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={sync.isPending}
            onClick={() =>
              sync.mutate(calendar.id, {
                onSuccess: (after) =>
                  after.lastError
                    ? toast.error(after.lastError)
                    : toast.success(`${calendar.name} synced`),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            {sync.isPending ? 'Syncing…' : 'Sync now'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(calendar.id, {
                onSuccess: () => toast.success(`${calendar.name} disconnected`),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            Disconnect
          </Button>
        </div>
      </div>
      {calendar.kind === 'caldav' && (
        <OutsideCalendarPush calendar={calendar} target={target} now={now} />
      )}
    </li>
  );
}
