import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { KeySquareIcon, PlusIcon } from 'lucide-react';
import type { IdentityProviderView } from '@contracts/sso';
import { CopyField } from '@web/components/copy-field';
import { DialogActions, mutationState, SubjectDialog } from '@web/components/dialog-frame';
import { ListTable } from '@web/components/list-table';
import { PageHeader } from '@web/components/page-header';
import { QueryStates, TableCard, TableEmpty, TableSkeleton } from '@web/components/table-states';
import { RowButton } from '@web/components/row-button';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Skeleton } from '@web/components/ui/skeleton';
import { TableCell, TableRow } from '@web/components/ui/table';
import { useSession } from '@web/lib/session';
import {
  identityProvidersQueryOptions,
  useArchiveIdentityProvider,
} from '../api/identity-providers';
import { ProviderDialog } from './provider-dialog';

const COPIED = {
  copied: 'Copied to clipboard',
  failed: 'Failed to copy: select it and copy it by hand.',
};

/** The addresses to register at the provider: from the server's view, else this page's origin. */
function Registration({ provider }: { provider: IdentityProviderView | undefined }) {
  const origin = window.location.origin;
  return (
    <div className="mb-6 grid gap-4 rounded-lg border p-4 sm:grid-cols-2">
      <CopyField
        id="sso-redirect-uri"
        label="Redirect URI to register"
        value={provider?.redirectUri ?? `${origin}/api/auth/sso/callback`}
        copyLabel="Copy"
        messages={COPIED}
      />
      <CopyField
        id="sso-logout-uri"
        label="Post-logout redirect URI"
        value={provider?.postLogoutRedirectUri ?? `${origin}/auth/login`}
        copyLabel="Copy"
        messages={COPIED}
      />
    </div>
  );
}

function Options({ provider }: { provider: IdentityProviderView }) {
  return (
    <div className="flex flex-wrap gap-1">
      {provider.archivedAt && <Badge variant="destructive">Archived</Badge>}
      {provider.createUsers && <Badge variant="secondary">Creates accounts</Badge>}
      {provider.linkByEmail && <Badge variant="secondary">Links by e-mail</Badge>}
      {provider.ssoOnly && <Badge>SSO only</Badge>}
    </div>
  );
}

function ProviderRow({
  provider,
  onEdit,
  onArchive,
}: {
  provider: IdentityProviderView;
  onEdit: (provider: IdentityProviderView) => void;
  onArchive: (provider: IdentityProviderView) => void;
}) {
  return (
    <TableRow>
      <TableCell>
        <div className="font-medium">{provider.name}</div>
        <div className="max-w-72 font-mono text-xs break-all text-muted-foreground">
          {provider.issuer}
        </div>
      </TableCell>
      <TableCell className="text-xs">{provider.clinics.map((c) => c.name).join(', ')}</TableCell>
      <TableCell className="text-xs">{provider.emailDomains.join(', ') || '—'}</TableCell>
      <TableCell>
        <Options provider={provider} />
      </TableCell>
      <TableCell>
        {!provider.archivedAt && (
          <div className="flex justify-end gap-2">
            <RowButton name={`Edit ${provider.name}`} onClick={() => onEdit(provider)}>
              Edit
            </RowButton>
            <RowButton name={`Archive ${provider.name}`} onClick={() => onArchive(provider)}>
              Archive
            </RowButton>
          </div>
        )}
      </TableCell>
    </TableRow>
  );
}

function ArchiveDialog({
  provider,
  onOpenChange,
}: {
  provider: IdentityProviderView | null;
  onOpenChange: (open: boolean) => void;
}) {
  const archive = useArchiveIdentityProvider();
  return (
    <SubjectDialog
      subject={provider}
      onOpenChange={onOpenChange}
      confirmation
      title={(p) => `Archive ${p.name}?`}
      description={() =>
        'Nobody can sign in through it any more. Accounts stay; those that used only single sign-on need a password or another provider.'
      }
    >
      {(p, close) => (
        <DialogActions
          {...mutationState(archive)}
          label="Archive"
          pendingLabel="Archiving…"
          destructive
          onConfirm={() => archive.mutate(p.id, { onSuccess: close })}
        />
      )}
    </SubjectDialog>
  );
}

/** /admin/sign-in: the identity providers staff sign in through (single sign-on, ADR 048). */
export function SingleSignOnPage() {
  const { user } = useSession();
  const clinics = [...(user?.clinics ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  const providers = useQuery(identityProvidersQueryOptions);
  const [editing, setEditing] = useState<IdentityProviderView | null | 'new'>(null);
  const [archiving, setArchiving] = useState<IdentityProviderView | null>(null);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Single sign-on"
        description="Staff sign in through your organisation’s OpenID Connect provider. You see the providers that serve only clinics you administer."
        actions={
          <Button onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden="true" />
            Add identity provider
          </Button>
        }
      />
      <Registration provider={providers.data?.data[0]} />
      <TableCard busy={providers.isFetching}>
        <QueryStates
          query={providers}
          loading={
            <TableSkeleton label="Loading identity providers…" rows={2}>
              <Skeleton className="h-10 w-full" />
            </TableSkeleton>
          }
          isEmpty={(page) => page.data.length === 0}
          empty={<TableEmpty icon={KeySquareIcon} message="No identity providers yet." />}
        >
          {(page) => (
            <ListTable
              caption="Identity providers"
              className="[&_td]:px-4 [&_td]:align-top [&_th]:px-4"
              columns={['Provider', 'Clinics', 'E-mail domains', 'Options']}
            >
              {page.data.map((provider) => (
                <ProviderRow
                  key={provider.id}
                  provider={provider}
                  onEdit={setEditing}
                  onArchive={setArchiving}
                />
              ))}
            </ListTable>
          )}
        </QueryStates>
      </TableCard>
      <ProviderDialog
        open={editing !== null}
        provider={editing === 'new' ? null : editing}
        clinics={clinics}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ArchiveDialog provider={archiving} onOpenChange={(open) => !open && setArchiving(null)} />
    </div>
  );
}
