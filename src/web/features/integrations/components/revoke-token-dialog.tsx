import { useState } from 'react';
import { toast } from 'sonner';
import type { ApiTokenView } from '@contracts/integrations';
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
import { FormError } from '@web/components/ui/form-field';
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
  // While the dialog fades out it keeps showing the token it was opened for.
  const [shown, setShown] = useState(token);
  if (token !== null && token !== shown) setShown(token);

  function confirm() {
    if (!shown || revoke.isPending) return;
    revoke.mutate(shown.id, {
      onSuccess: (revoked) => {
        toast.success(`${revoked.name} was revoked`);
        onOpenChange(false);
      },
    });
  }

  return (
    <Dialog open={token !== null} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" className="sm:max-w-md">
        {shown && (
          <>
            <DialogHeader>
              <DialogTitle>Revoke {shown.name}?</DialogTitle>
              <DialogDescription>
                The system using it can no longer call the FHIR API: its next request is refused.
                This cannot be undone; create a new token to give access again.
              </DialogDescription>
            </DialogHeader>
            <FormError message={revoke.error?.message} />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button variant="destructive" disabled={revoke.isPending} onClick={confirm}>
                {revoke.isPending ? 'Revoking...' : 'Revoke token'}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
