import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { browserSupportsWebAuthn, verifyWithPasskey } from '@web/lib/passkey-ceremony';
import { startSession } from '@web/lib/session';

/**
 * "Use a passkey" in the sign-in's second step (ADR 046, 049): one of the user's passkeys gives
 * the second factor instead of a code; the signed-in user then becomes the session.
 */
export function PasskeySecondFactor({ onSignedIn }: { onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => verifyWithPasskey('second-factor'),
    onSuccess: ({ user }) => {
      startSession(queryClient, user);
      onSignedIn();
    },
  });
  if (!browserSupportsWebAuthn()) return null;
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate()}
        aria-describedby={confirm.error ? 'passkey-second-factor-error' : undefined}
      >
        <KeyRoundIcon aria-hidden="true" />
        {confirm.isPending ? 'Waiting for your passkey…' : 'Use a passkey'}
      </Button>
      {confirm.error && (
        <p id="passkey-second-factor-error" role="alert" className="text-sm text-destructive">
          {confirm.error.message}
        </p>
      )}
    </div>
  );
}
