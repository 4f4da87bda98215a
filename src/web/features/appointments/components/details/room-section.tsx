import { useId, useState } from 'react';
import { Loader2Icon } from 'lucide-react';
import type { Appointment } from '@contracts/appointments';
import { Button } from '@web/components/ui/button';
import { inputClassName } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Skeleton } from '@web/components/ui/skeleton';
import { activeResources, useClinicResources, type ResourceView } from '@web/queries/resources';
import { useMoveToRoom } from '../../api/move-to-room';

const sameCategory = (a: ResourceView, b: ResourceView) =>
  a.category.trim().toLowerCase() === b.category.trim().toLowerCase();

/**
 * The room or machine an appointment uses (issue 42), and, while it can still change, a move
 * to another active one of the same category at the same time. Nothing for an appointment
 * without one.
 */
export function RoomSection({
  appointment,
  canChange,
}: {
  appointment: Appointment;
  canChange: boolean;
}) {
  const headingId = useId();
  const resources = useClinicResources(
    appointment.resourceId ? appointment.patient.clinic : undefined,
  );
  if (!appointment.resourceId) return null;
  const current = resources.data?.find((r) => r.id === appointment.resourceId);
  const label = current?.kind === 'equipment' ? 'Equipment' : 'Room';

  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {current ? label : 'Room'}
      </h3>
      {resources.isPending ? (
        <Skeleton className="h-5 w-40" aria-label="Loading the room" />
      ) : resources.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-destructive">{resources.error.message}</span>
          <Button size="sm" variant="outline" onClick={() => void resources.refetch()}>
            Try again
          </Button>
        </div>
      ) : !current ? (
        <p className="text-sm text-muted-foreground">A room this clinic no longer lists.</p>
      ) : (
        <>
          <p className="text-sm">
            <span className="font-medium">{current.name}</span>{' '}
            <span className="text-muted-foreground">
              ({current.category}
              {current.archived ? ', archived' : ''})
            </span>
          </p>
          {canChange && (
            <MoveToRoomForm
              appointment={appointment}
              choices={activeResources(resources.data ?? []).filter(
                (r) => r.id !== current.id && sameCategory(r, current),
              )}
              category={current.category}
            />
          )}
        </>
      )}
    </section>
  );
}

function MoveToRoomForm({
  appointment,
  choices,
  category,
}: {
  appointment: Appointment;
  choices: ResourceView[];
  category: string;
}) {
  const selectId = useId();
  const [chosen, setChosen] = useState('');
  const move = useMoveToRoom(() => setChosen(''));
  if (choices.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        No other {category} at this clinic to move it to.
      </p>
    );
  }
  const target = choices.find((r) => r.id === chosen);
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (target) move.mutate({ appointment, resource: target });
      }}
    >
      <div className="grid min-w-[12rem] flex-1 gap-1.5 sm:flex-none">
        <Label htmlFor={selectId}>Move to another room</Label>
        <select
          id={selectId}
          className={inputClassName}
          value={chosen}
          onChange={(event) => setChosen(event.target.value)}
          disabled={move.isPending}
        >
          <option value="">Choose one…</option>
          {choices.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" size="sm" disabled={!target || move.isPending}>
        {move.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        Move
      </Button>
    </form>
  );
}
