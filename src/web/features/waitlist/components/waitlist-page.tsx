import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { PlusIcon } from 'lucide-react';
import { WAITLIST_FILTERS, type WaitlistEntry, type WaitlistFilter } from '@contracts/waitlist';
import { formatCount, formatDate, formatDateTimeWithZone } from '@domain/format';
import { WAITLIST_PRIORITIES, type WaitlistPriority } from '@domain/waitlist';
import { AllOrOneSelect } from '@web/components/all-or-one-select';
import { PageHeader } from '@web/components/page-header';
import { ScrollRow } from '@web/components/scroll-row';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useRemoveWaitlistEntry, waitlistQueryOptions } from '../api/waitlist';
import { WaitlistEntryDialog, type RenderPatientPicker } from './waitlist-entry-dialog';
import {
  FILTER_LABELS,
  PRIORITY_LABELS,
  TIME_OF_DAY_LABELS,
  WEEKDAY_SHORT,
} from './waitlist-labels';

const PAGE_SIZE = 20;

/** Today on this device's calendar, as YYYY-MM-DD. */
function todayKey(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function wishesOf(entry: WaitlistEntry): string {
  const days = entry.weekdays.length
    ? entry.weekdays.map((d) => WEEKDAY_SHORT[d]).join(', ')
    : 'Any day';
  const times = entry.timesOfDay.length
    ? entry.timesOfDay.map((t) => TIME_OF_DAY_LABELS[t].split(' ')[0]).join(', ')
    : 'any time';
  return `${days}; ${times}`;
}

/** /waitlist: patients waiting for a time, with what they wish and any offer out to them. */
export function WaitlistPage({
  renderPatientPicker,
}: {
  renderPatientPicker: RenderPatientPicker;
}) {
  const panelId = useId();
  const [params, setParams] = useSearchParams();
  const status = (WAITLIST_FILTERS as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as WaitlistFilter)
    : 'active';
  const priority = (WAITLIST_PRIORITIES as readonly string[]).includes(params.get('priority') ?? '')
    ? (params.get('priority') as WaitlistPriority)
    : undefined;
  const search = params.get('search') ?? '';
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<WaitlistEntry | null>(null);
  const [adding, setAdding] = useState(false);
  const list = useQuery(
    waitlistQueryOptions({
      status,
      page,
      limit: PAGE_SIZE,
      ...(priority ? { priority } : {}),
      ...(search ? { search } : {}),
    }),
  );
  const remove = useRemoveWaitlistEntry();

  const setParam = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
    setPage(1);
  };

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title="Waitlist"
        description="Patients who want a time. Freed times are offered to them by email, urgent first, then whoever has waited longest."
        actions={
          <Button onClick={() => setAdding(true)}>
            <PlusIcon /> Add to waitlist
          </Button>
        }
      />
      <Tabs
        value={status}
        onValueChange={(next) => setParam('status', next === 'active' ? undefined : next)}
      >
        <ScrollRow>
          <TabsList aria-label="Waitlist status" className="h-10">
            {WAITLIST_FILTERS.map((filter) => (
              <TabsTrigger key={filter} value={filter} aria-controls={panelId} className="px-3">
                {FILTER_LABELS[filter]}
                <span className="ml-1.5 text-xs text-muted-foreground tabular-nums">
                  {list.data ? formatCount(list.data.counts[filter]) : ''}
                </span>
              </TabsTrigger>
            ))}
          </TabsList>
        </ScrollRow>
      </Tabs>
      <div className="my-4 flex flex-wrap gap-3">
        <Input
          type="search"
          aria-label="Search patients on the waitlist"
          placeholder="Search by name or email"
          className="max-w-xs"
          defaultValue={search}
          onKeyDown={(e) => {
            if (e.key === 'Enter') setParam('search', e.currentTarget.value.trim() || undefined);
          }}
          onBlur={(e) => setParam('search', e.currentTarget.value.trim() || undefined)}
        />
        <AllOrOneSelect
          aria-label="Priority"
          allLabel="Any priority"
          className="w-40"
          options={WAITLIST_PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
          value={priority}
          onChange={(next) => setParam('priority', next)}
        />
      </div>

      <section id={panelId} role="tabpanel" aria-label={FILTER_LABELS[status]}>
        {list.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading the waitlist">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : list.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {list.error.message}
          </p>
        ) : list.data.data.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Nobody here.
          </p>
        ) : (
          <ul className="grid gap-2">
            {list.data.data.map((entry) => (
              <li
                key={entry.id}
                className="grid gap-2 rounded-xl border bg-card p-4 sm:grid-cols-[1fr_auto]"
                data-testid="waitlist-entry"
              >
                <div className="grid gap-1 text-sm">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{entry.patient.name}</span>
                    {entry.priority === 'urgent' && <Badge variant="destructive">Urgent</Badge>}
                    {entry.expired && <Badge variant="outline">Window passed</Badge>}
                    {entry.status !== 'waiting' && (
                      <Badge variant="secondary">
                        {FILTER_LABELS[entry.status === 'booked' ? 'booked' : 'removed']}
                      </Badge>
                    )}
                  </div>
                  <span className="text-muted-foreground">
                    {entry.provider?.name ?? 'Any provider'} · {entry.duration} min ·{' '}
                    {formatDate(`${entry.windowFrom}T12:00:00Z`, 'UTC')} –{' '}
                    {formatDate(`${entry.windowTo}T12:00:00Z`, 'UTC')} · {wishesOf(entry)}
                  </span>
                  {entry.openOffer && (
                    <span className="text-sky-800 dark:text-sky-300">
                      Offered {formatDateTimeWithZone(entry.openOffer.start, entry.clinic.timezone)}{' '}
                      with {entry.openOffer.provider.name}; awaiting an answer until{' '}
                      {formatDateTimeWithZone(entry.openOffer.expiresAt, entry.clinic.timezone)}.
                    </span>
                  )}
                  {entry.notes && <span className="whitespace-pre-line">{entry.notes}</span>}
                </div>
                {entry.status === 'waiting' && (
                  <div className="flex flex-wrap items-start gap-2">
                    <Button asChild size="sm" variant="outline">
                      <Link
                        to={`/book?${new URLSearchParams({
                          clinic: entry.clinic.slug,
                          ...(entry.patient.email ? { patient: entry.patient.email } : {}),
                          // The booking page opens on the first day of the window still to come.
                          date: entry.windowFrom > todayKey() ? entry.windowFrom : todayKey(),
                          ...(entry.provider ? { agent: entry.provider.id } : {}),
                        }).toString()}`}
                      >
                        Book
                      </Link>
                    </Button>
                    <Button size="sm" variant="outline" onClick={() => setEditing(entry)}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={remove.isPending}
                      onClick={() =>
                        remove.mutate(entry.id, {
                          onSuccess: () =>
                            toast.success(`${entry.patient.name} was taken off the waitlist.`),
                          onError: (error) => toast.error(error.message),
                        })
                      }
                    >
                      Remove
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {list.data && (page > 1 || list.data.pagination.hasNextPage) && (
          <div className="mt-4 flex gap-2">
            <Button variant="outline" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button
              variant="outline"
              disabled={!list.data.pagination.hasNextPage}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </div>
        )}
      </section>
      <WaitlistEntryDialog
        entry={editing}
        open={adding || editing !== null}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
        renderPatientPicker={renderPatientPicker}
      />
    </div>
  );
}
