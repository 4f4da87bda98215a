import type { AdminUser } from '@contracts/admin';
import { Badge } from '@web/components/ui/badge';
import { Skeleton } from '@web/components/ui/skeleton';
import { ROLE_LABELS } from '@web/lib/session';
import { cn } from '@web/lib/utils';
import { AgentRowActions, type AgentAction } from './agent-row-actions';

const headCell = 'h-10 px-3 text-left align-middle text-xs font-medium text-muted-foreground';
const cell = 'px-3 py-3 align-middle';

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
    <div aria-busy="true" className="space-y-3 p-4">
      <span className="sr-only">Loading staff…</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="hidden h-5 w-16 sm:block" />
          <Skeleton className="h-5 w-16" />
        </div>
      ))}
    </div>
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
    <table className="w-full caption-bottom text-sm">
      <caption className="sr-only">Staff members</caption>
      <thead className="border-b bg-muted/40">
        <tr>
          <th scope="col" className={headCell}>
            Name
          </th>
          <th scope="col" className={cn(headCell, 'hidden 2xl:table-cell')}>
            Email
          </th>
          <th scope="col" className={cn(headCell, 'hidden sm:table-cell')}>
            Role
          </th>
          <th scope="col" className={cn(headCell, 'hidden lg:table-cell')}>
            Clinics
          </th>
          <th scope="col" className={headCell}>
            Status
          </th>
          <th scope="col" className={cn(headCell, 'text-right')}>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {agents.map((agent) => (
          <tr
            key={agent.id}
            className={cn('border-b last:border-0', !agent.active && 'text-muted-foreground')}
          >
            <th scope="row" className={cn(cell, 'text-left font-medium')}>
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
            </th>
            <td className={cn(cell, 'hidden 2xl:table-cell')}>
              <span className="block max-w-64 truncate">{agent.email}</span>
            </td>
            <td className={cn(cell, 'hidden sm:table-cell')}>
              <Badge variant="secondary">{ROLE_LABELS[agent.role]}</Badge>
            </td>
            <td className={cn(cell, 'hidden lg:table-cell')}>
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
            </td>
            <td className={cell}>
              <StatusBadge active={agent.active} />
            </td>
            <td className={cn(cell, 'py-2 text-right')}>
              <AgentRowActions
                agent={agent}
                isSelf={agent.id === currentUserId}
                onAction={onAction}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
