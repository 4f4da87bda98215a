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
import { useSetAgentActive } from '../api/set-agent-active';
import { FormError } from './form-error';

function StatusConfirm({ agent, onDone }: { agent: AdminUser; onDone: () => void }) {
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
    <>
      <DialogHeader>
        <DialogTitle>
          {activating ? `Activate ${agent.name}?` : `Deactivate ${agent.name}?`}
        </DialogTitle>
        <DialogDescription>
          {activating
            ? 'They will be able to sign in again with their current password.'
            : 'They will be signed out everywhere and can no longer sign in. Their appointments and history stay. You can activate the account again later.'}
        </DialogDescription>
      </DialogHeader>
      <FormError message={setActive.error?.message} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button
          variant={activating ? 'default' : 'destructive'}
          disabled={setActive.isPending}
          onClick={confirm}
        >
          {activating
            ? setActive.isPending
              ? 'Activating...'
              : 'Activate'
            : setActive.isPending
              ? 'Deactivating...'
              : 'Deactivate'}
        </Button>
      </DialogFooter>
    </>
  );
}

/** Confirms deactivating (or re-activating) a staff member's account. */
export function AgentStatusDialog({
  agent,
  onOpenChange,
}: {
  agent: AdminUser | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={agent !== null} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" className="sm:max-w-md">
        {agent && <StatusConfirm agent={agent} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
