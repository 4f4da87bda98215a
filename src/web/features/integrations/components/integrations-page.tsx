import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import type { ApiTokenView } from '@contracts/integrations';
import { PageHeader } from '@web/components/page-header';
import { QueryStates, TableCard, TableEmpty } from '@web/components/table-states';
import { Button } from '@web/components/ui/button';
import { LoadingBlock } from '@web/components/loading-block';
import { Skeleton } from '@web/components/ui/skeleton';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { useSession } from '@web/lib/session';
import { apiTokensQueryOptions } from '../api/api-tokens';
import { ApiTokensTable } from './api-tokens-table';
import { CreateTokenDialog } from './create-token-dialog';
import { RevokeTokenDialog } from './revoke-token-dialog';

/** /admin/integrations: the tokens other systems call the FHIR API with (ADR 015). */
export function IntegrationsPage() {
  const { user } = useSession();
  const timeZone = useViewerTimeZone();
  const tokens = useQuery(apiTokensQueryOptions);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const create = (
    <Button onClick={() => setCreating(true)}>
      <PlusIcon aria-hidden="true" />
      Create token
    </Button>
  );

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Integrations"
        description="Tokens let other systems (a health record, billing, a patient app) read and book appointments through the FHIR API at /fhir/R4. Each sees only the clinics you choose."
        actions={create}
      />
      <TableCard busy={tokens.isFetching}>
        <QueryStates
          query={tokens}
          loading={
            <LoadingBlock
              label="Loading integration tokens…"
              announce={false}
              className="space-y-3 p-4"
            >
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </LoadingBlock>
          }
          isEmpty={(page) => page.data.length === 0}
          empty={<TableEmpty icon={KeyRoundIcon} message="No integration tokens yet." />}
        >
          {(page) => (
            <ApiTokensTable tokens={page.data} timeZone={timeZone} onRevoke={setRevoking} />
          )}
        </QueryStates>
      </TableCard>
      <CreateTokenDialog open={creating} onOpenChange={setCreating} clinics={user?.clinics ?? []} />
      <RevokeTokenDialog token={revoking} onOpenChange={(open) => !open && setRevoking(null)} />
    </div>
  );
}
