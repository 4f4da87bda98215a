import { useQuery } from '@tanstack/react-query';
import { CalendarClockIcon } from 'lucide-react';
import { formatRelativeTime } from '@domain/relative-time';
import { ListTable } from '@web/components/list-table';
import { QueryStates, TableEmpty } from '@web/components/table-states';
import { Skeleton } from '@web/components/ui/skeleton';
import { TableCell, TableRow } from '@web/components/ui/table';
import { SectionHeading } from '@web/components/section-heading';
import { useNow } from '@web/hooks/use-now';
import type { OutsideCalendarView } from '@contracts/outside-calendars';
import { clinicOutsideCalendarsQueryOptions } from '../api/outside-calendars';

/**
 * /admin/integrations (issue 46, ADR 053): every outside calendar of the staff of the admin's own
 * clinics, how long ago it last synced and, when its syncs fail, why in words; for one that takes
 * appointments (push, ADR 062), how its pushes go. Connecting, syncing, disconnecting and
 * switching push stay on each person's availability page.
 */
export function OutsideCalendarsAdminSection() {
  const calendars = useQuery(clinicOutsideCalendarsQueryOptions);
  const now = useNow();
  return (
    <section aria-labelledby="outside-calendars-admin-title" className="mt-10 grid gap-4">
      <SectionHeading id="outside-calendars-admin-title" title="Outside calendars">
        Calendars your staff connected on their availability page: their busy times cannot be booked
        here.
      </SectionHeading>
      <div className="overflow-hidden rounded-xl border bg-card">
        <QueryStates
          query={calendars}
          loading={
            <div className="p-4" aria-busy="true">
              <Skeleton className="h-10 w-full" />
            </div>
          }
          isEmpty={(page) => page.items.length === 0}
          empty={
            <TableEmpty
              icon={CalendarClockIcon}
              message="No staff member has connected an outside calendar."
            />
          }
        >
          {(page) => (
            <ListTable
              caption="Outside calendars of your clinics’ staff"
              className="[&_td]:px-4 [&_th]:px-4"
              columns={['Staff member', 'Calendar', 'Last synced', 'State']}
            >
              {page.items.map((calendar) => (
                <TableRow key={calendar.id}>
                  <TableCell>
                    <div>{calendar.staff.name}</div>
                    <div className="text-xs text-muted-foreground">{calendar.staff.email}</div>
                  </TableCell>
                  <TableCell>
                    <div>{calendar.name}</div>
                    <div className="text-xs text-muted-foreground">
                      {calendar.kind === 'caldav' ? 'CalDAV' : 'iCalendar address'} ·{' '}
                      {calendar.address}
                    </div>
                  </TableCell>
                  <TableCell>
                    {calendar.lastSyncedAt
                      ? formatRelativeTime(new Date(calendar.lastSyncedAt), now)
                      : 'Never'}
                  </TableCell>
                  <TableCell>
                    {calendar.lastError ? (
                      <span className="text-destructive">Failing: {calendar.lastError}</span>
                    ) : calendar.lastSyncedAt ? (
                      'Working'
                    ) : (
                      'Not synced yet'
                    )}
                    <PushCell push={calendar.push} now={now} />
                  </TableCell>
                </TableRow>
              ))}
            </ListTable>
          )}
        </QueryStates>
      </div>
    </section>
  );
}

/** The push state under the sync state, for a calendar that takes appointments (ADR 062). */
function PushCell({ push, now }: { push: OutsideCalendarView['push']; now: Date }) {
  if (!push.enabled) return null;
  return (
    <div className="text-xs">
      {push.lastError ? (
        <span className="text-destructive">Push failing: {push.lastError}</span>
      ) : push.lastPushedAt ? (
        `Appointments pushed ${formatRelativeTime(new Date(push.lastPushedAt), now)}`
      ) : (
        'Appointments not pushed yet'
      )}
      {push.waiting > 0 ? ` · ${push.waiting} waiting` : ''}
    </div>
  );
}
