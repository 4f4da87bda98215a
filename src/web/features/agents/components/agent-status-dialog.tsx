import { toast } from 'sonner';
import type { AdminUser } from '@contracts/admin';
import { useSetAgentActive } from '../api/set-agent-active';
import { DialogActions, mutationState, SubjectDialog } from '@web/components/dialog-frame';
import type { AgentDialogProps } from './agent-dialog';

function StatusActions({ agent, onDone }: { agent: AdminUser; onDone: () => void }) {
  const setActive = useSetAgentActive();
  const activating = !agent.active;

  function confirm() {
    setActive.mutate(
      { id: agent.id, active: activating },
      {
        onSuccess: (updated) => {
          toast.success(
            activating ? `${updated.name} can sign in again` : `${updated.name} was deactivated`,
          );
          onDone();
        },
      },
    );
  }

  return (
    <DialogActions
      {...mutationState(setActive)}
      label={activating ? 'Activate' : 'Deactivate'}
      pendingLabel={activating ? 'Activating...' : 'Deactivating...'}
      destructive={!activating}
      onConfirm={confirm}
    />
  );
}

/** Confirms deactivating (or re-activating) a staff member's account. */
export function AgentStatusDialog({ agent, onOpenChange }: AgentDialogProps) {
  return (
    <SubjectDialog
      subject={agent}
      onOpenChange={onOpenChange}
      confirmation
      title={(agent) => (agent.active ? `Deactivate ${agent.name}?` : `Activate ${agent.name}?`)}
      description={(agent) =>
        agent.active
          ? 'They will be signed out everywhere and can no longer sign in. Their appointments and history stay. You can activate the account again later.'
          : 'They will be able to sign in again with their current password.'
      }
    >
      {(agent, close) => <StatusActions agent={agent} onDone={close} />}
    </SubjectDialog>
  );
}
