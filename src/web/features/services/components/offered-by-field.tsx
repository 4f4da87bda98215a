import { useQuery } from '@tanstack/react-query';
import type { ServiceView } from '@contracts/services';
import { Checkbox } from '@web/components/ui/checkbox';
import { FieldError } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Skeleton } from '@web/components/ui/skeleton';
import { clinicAgentsQueryOptions } from '@web/queries/clinics';
import { isRole } from '@domain/roles';
import { ROLE_LABELS } from '@web/lib/session';

type AgentChoice = { id: string; durationMinutes: number | null };

/**
 * Who offers the service: everyone who sees patients, or the providers and nurses ticked here,
 * each with a length of their own where theirs differs from the service's.
 */
export function OfferedByField({
  id,
  clinicSlug,
  listed,
  isDefault,
  offeredByAll,
  agents,
  onOfferedByAllChange,
  onAgentsChange,
  error,
}: {
  id: string;
  clinicSlug: string;
  /** Who the service lists now, by name: kept on the list even if no longer bookable. */
  listed: ServiceView['agents'];
  /** The default service: always everyone's, so bookings made without a service go to anyone. */
  isDefault: boolean;
  offeredByAll: boolean;
  agents: readonly AgentChoice[];
  onOfferedByAllChange: (all: boolean) => void;
  onAgentsChange: (agents: AgentChoice[]) => void;
  error: string | undefined;
}) {
  const clinicAgents = useQuery(clinicAgentsQueryOptions(clinicSlug));
  const people = [
    ...(clinicAgents.data ?? []).map((a) => ({ id: a._id, name: a.name, role: a.role })),
    ...listed
      .filter((l) => !clinicAgents.data?.some((a) => a._id === l.id))
      .map((l) => ({ id: l.id, name: l.name, role: undefined })),
  ];
  const chosen = (agentId: string) => agents.find((a) => a.id === agentId);
  const setOwnLength = (agentId: string, text: string) =>
    onAgentsChange(
      agents.map((a) =>
        a.id === agentId ? { ...a, durationMinutes: text === '' ? null : Number(text) } : a,
      ),
    );

  if (isDefault) {
    return (
      <div className="grid gap-2">
        <p className="text-sm font-medium">Who offers it</p>
        <p className="text-sm text-muted-foreground">
          Everyone who sees patients: this is the default service, what a booking made without a
          service is, so every provider and nurse offers it.
        </p>
      </div>
    );
  }

  return (
    <fieldset className="grid gap-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">Who offers it</legend>
      <div className="grid gap-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-who`}
            className="size-4 accent-primary"
            checked={offeredByAll}
            onChange={() => onOfferedByAllChange(true)}
          />
          Everyone who sees patients
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-who`}
            className="size-4 accent-primary"
            checked={!offeredByAll}
            onChange={() => onOfferedByAllChange(false)}
          />
          Only the providers and nurses chosen here
        </label>
      </div>
      {!offeredByAll &&
        (clinicAgents.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : clinicAgents.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {clinicAgents.error.message}
          </p>
        ) : people.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            This clinic has no providers or nurses yet: add them under Staff first.
          </p>
        ) : (
          <ul className="grid gap-1 rounded-md border p-1" aria-label="Providers and nurses">
            {people.map((person) => {
              const choice = chosen(person.id);
              return (
                <li
                  key={person.id}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-sm px-2 py-1.5"
                >
                  <label className="flex min-w-0 cursor-pointer items-center gap-2 text-sm">
                    <Checkbox
                      checked={choice !== undefined}
                      onChange={(e) =>
                        onAgentsChange(
                          e.target.checked
                            ? [...agents, { id: person.id, durationMinutes: null }]
                            : agents.filter((a) => a.id !== person.id),
                        )
                      }
                    />
                    <span className="truncate">{person.name}</span>
                    {isRole(person.role) && (
                      <span className="text-xs text-muted-foreground">
                        {ROLE_LABELS[person.role]}
                      </span>
                    )}
                  </label>
                  {choice && (
                    <Input
                      className="h-8 w-28"
                      inputMode="numeric"
                      placeholder="Own length"
                      aria-label={`${person.name}’s own length in minutes (optional)`}
                      value={choice.durationMinutes ?? ''}
                      onChange={(e) => setOwnLength(person.id, e.target.value.trim())}
                    />
                  )}
                </li>
              );
            })}
          </ul>
        ))}
      {!offeredByAll && (
        <p className="text-xs text-muted-foreground">
          Leave a length empty to use the service’s own.
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
