import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SendIcon } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate, formatTime } from '@domain/format';
import type { WebhookEndpointView } from '@contracts/webhooks';
import { TableEmpty, TableLoadError } from '@web/components/table-states';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { TitledDialog } from '@web/components/dialog-frame';
import { Skeleton } from '@web/components/ui/skeleton';
import { ListTable } from '@web/components/list-table';
import { TableCell, TableRow } from '@web/components/ui/table';
import { useResendWebhookDelivery, webhookDeliveriesQueryOptions } from '../api/webhooks';

const when = (iso: string, timeZone: string) =>
  `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

/** An endpoint's delivery log, newest first, with Resend on each delivery already made. */
export function DeliveriesDialog({
  endpoint,
  timeZone,
  onOpenChange,
}: {
  endpoint: WebhookEndpointView | null;
  timeZone: string;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <TitledDialog
      open={endpoint !== null}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-4xl"
      title="Delivery log"
      descriptionClassName="break-all"
      description={
        <>
          {endpoint?.url}
          {endpoint && !endpoint.canManage && (
            <span className="mt-1 block">Only the deliveries about your clinics are shown.</span>
          )}
        </>
      }
    >
      {endpoint && <DeliveriesTable endpoint={endpoint} timeZone={timeZone} />}
    </TitledDialog>
  );
}

function DeliveriesTable({
  endpoint,
  timeZone,
}: {
  endpoint: WebhookEndpointView;
  timeZone: string;
}) {
  const [page, setPage] = useState(1);
  const deliveries = useQuery(webhookDeliveriesQueryOptions(endpoint.id, page));
  const resend = useResendWebhookDelivery(endpoint.id);

  if (deliveries.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        <span className="sr-only">Loading deliveries…</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (deliveries.isError) {
    return (
      <TableLoadError
        message={deliveries.error.message}
        onRetry={() => void deliveries.refetch()}
      />
    );
  }
  if (deliveries.data.data.length === 0) {
    return <TableEmpty icon={SendIcon} message="Nothing delivered yet." />;
  }
  return (
    <div className="grid gap-3">
      <ListTable
        caption="Deliveries, newest first"
        className="[&_td]:align-top"
        columns={['Event', 'Status', 'Response', 'Time', 'Attempts']}
      >
        {deliveries.data.data.map((d) => (
          <TableRow key={d.id}>
            <TableCell>
              <div className="font-mono text-xs">{d.event}</div>
              <div className="font-mono text-xs text-muted-foreground">{d.messageId}</div>
            </TableCell>
            <TableCell>
              <Badge variant={d.status === 'sent' ? 'default' : 'secondary'}>
                {d.status === 'sent' ? 'Delivered' : 'Pending'}
              </Badge>
            </TableCell>
            <TableCell>
              <div>{d.responseStatus ?? '—'}</div>
              {d.status === 'pending' && d.lastError && (
                <div className="max-w-56 text-xs break-words text-destructive">{d.lastError}</div>
              )}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {when(d.sentAt ?? d.lastAttemptAt ?? d.createdAt, timeZone)}
              {d.status === 'pending' && (
                <div className="text-xs text-muted-foreground">
                  Next try {when(d.nextAttemptAt, timeZone)}
                </div>
              )}
            </TableCell>
            <TableCell>{d.attempts}</TableCell>
            <TableCell>
              {d.status === 'sent' && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={resend.isPending}
                  aria-label={`Resend ${d.event} ${d.messageId}`}
                  onClick={() =>
                    resend.mutate(d.id, {
                      onSuccess: () => toast.success('The delivery will be sent again.'),
                      onError: (err) => toast.error(err.message),
                    })
                  }
                >
                  Resend
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <div className="flex justify-end gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={page === 1}
          onClick={() => setPage((p) => p - 1)}
        >
          Newer
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!deliveries.data.pagination.hasNextPage}
          onClick={() => setPage((p) => p + 1)}
        >
          Older
        </Button>
      </div>
    </div>
  );
}
