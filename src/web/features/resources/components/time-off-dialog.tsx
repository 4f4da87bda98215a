import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { ResourceView } from '@contracts/resources';
import { SubjectDialog } from '@web/components/dialog-frame';
import { Button } from '@web/components/ui/button';
import { FormError, TextField } from '@web/components/ui/form-field';
import { useAddResourceTimeOff, useRemoveResourceTimeOff } from '../api/resources';
import { describeTimeOff, instantOfLocal } from '../utils/time-off';

/**
 * A resource's time off to come: listed soonest first, each removable, and a form to add more.
 * `resource` is the list's current copy, so the list follows each change.
 */
export function TimeOffDialog({
  clinic,
  resource,
  onOpenChange,
}: {
  clinic: { id: string; timezone: string };
  resource: ResourceView | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <SubjectDialog
      subject={resource}
      onOpenChange={onOpenChange}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-lg"
      title={(r) => `Time off for ${r.name}`}
      description={() =>
        'While it is off, no new booking uses it. Appointments already booked then keep it, for staff to move.'
      }
    >
      {(shown) => <TimeOffBody clinic={clinic} resource={shown} />}
    </SubjectDialog>
  );
}

function TimeOffBody({
  clinic,
  resource,
}: {
  clinic: { id: string; timezone: string };
  resource: ResourceView;
}) {
  const id = useId();
  const add = useAddResourceTimeOff(clinic.id);
  const remove = useRemoveResourceTimeOff(clinic.id);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<{ start?: string; end?: string }>({});

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const startAt = instantOfLocal(start, clinic.timezone);
    const endAt = instantOfLocal(end, clinic.timezone);
    const found = {
      start: startAt ? undefined : 'Enter the date and time it starts.',
      end: !endAt
        ? 'Enter the date and time it ends.'
        : startAt && endAt <= startAt
          ? 'The end must be after the start.'
          : undefined,
    };
    setProblems(found);
    if (found.start || found.end || !startAt || !endAt) return;
    add.mutate(
      { id: resource.id, body: { start: startAt, end: endAt, reason: reason || null } },
      {
        onSuccess: () => {
          toast.success(`Time off added for ${resource.name}`);
          setStart('');
          setEnd('');
          setReason('');
        },
      },
    );
  }

  return (
    <div className="grid gap-5">
      <section aria-labelledby={`${id}-listed`} className="grid gap-2">
        <h3 id={`${id}-listed`} className="text-sm font-medium">
          Time off to come
        </h3>
        {resource.timeOff.length === 0 ? (
          <p className="text-sm text-muted-foreground">None: it is in use whenever it is open.</p>
        ) : (
          <ul className="divide-y rounded-md border">
            {resource.timeOff.map((off) => {
              const when = describeTimeOff(off.start, off.end, clinic.timezone);
              return (
                <li key={off.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
                  <span className="min-w-0 flex-1 break-words">
                    {when}
                    {off.reason && (
                      <span className="block text-xs text-muted-foreground">{off.reason}</span>
                    )}
                  </span>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove time off ${when}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(
                        { id: resource.id, timeOffId: off.id },
                        { onSuccess: () => toast.success('Time off removed') },
                      )
                    }
                  >
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <FormError message={remove.error?.message} />
      </section>
      <form className="grid gap-4" aria-labelledby={`${id}-add`} onSubmit={submit} noValidate>
        <h3 id={`${id}-add`} className="text-sm font-medium">
          Add time off
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-start`}
            label="Starts"
            type="datetime-local"
            required
            aria-required="true"
            value={start}
            onChange={(e) => setStart(e.target.value)}
            error={problems.start}
          />
          <TextField
            id={`${id}-end`}
            label="Ends"
            type="datetime-local"
            required
            aria-required="true"
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={problems.end}
          />
        </div>
        <TextField
          id={`${id}-reason`}
          label="Reason (optional)"
          autoComplete="off"
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          hint={`Times are ${clinic.timezone} time, the clinic’s.`}
        />
        <FormError message={add.error?.message} />
        <div className="flex justify-end">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add time off'}
          </Button>
        </div>
      </form>
    </div>
  );
}
