import { toast } from 'sonner';
import type { AdminUser } from '@contracts/admin';
import { DialogActions, mutationState, SubjectDialog } from '@web/components/dialog-frame';
import { useEndAgentSessions } from '../api/invitations';
import type { AgentDialogProps } from './agent-dialog';

function EndSessionsActions({ agent, onDone }: { agent: AdminUser; onDone: () => void }) {
  const end = useEndAgentSessions();
  return (
    <DialogActions
      {...mutationState(end)}
      label="End sessions"
      pendingLabel="Ending..."
      destructive
      onConfirm={() =>
        end.mutate(agent.id, {
          onSuccess: ({ ended }) => {
            toast.success(
              ended === 0
                ? `${agent.name} was not signed in anywhere`
                : `${agent.name} was signed out of ${ended === 1 ? '1 session' : `${ended} sessions`}`,
            );
            onDone();
          },
        })
      }
    />
  );
}

/** Confirms signing a staff member out everywhere, e.g. after a lost phone or laptop. */
export function EndSessionsDialog({ agent, onOpenChange }: AgentDialogProps) {
  return (
    <SubjectDialog
      subject={agent}
      onOpenChange={onOpenChange}
      confirmation
      title={(agent) => `End ${agent.name}’s sessions?`}
      description={() =>
        'They are signed out in every browser at once and sign in again with their password. Nothing else changes.'
      }
    >
      {(agent, close) => <EndSessionsActions agent={agent} onDone={close} />}
    </SubjectDialog>
  );
}
