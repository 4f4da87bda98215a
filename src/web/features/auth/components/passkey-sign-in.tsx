import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-field';
import { browserSupportsWebAuthn } from '@web/lib/passkey-ceremony';
import { startSession } from '@web/lib/session';
import {
  cancelPasskeyAutofill,
  signInWithPasskeyAutofill,
  usePasskeySignIn,
} from '../api/passkey-sign-in';

const ERROR_ID = 'passkey-sign-in-error';

/**
 * Signing in with a passkey alone, where the user's clinics allow it (ADR 049). Not named "Sign
 * in…": the password form's button is the page's "Sign in".
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const signIn = usePasskeySignIn();
  const autofill = usePasskeyAutofill(onSignedIn);
  if (!browserSupportsWebAuthn()) return null;
  // The latest refusal: the button's, or that of a passkey chosen from the autofill.
  const error =
    signIn.error && signIn.submittedAt > (autofill?.at ?? 0) ? signIn.error : autofill?.error;
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
        aria-describedby={error ? ERROR_ID : undefined}
        onClick={() => signIn.mutate(undefined, { onSuccess: onSignedIn })}
      >
        <KeyRoundIcon aria-hidden="true" />
        {signIn.isPending ? 'Waiting for your passkey...' : 'Use a passkey'}
      </Button>
      <FormError
        key={error === autofill?.error ? autofill?.at : signIn.submittedAt}
        id={ERROR_ID}
        message={error?.message}
      />
    </div>
  );
}

/**
 * Passkeys offered in the e-mail field's autofill (conditional mediation): a request waits from
 * the page's opening until one is chosen, once per visit of the page. The button's ceremony ends
 * it (the browser allows one at a time), and so does a chosen passkey the server refuses, whose
 * refusal stays shown: the button remains, and never races a request started behind it.
 */
function usePasskeyAutofill(onSignedIn: () => void) {
  const queryClient = useQueryClient();
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;
  const [refusal, setRefusal] = useState<{ error: Error; at: number } | null>(null);
  // Leaving the page ends the waiting request.
  useEffect(() => () => cancelPasskeyAutofill(), []);
  useEffect(() => {
    let live = true;
    signInWithPasskeyAutofill().then(
      (answer) => {
        if (!live || !answer) return;
        startSession(queryClient, answer.user);
        signedIn.current();
      },
      (error: unknown) => {
        if (!live) return;
        setRefusal({
          error: error instanceof Error ? error : new Error('The passkey could not be used.'),
          at: Date.now(),
        });
      },
    );
    return () => {
      live = false;
    };
  }, [queryClient]);
  return refusal;
}
