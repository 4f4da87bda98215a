import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MailPlusIcon, PlusIcon, UsersIcon } from 'lucide-react';
import type { AdminUser } from '@contracts/admin';
import { PageHeader } from '@web/components/page-header';
import { SearchField } from '@web/components/search-field';
import { QueryStates, TableCard, TableEmpty } from '@web/components/table-states';
import { Button } from '@web/components/ui/button';
import { useSession } from '@web/lib/session';
import { staffQueryOptions } from '@web/queries/staff';
import { useUnlockAgentSignIn } from '../api/unlock-agent-sign-in';
import { useDebouncedValue } from '@web/hooks/use-debounced-value';
import { AgentFormDialog } from './agent-form-dialog';
import type { AgentAction } from './agent-row-actions';
import { AgentStatusDialog } from './agent-status-dialog';
import { AgentsTable, AgentsTableSkeleton } from './agents-table';
import { EndSessionsDialog } from './end-sessions-dialog';
import { InvitationsList } from './invitations-list';
import { InviteStaffDialog } from './invite-staff-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { Checkbox } from '@web/components/ui/checkbox';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'invite' }
  | { kind: Exclude<AgentAction, 'unlock'>; agent: AdminUser }
  | null;

function EmptyState({ search, onCreate }: { search: string; onCreate: () => void }) {
  return search ? (
    <TableEmpty icon={UsersIcon} message={`No staff match “${search}”.`} />
  ) : (
    <TableEmpty
      icon={UsersIcon}
      message="No staff members yet."
      action={
        <Button variant="outline" onClick={onCreate}>
          <PlusIcon aria-hidden="true" />
          Create staff member
        </Button>
      }
    />
  );
}

/** /admin/agents: the staff of the admin's clinics, and who may sign in. */
export function AgentsPage() {
  const { user } = useSession();
  const [search, setSearch] = useState('');
  const [includeInactive, setIncludeInactive] = useState(false);
  const debouncedSearch = useDebouncedValue(search.trim(), 250);
  const agents = useQuery({
    ...staffQueryOptions({ search: debouncedSearch, includeInactive }),
    // While a new search runs, the previous rows stay instead of flashing back to skeletons.
    placeholderData: keepPreviousData,
  });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = (open: boolean) => !open && setDialog(null);
  const openCreate = () => setDialog({ kind: 'create' });
  const unlock = useUnlockAgentSignIn();
  const onAction = (kind: AgentAction, agent: AdminUser) => {
    if (kind !== 'unlock') return setDialog({ kind, agent });
    // Nothing to confirm: it only lets them, and whoever guesses, try again sooner.
    unlock.mutate(agent.id, {
      onSuccess: () => toast.success(`${agent.name} can sign in again now`),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Staff"
        description="Staff of your clinics: who can sign in, their role and their clinics."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setDialog({ kind: 'invite' })}>
              <MailPlusIcon aria-hidden="true" />
              Invite staff member
            </Button>
            <Button variant="outline" onClick={openCreate}>
              <PlusIcon aria-hidden="true" />
              Create staff member
            </Button>
          </div>
        }
      />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchField
          className="relative w-full sm:max-w-xs"
          aria-label="Search staff"
          placeholder="Search by name or email"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <label className="flex items-center gap-2 text-sm">
          <Checkbox
            checked={includeInactive}
            onChange={(event) => setIncludeInactive(event.target.checked)}
          />
          Show deactivated staff
        </label>
      </div>
      <InvitationsList />
      <TableCard label="Staff members" busy={agents.isFetching}>
        <QueryStates
          query={agents}
          loading={<AgentsTableSkeleton />}
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState search={debouncedSearch} onCreate={openCreate} />}
        >
          {(list) => <AgentsTable agents={list} currentUserId={user?.id} onAction={onAction} />}
        </QueryStates>
      </TableCard>
      <AgentFormDialog
        target={
          dialog?.kind === 'create'
            ? { mode: 'create' }
            : dialog?.kind === 'edit'
              ? { mode: 'edit', agent: dialog.agent }
              : null
        }
        onOpenChange={close}
      />
      <ResetPasswordDialog
        agent={dialog?.kind === 'password' ? dialog.agent : null}
        onOpenChange={close}
      />
      <InviteStaffDialog open={dialog?.kind === 'invite'} onOpenChange={close} />
      <EndSessionsDialog
        agent={dialog?.kind === 'sessions' ? dialog.agent : null}
        onOpenChange={close}
      />
      <AgentStatusDialog
        agent={dialog?.kind === 'status' ? dialog.agent : null}
        onOpenChange={close}
      />
    </div>
  );
}
