import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MailIcon } from 'lucide-react';
import { toast } from 'sonner';
import { PageHeader } from '@web/components/page-header';
import { TableEmpty, TableLoadError } from '@web/components/table-states';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import type { OutboxStatus } from '@contracts/outbox';
import { outboxQueryOptions, useResendMessage } from '../api/outbox';
import { OutboxTable } from './outbox-table';

const FILTERS = ['all', 'pending', 'failed', 'sent'] as const;
type Filter = (typeof FILTERS)[number];

/** /admin/outbox: every notification of the admin's clinics, its delivery state, and resend. */
export function OutboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const filter: Filter = FILTERS.includes(raw as Filter) ? (raw as Filter) : 'all';
  const timeZone = useViewerTimeZone();
  const outbox = useInfiniteQuery(outboxQueryOptions(filter as OutboxStatus | 'all'));
  const resend = useResendMessage();
  const messages = outbox.data?.pages.flatMap((p) => p.data) ?? [];

  const onResend = (id: number) =>
    resend.mutate(id, {
      onSuccess: () => toast.success('Message queued to send again'),
      onError: (error) => toast.error(error.message),
    });

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Notifications"
        description="Emails to patients and staff about bookings, changes and cancellations. Without a mail server configured, messages wait here."
      />
      <Tabs
        value={filter}
        onValueChange={(value) =>
          setSearchParams(value === 'all' ? {} : { status: value }, { replace: true })
        }
        className="gap-4"
      >
        <TabsList aria-label="Filter by state">
          {FILTERS.map((f) => (
            <TabsTrigger key={f} value={f} className="capitalize">
              {f}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* One panel, the selected filter's: every tab's aria-controls then names a real element. */}
        <TabsContent
          value={filter}
          aria-busy={outbox.isFetching || undefined}
          className="overflow-hidden rounded-xl border bg-card"
        >
          {outbox.isPending ? (
            <div className="space-y-3 p-4" aria-busy="true">
              <span className="sr-only">Loading notifications…</span>
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          ) : outbox.isError && messages.length === 0 ? (
            <TableLoadError message={outbox.error.message} onRetry={() => void outbox.refetch()} />
          ) : messages.length === 0 ? (
            <TableEmpty icon={MailIcon} message="No messages here." />
          ) : (
            <OutboxTable
              messages={messages}
              timeZone={timeZone}
              resendingId={resend.isPending ? (resend.variables ?? null) : null}
              onResend={onResend}
            />
          )}
        </TabsContent>
      </Tabs>
      {outbox.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            onClick={() => void outbox.fetchNextPage()}
            disabled={outbox.isFetchingNextPage}
          >
            {outbox.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
