import { Link } from 'react-router';
import {
  ClockIcon,
  KeyRoundIcon,
  LockOpenIcon,
  LogOutIcon,
  MoreHorizontalIcon,
  PencilIcon,
  UserCheckIcon,
  UserXIcon,
} from 'lucide-react';
import type { AdminUser } from '@contracts/admin';
import { isBookableRole } from '@domain/roles';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Tooltip, TooltipContent, TooltipTrigger } from '@web/components/ui/tooltip';

export type AgentAction = 'edit' | 'password' | 'status' | 'unlock' | 'sessions';

export function AgentRowActions({
  agent,
  isSelf,
  onAction,
}: {
  agent: AdminUser;
  isSelf: boolean;
  onAction: (action: AgentAction, agent: AdminUser) => void;
}) {
  const availabilityPath = `/admin/agents/${encodeURIComponent(agent.id)}/availability`;
  return (
    <div className="flex items-center justify-end gap-1">
      {isBookableRole(agent.role) && (
        // Narrow screens have no room for it beside the menu; the menu offers it there instead.
        <Tooltip>
          <TooltipTrigger asChild>
            <Button asChild variant="ghost" size="sm" className="hidden px-2 sm:inline-flex">
              <Link to={availabilityPath} aria-label={`Availability for ${agent.name}`}>
                <ClockIcon aria-hidden="true" />
                <span className="hidden lg:inline">Availability</span>
              </Link>
            </Button>
          </TooltipTrigger>
          {/* Only while the label is hidden; the link's own name already says it to readers. */}
          <TooltipContent className="lg:hidden" aria-hidden="true">
            Availability
          </TooltipContent>
        </Tooltip>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for ${agent.name}`}>
            <MoreHorizontalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => onAction('edit', agent)}>
            <PencilIcon aria-hidden="true" />
            Edit
          </DropdownMenuItem>
          {isBookableRole(agent.role) && (
            <DropdownMenuItem asChild className="sm:hidden">
              <Link to={availabilityPath}>
                <ClockIcon aria-hidden="true" />
                Availability
              </Link>
            </DropdownMenuItem>
          )}
          {agent.alsoElsewhere ? (
            // The server refuses these (403): say who can, rather than offer an error.
            <DropdownMenuItem
              disabled
              className="max-w-64 whitespace-normal text-muted-foreground data-[disabled]:opacity-100"
            >
              <KeyRoundIcon aria-hidden="true" />
              Password and access: they also work at clinics you do not manage, so an admin of all
              their clinics changes these.
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => onAction('password', agent)}>
              <KeyRoundIcon aria-hidden="true" />
              Reset password
            </DropdownMenuItem>
          )}
          {/* Only while failed attempts slow their sign-in down; the server refuses it (403)
              for someone who also works elsewhere, like the password. */}
          {agent.signInThrottled && !agent.alsoElsewhere && (
            <DropdownMenuItem onSelect={() => onAction('unlock', agent)}>
              <LockOpenIcon aria-hidden="true" />
              Unlock sign-in
            </DropdownMenuItem>
          )}
          {/* Anyone who shares a clinic with the admin: it takes nothing away but their sessions. */}
          {!isSelf && (
            <DropdownMenuItem onSelect={() => onAction('sessions', agent)}>
              <LogOutIcon aria-hidden="true" />
              End sessions
            </DropdownMenuItem>
          )}
          {/* The server refuses deactivating yourself; offering it would only lead to an error. */}
          {!isSelf && !agent.alsoElsewhere && <DropdownMenuSeparator />}
          {!isSelf &&
            !agent.alsoElsewhere &&
            (agent.active ? (
              <DropdownMenuItem variant="destructive" onSelect={() => onAction('status', agent)}>
                <UserXIcon aria-hidden="true" />
                Deactivate
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem onSelect={() => onAction('status', agent)}>
                <UserCheckIcon aria-hidden="true" />
                Activate
              </DropdownMenuItem>
            ))}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
