import { KeyRoundIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-field';
import { browserSupportsWebAuthn } from '@web/lib/passkey-ceremony';
import { usePasskeySignIn } from '../api/passkey-sign-in';

const ERROR_ID = 'passkey-sign-in-error';

/**
 * Signing in with a passkey alone, where the user's clinics allow it (ADR 049). Not named "Sign
 * in…": the password form's button is the page's "Sign in".
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = usePasskeySignIn();
  if (!browserSupportsWebAuthn()) return null;
  return (
    <div className="mt-5 grid gap-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={signIn.isPending}
        aria-describedby={signIn.error ? ERROR_ID : undefined}
        onClick={() => signIn.mutate(undefined, { onSuccess: onSignedIn })}
      >
        <KeyRoundIcon aria-hidden="true" />
        {signIn.isPending ? 'Waiting for your passkey...' : 'Use a passkey'}
      </Button>
      <FormError key={signIn.submittedAt} id={ERROR_ID} message={signIn.error?.message} />
    </div>
  );
}
