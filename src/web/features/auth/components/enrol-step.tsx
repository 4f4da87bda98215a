import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import type { RecoveryCodesView } from '@contracts/two-step';
import { RecoveryCodesPanel } from '@web/components/two-step/recovery-codes-panel';
import { TotpSetup } from '@web/components/two-step/totp-setup';
import { Button } from '@web/components/ui/button';
import { browserSupportsWebAuthn } from '@web/lib/passkey-ceremony';
import { startSession } from '@web/lib/session';
import { enrolPasskey } from '../api/enrol-passkey';

/**
 * A sign-in that must set up a second factor first (the clinic requires one, ADR 046): set up
 * the authenticator app and save the recovery codes, or add a passkey, then go on into the app.
 */
export function EnrolStep({ email, onSignedIn }: { email: string; onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const [confirmed, setConfirmed] = useState<RecoveryCodesView | null>(null);
  const passkey = useMutation({
    mutationFn: enrolPasskey,
    onSuccess: ({ user }) => {
      if (user) startSession(queryClient, user);
      onSignedIn();
    },
  });
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="text-base font-semibold">Set up two-step sign-in</h2>
        <p className="text-sm text-muted-foreground">
          Your clinic asks everyone in your role to sign in with a second factor as well as a
          password: a passkey on this device, or a code from an authenticator app. Set one up now to
          continue.
        </p>
      </div>
      {confirmed ? (
        <RecoveryCodesPanel codes={confirmed.recoveryCodes} email={email}>
          <Button
            type="button"
            className="w-full"
            onClick={() => {
              if (confirmed.user) startSession(queryClient, confirmed.user);
              onSignedIn();
            }}
          >
            I have saved my codes. Continue
          </Button>
        </RecoveryCodesPanel>
      ) : (
        <>
          {browserSupportsWebAuthn() && (
            <div className="grid gap-2">
              <Button
                type="button"
                variant="outline"
                disabled={passkey.isPending}
                onClick={() => passkey.mutate()}
                aria-describedby={passkey.error ? 'enrol-passkey-error' : undefined}
              >
                <KeyRoundIcon aria-hidden="true" />
                {passkey.isPending ? 'Waiting for your passkey…' : 'Add a passkey'}
              </Button>
              {passkey.error && (
                <p id="enrol-passkey-error" role="alert" className="text-sm text-destructive">
                  {passkey.error.message}
                </p>
              )}
              <p className="text-center text-sm text-muted-foreground">
                or use an authenticator app
              </p>
            </div>
          )}
          <TotpSetup onConfirmed={setConfirmed} />
        </>
      )}
    </div>
  );
}
