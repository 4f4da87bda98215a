import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { AdminUser } from '@contracts/admin';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { useSession } from '@web/lib/session';
import { browserTimeZone } from '@web/lib/time-zones';
import { useCreateAgent } from '../api/create-agent';
import { useUpdateAgent } from '../api/update-agent';
import {
  agentFormFrom,
  emptyAgentForm,
  toCreateBody,
  toUpdateBody,
  validateAgentForm,
  type AgentFormValues,
} from '../utils/agent-form';
import { AgentFormFields } from './agent-form-fields';
import { FormError } from './form-error';

type FormTarget = { mode: 'create' } | { mode: 'edit'; agent: AdminUser };

function AgentForm({ target, onDone }: { target: FormTarget; onDone: () => void }) {
  const { user } = useSession();
  const clinics = user?.clinics ?? [];
  const [values, setValues] = useState<AgentFormValues>(() =>
    target.mode === 'edit'
      ? agentFormFrom(target.agent)
      : emptyAgentForm({
          timezone: user?.timezone ?? browserTimeZone(),
          // With one clinic there is nothing to choose.
          clinicIds: clinics.length === 1 ? [clinics[0]!.id] : [],
        }),
  );
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const mutation = target.mode === 'create' ? create : update;
  const errors = submitted ? validateAgentForm(values, target.mode) : {};
  const isSelf = target.mode === 'edit' && target.agent.id === user?.id;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (mutation.isPending) return;
    if (Object.keys(validateAgentForm(values, target.mode)).length > 0) return;
    if (target.mode === 'create') {
      create.mutate(toCreateBody(values), {
        onSuccess: (agent) => {
          toast.success(`${agent.name} can now sign in`);
          onDone();
        },
      });
      return;
    }
    const body = toUpdateBody(values, target.agent);
    if (Object.keys(body).length === 0) return onDone();
    update.mutate(
      { id: target.agent.id, body },
      {
        onSuccess: (agent) => {
          toast.success(`Saved changes to ${agent.name}`);
          onDone();
        },
      },
    );
  }

  return (
    <form className="grid gap-5" onSubmit={submit} noValidate>
      <AgentFormFields
        mode={target.mode}
        values={values}
        errors={errors}
        clinics={clinics}
        roleLocked={isSelf}
        accountLocked={target.mode === 'edit' && target.agent.alsoElsewhere}
        onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
      />
      <FormError message={mutation.error?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={mutation.isPending}>
          {target.mode === 'create'
            ? create.isPending
              ? 'Creating...'
              : 'Create staff member'
            : update.isPending
              ? 'Saving...'
              : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Create a staff member, or edit one; the form starts afresh each time the dialog opens. */
export function AgentFormDialog({
  target,
  onOpenChange,
}: {
  target: FormTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>
            {target?.mode === 'edit' ? `Edit ${target.agent.name}` : 'Create staff member'}
          </DialogTitle>
          <DialogDescription>
            {target?.mode === 'edit'
              ? 'Update their details, role and clinics.'
              : 'They sign in with this email and the initial password.'}
          </DialogDescription>
        </DialogHeader>
        {target && <AgentForm target={target} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
