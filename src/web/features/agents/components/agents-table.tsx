import type { AdminUser } from '@contracts/admin';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { ListTable } from '@web/components/list-table';
import { TableSkeleton } from '@web/components/table-states';
import { TableCell, TableHead, TableRow } from '@web/components/ui/table';
import { ROLE_LABELS } from '@web/lib/session';
import { cn } from '@web/lib/utils';
import { AgentRowActions, type AgentAction } from './agent-row-actions';
import { TooltipProvider } from '@web/components/ui/tooltip';

function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge
      variant="outline"
      className="border-emerald-600/30 text-emerald-700 dark:text-emerald-400"
    >
      Active
    </Badge>
  ) : (
    <Badge variant="secondary">Deactivated</Badge>
  );
}

export function AgentsTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <TableSkeleton label="Loading staff…" rows={rows} className="space-y-3 p-4">
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-3 w-56" />
      </div>
      <Skeleton className="hidden h-5 w-16 sm:block" />
      <Skeleton className="h-5 w-16" />
    </TableSkeleton>
  );
}

export function AgentsTable({
  agents,
  currentUserId,
  onAction,
}: {
  agents: readonly AdminUser[];
  currentUserId: string | undefined;
  onAction: (action: AgentAction, agent: AdminUser) => void;
}) {
  return (
    // One provider for the rows' tooltips: moving along them skips the open delay.
    <TooltipProvider>
      <ListTable
        caption="Staff members"
        columns={[
          'Name',
          { label: 'Email', className: 'hidden 2xl:table-cell' },
          { label: 'Role', className: 'hidden sm:table-cell' },
          { label: 'Clinics', className: 'hidden lg:table-cell' },
          'Status',
        ]}
        actionsClassName="text-right"
      >
        {agents.map((agent) => (
          <TableRow key={agent.id} className={cn(!agent.active && 'text-muted-foreground')}>
            <TableHead scope="row">
              <span className="flex max-w-40 items-center gap-2 sm:max-w-64">
                <span className="truncate">{agent.name}</span>
                {agent.id === currentUserId && (
                  <Badge variant="outline" className="font-normal">
                    You
                  </Badge>
                )}
              </span>
              {/* Where the table is narrow, the hidden columns' facts move under the name. */}
              <span className="block max-w-40 truncate text-xs font-normal text-muted-foreground sm:max-w-64 2xl:hidden">
                {agent.email}
              </span>
              <span className="text-xs font-normal text-muted-foreground sm:hidden">
                {ROLE_LABELS[agent.role]}
              </span>
            </TableHead>
            <TableCell className="hidden 2xl:table-cell">
              <span className="block max-w-64 truncate">{agent.email}</span>
            </TableCell>
            <TableCell className="hidden sm:table-cell">
              <Badge variant="secondary">{ROLE_LABELS[agent.role]}</Badge>
            </TableCell>
            <TableCell className="hidden lg:table-cell">
              {agent.clinics.length > 0 ? (
                <ul className="space-y-0.5">
                  {agent.clinics.map((clinic) => (
                    <li key={clinic.id} className="whitespace-nowrap">
                      {clinic.name}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="text-muted-foreground">None</span>
              )}
            </TableCell>
            <TableCell>
              <StatusBadge active={agent.active} />
            </TableCell>
            <TableCell className="py-2 text-right">
              <AgentRowActions
                agent={agent}
                isSelf={agent.id === currentUserId}
                onAction={onAction}
              />
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    </TooltipProvider>
  );
}
