import { useQuery } from '@tanstack/react-query';
import { CalendarIcon } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate, formatTime } from '@domain/format';
import type { ClinicSummary } from '@contracts/auth';
import { QueryStates, TableEmpty } from '@web/components/table-states';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { ListTable } from '@web/components/list-table';
import { TableCell, TableRow } from '@web/components/ui/table';
import { SectionHeading } from '@web/components/section-heading';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { useSession } from '@web/lib/session';
import {
  calendarFeedsQueryOptions,
  clinicFeedSettingsQueryOptions,
  useRevokeCalendarFeed,
  useUpdateClinicFeedSettings,
} from '../api/calendar-feeds';

function ClinicSummarySetting({ clinic }: { clinic: ClinicSummary }) {
  const settings = useQuery(clinicFeedSettingsQueryOptions(clinic.slug));
  const update = useUpdateClinicFeedSettings(clinic.slug);
  const id = `feed-summary-${clinic.slug}`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <Label htmlFor={id}>{clinic.name}</Label>
      <select
        id={id}
        className="h-9 rounded-md border bg-background px-2 text-sm"
        disabled={!settings.data || update.isPending}
        value={settings.data?.summary ?? 'initial'}
        onChange={(e) =>
          update.mutate(
            { summary: e.target.value === 'none' ? 'none' : 'initial' },
            { onError: (err) => toast.error(err.message) },
          )
        }
      >
        <option value="initial">Appointment — Jane D.</option>
        <option value="none">Appointment</option>
      </select>
    </div>
  );
}

/** /admin/integrations: who has a calendar feed (with revoke) and what feeds may say. */
export function CalendarFeedsAdminSection() {
  const { user } = useSession();
  const timeZone = useViewerTimeZone();
  const feeds = useQuery(calendarFeedsQueryOptions);
  const revoke = useRevokeCalendarFeed();
  const when = (iso: string) => `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

  return (
    <section aria-labelledby="calendar-feeds-title" className="mt-10 grid gap-4">
      <SectionHeading id="calendar-feeds-title" title="Calendar feeds">
        Staff subscribe to their own appointments from Settings. Each feed is a private URL; turning
        it off here stops it at once.
      </SectionHeading>
      <div className="grid gap-2 rounded-xl border bg-card p-4">
        <h3 className="text-sm font-medium">What events say about the patient</h3>
        {(user?.clinics ?? []).map((clinic) => (
          <ClinicSummarySetting key={clinic.id} clinic={clinic} />
        ))}
      </div>
      <div className="overflow-hidden rounded-xl border bg-card">
        <QueryStates
          query={feeds}
          loading={
            <div className="p-4" aria-busy="true">
              <Skeleton className="h-10 w-full" />
            </div>
          }
          isEmpty={(page) => page.data.length === 0}
          empty={<TableEmpty icon={CalendarIcon} message="Nobody has a calendar feed." />}
        >
          {(page) => (
            <ListTable
              caption="Staff with a calendar feed"
              className="[&_td]:px-4 [&_th]:px-4"
              columns={['Staff member', 'Since', 'Last fetched']}
            >
              {page.data.map((feed) => (
                <TableRow key={feed.user.id}>
                  <TableCell>
                    <div>{feed.user.name}</div>
                    <div className="text-xs text-muted-foreground">{feed.user.email}</div>
                  </TableCell>
                  <TableCell>{when(feed.createdAt)}</TableCell>
                  <TableCell>{feed.lastFetchedAt ? when(feed.lastFetchedAt) : 'Never'}</TableCell>
                  <TableCell className="text-right">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={revoke.isPending}
                      aria-label={`Turn off the calendar feed of ${feed.user.name}`}
                      onClick={() =>
                        revoke.mutate(feed.user.id, {
                          onSuccess: () => toast.success(`${feed.user.name}’s feed is off.`),
                          onError: (err) => toast.error(err.message),
                        })
                      }
                    >
                      Revoke
                    </Button>
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
