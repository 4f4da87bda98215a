import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PasskeyButton } from '@web/components/two-step/passkey-button';
import { verifyWithPasskey } from '@web/lib/passkey-ceremony';
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
  return (
    <PasskeyButton
      label="Use a passkey"
      pending={confirm.isPending}
      error={confirm.error}
      onClick={() => confirm.mutate()}
      icon
      errorId="passkey-second-factor-error"
    />
  );
}
