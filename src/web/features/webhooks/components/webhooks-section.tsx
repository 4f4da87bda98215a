import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon, WebhookIcon } from 'lucide-react';
import { formatDate, formatTime } from '@domain/format';
import type { WebhookEndpointView } from '@contracts/webhooks';
import { SHARED_WITH_OTHERS } from '@web/components/integration-sharing';
import { QueryStates, TableCard, TableEmpty } from '@web/components/table-states';
import { RowButton } from '@web/components/row-button';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/loading-block';
import { Skeleton } from '@web/components/ui/skeleton';
import { ListTable } from '@web/components/list-table';
import { TableCell, TableRow } from '@web/components/ui/table';
import { SectionHeading } from '@web/components/section-heading';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { useSession } from '@web/lib/session';
import { webhookEndpointsQueryOptions } from '../api/webhooks';
import { EVENT_LABELS } from '../utils/endpoint-form';
import { DeliveriesDialog } from './deliveries-dialog';
import { EndpointDialog } from './endpoint-dialog';

const when = (iso: string, timeZone: string) =>
  `${formatDate(iso, timeZone)}, ${formatTime(iso, timeZone)}`;

function EndpointState({
  endpoint,
  timeZone,
}: {
  endpoint: WebhookEndpointView;
  timeZone: string;
}) {
  if (!endpoint.enabled) {
    return (
      <div className="grid gap-1">
        <Badge variant="destructive">Disabled</Badge>
        {endpoint.disabledReason && (
          <span className="text-xs text-muted-foreground">
            {endpoint.disabledReason}
            {endpoint.disabledAt && ` (${when(endpoint.disabledAt, timeZone)})`}
          </span>
        )}
      </div>
    );
  }
  if (endpoint.failingSince) {
    return (
      <div className="grid gap-1">
        <Badge variant="secondary">Failing</Badge>
        <span className="text-xs text-muted-foreground">
          Since {when(endpoint.failingSince, timeZone)}
        </span>
      </div>
    );
  }
  return <Badge>Enabled</Badge>;
}

/** /admin/integrations' webhook endpoints: add, edit, and each one's delivery log. */
export function WebhooksSection() {
  const { user } = useSession();
  const timeZone = useViewerTimeZone();
  const endpoints = useQuery(webhookEndpointsQueryOptions);
  const [editing, setEditing] = useState<WebhookEndpointView | null | 'new'>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointView | null>(null);

  return (
    <section aria-labelledby="webhooks-title" className="mt-10">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <SectionHeading id="webhooks-title" title="Webhooks">
          Other systems are told the moment an appointment is booked, moved, reassigned, cancelled,
          confirmed or marked. Each delivery is signed; failures are retried, and an endpoint that
          fails for a day is disabled and admins are e-mailed.
        </SectionHeading>
        <Button onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden="true" />
          Add endpoint
        </Button>
      </div>
      <TableCard busy={endpoints.isFetching}>
        <QueryStates
          query={endpoints}
          loading={
            <LoadingBlock
              label="Loading webhook endpoints…"
              announce={false}
              className="space-y-3 p-4"
            >
              <Skeleton className="h-10 w-full" />
            </LoadingBlock>
          }
          isEmpty={(page) => page.data.length === 0}
          empty={<TableEmpty icon={WebhookIcon} message="No webhook endpoints yet." />}
        >
          {(page) => (
            <ListTable
              caption="Webhook endpoints, newest first"
              className="[&_td]:px-4 [&_td]:align-top [&_th]:px-4"
              columns={['Endpoint', 'Events', 'Clinics', 'State']}
            >
              {page.data.map((endpoint) => (
                <TableRow key={endpoint.id}>
                  <TableCell>
                    <div className="max-w-72 font-mono text-xs break-all">{endpoint.url}</div>
                    {endpoint.description && (
                      <div className="text-xs text-muted-foreground">{endpoint.description}</div>
                    )}
                  </TableCell>
                  <TableCell className="text-xs">
                    {endpoint.events.map((e) => EVENT_LABELS[e]).join(', ')}
                    {endpoint.visitLinks && (
                      <div className="mt-1">
                        <Badge variant="secondary">With visit links</Badge>
                      </div>
                    )}
                  </TableCell>
                  <TableCell className="text-xs">
                    {endpoint.clinics.map((c) => c.name).join(', ')}
                    {!endpoint.canManage && (
                      <div className="mt-1 text-muted-foreground">
                        {SHARED_WITH_OTHERS} ({endpoint.otherClinics} other
                        {endpoint.otherClinics === 1 ? ' clinic' : ' clinics'})
                      </div>
                    )}
                  </TableCell>
                  <TableCell>
                    <EndpointState endpoint={endpoint} timeZone={timeZone} />
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-2">
                      <RowButton
                        name={`Delivery log of ${endpoint.url}`}
                        onClick={() => setLogOf(endpoint)}
                      >
                        Delivery log
                      </RowButton>
                      <RowButton
                        name={`${endpoint.canManage ? 'Edit' : 'View'} ${endpoint.url}`}
                        onClick={() => setEditing(endpoint)}
                      >
                        {endpoint.canManage ? 'Edit' : 'View'}
                      </RowButton>
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </ListTable>
          )}
        </QueryStates>
      </TableCard>
      <EndpointDialog
        open={editing !== null}
        endpoint={editing === 'new' ? null : editing}
        clinics={user?.clinics ?? []}
        onOpenChange={(open) => !open && setEditing(null)}
        // A new endpoint opens as edited, which shows its signing secret.
        onSaved={(saved) => setEditing(editing === 'new' ? saved : null)}
      />
      <DeliveriesDialog
        endpoint={logOf}
        timeZone={timeZone}
        onOpenChange={(open) => !open && setLogOf(null)}
      />
    </section>
  );
}
