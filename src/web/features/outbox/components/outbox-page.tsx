import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MailIcon } from 'lucide-react';
import { toast } from 'sonner';
import { PageHeader } from '@web/components/page-header';
import { TableEmpty, TableLoadError } from '@web/components/table-states';
import { ScrollRow } from '@web/components/scroll-row';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { AllOrOneSelect } from '@web/components/all-or-one-select';
import { OUTBOX_KINDS, type OutboxKind, type OutboxStatus } from '@contracts/outbox';
import { outboxQueryOptions, useResendMessage } from '../api/outbox';
import { KIND_LABELS } from '@web/components/messages/message-parts';
import { OutboxMessages } from './outbox-table';
import { OutboxMessageDialog } from '@web/components/messages/message-dialog';

const FILTERS = ['all', 'pending', 'failed', 'sent', 'withdrawn', 'dropped'] as const;
type Filter = (typeof FILTERS)[number];
const KIND_OPTIONS = OUTBOX_KINDS.map((kind) => ({
  value: kind,
  label: kind === 'appointment.reminder' ? 'Reminders' : KIND_LABELS[kind],
}));

/** /admin/outbox: every notification of the admin's clinics, its delivery state, and resend. */
export function OutboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const filter: Filter = FILTERS.includes(raw as Filter) ? (raw as Filter) : 'all';
  const rawKind = searchParams.get('kind');
  const kind = OUTBOX_KINDS.includes(rawKind as OutboxKind) ? (rawKind as OutboxKind) : undefined;
  const timeZone = useViewerTimeZone();
  const outbox = useInfiniteQuery(outboxQueryOptions(filter as OutboxStatus | 'all', kind));
  const setParam = (key: 'status' | 'kind', value: string | undefined) => {
    const next = new URLSearchParams(searchParams);
    if (!value || value === 'all') next.delete(key);
    else next.set(key, value);
    setSearchParams(next, { replace: true });
  };
  const resend = useResendMessage();
  const [viewing, setViewing] = useState<{ id: number; open: boolean } | null>(null);
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
        description="Emails to patients and staff about bookings, changes, cancellations and reminders, and the confirmations of online bookings. Reminders wait here until they are due. Without a mail server configured, every message waits here: View shows it as its recipient would get it."
        actions={
          <AllOrOneSelect
            aria-label="Filter by kind"
            allLabel="All kinds"
            options={KIND_OPTIONS}
            value={kind}
            onChange={(value) => setParam('kind', value)}
            className="w-56"
          />
        }
      />
      <Tabs value={filter} onValueChange={(value) => setParam('status', value)} className="gap-4">
        <ScrollRow>
          <TabsList aria-label="Filter by state">
            {FILTERS.map((f) => (
              <TabsTrigger key={f} value={f} className="capitalize">
                {f}
              </TabsTrigger>
            ))}
          </TabsList>
        </ScrollRow>
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
            <OutboxMessages
              messages={messages}
              timeZone={timeZone}
              resendingId={resend.isPending ? (resend.variables ?? null) : null}
              onResend={onResend}
              onView={(id) => setViewing({ id, open: true })}
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
      {viewing ? (
        <OutboxMessageDialog
          messageId={viewing.id}
          open={viewing.open}
          onOpenChange={(open) => setViewing({ ...viewing, open })}
        />
      ) : null}
    </div>
  );
}
