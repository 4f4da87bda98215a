import { toast } from 'sonner';
import type { ApiTokenView } from '@contracts/integrations';
import { DialogActions, mutationState, SubjectDialog } from '@web/components/dialog-frame';
import { useRevokeApiToken } from '../api/api-tokens';

/** Asks before revoking: the system using the token is cut off at once, for good. */
export function RevokeTokenDialog({
  token,
  onOpenChange,
}: {
  token: ApiTokenView | null;
  onOpenChange: (open: boolean) => void;
}) {
  const revoke = useRevokeApiToken();

  function confirm(shown: ApiTokenView) {
    if (revoke.isPending) return;
    revoke.mutate(shown.id, {
      onSuccess: (revoked) => {
        toast.success(`${revoked.name} was revoked`);
        onOpenChange(false);
      },
    });
  }

  return (
    <SubjectDialog
      subject={token}
      onOpenChange={onOpenChange}
      confirmation
      title={(shown) => `Revoke ${shown.name}?`}
      description={() =>
        'The system using it can no longer call the FHIR API: its next request is refused. This cannot be undone; create a new token to give access again.'
      }
    >
      {(shown) => (
        <DialogActions
          {...mutationState(revoke)}
          label="Revoke token"
          pendingLabel="Revoking..."
          destructive
          onConfirm={() => confirm(shown)}
        />
      )}
    </SubjectDialog>
  );
}
