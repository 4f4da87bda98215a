import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { AdminUser } from '@contracts/admin';
import { useSession } from '@web/lib/session';
import { browserTimeZone } from '@web/lib/time-zones';
import { useCreateAgent } from '../api/create-agent';
import { useUpdateAgent } from '../api/update-agent';
import {
  agentFormFrom,
  agentFormSchemas,
  emptyAgentForm,
  toUpdateBody,
  type AgentFormOutput,
  type AgentFormValues,
} from '../utils/agent-form';
import { preselectedClinicIds } from '@web/components/clinic-checkboxes';
import { DialogForm, mutationState, SubjectDialog } from '@web/components/dialog-frame';
import { AgentFormFields } from './agent-form-fields';

type FormTarget = { mode: 'create' } | { mode: 'edit'; agent: AdminUser };

function AgentForm({ target, onDone }: { target: FormTarget; onDone: () => void }) {
  const { user } = useSession();
  const clinics = user?.clinics ?? [];
  const form = useForm<AgentFormValues, unknown, AgentFormOutput>({
    resolver: zodResolver(agentFormSchemas[target.mode]),
    defaultValues:
      target.mode === 'edit'
        ? agentFormFrom(target.agent)
        : emptyAgentForm({
            timezone: user?.timezone ?? browserTimeZone(),
            clinicIds: preselectedClinicIds(clinics),
          }),
  });
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const mutation = target.mode === 'create' ? create : update;
  const isSelf = target.mode === 'edit' && target.agent.id === user?.id;

  function save(values: AgentFormOutput) {
    if (mutation.isPending) return;
    if (target.mode === 'create') {
      create.mutate(values, {
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
    <DialogForm
      onSubmit={form.handleSubmit(save)}
      {...mutationState(mutation)}
      label={target.mode === 'create' ? 'Create staff member' : 'Save changes'}
      pendingLabel={target.mode === 'create' ? 'Creating...' : 'Saving...'}
    >
      <AgentFormFields
        mode={target.mode}
        form={form}
        clinics={clinics}
        roleLocked={isSelf}
        accountLocked={target.mode === 'edit' && target.agent.alsoElsewhere}
      />
    </DialogForm>
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
    <SubjectDialog
      subject={target}
      onOpenChange={onOpenChange}
      className="sm:max-w-xl"
      title={(target) =>
        target.mode === 'edit' ? `Edit ${target.agent.name}` : 'Create staff member'
      }
      description={(target) =>
        target.mode === 'edit'
          ? 'Update their details, role and clinics.'
          : 'They sign in with this email and the initial password.'
      }
    >
      {(target, close) => <AgentForm target={target} onDone={close} />}
    </SubjectDialog>
  );
}
