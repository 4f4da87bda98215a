import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesView } from '@contracts/two-step';
import { PasskeyButton } from '@web/components/two-step/passkey-button';
import { RecoveryCodesPanel } from '@web/components/two-step/recovery-codes-panel';
import { TotpSetup } from '@web/components/two-step/totp-setup';
import { Button } from '@web/components/ui/button';
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
          <PasskeyButton
            label="Add a passkey"
            pending={passkey.isPending}
            error={passkey.error}
            onClick={() => passkey.mutate()}
            icon
            errorId="enrol-passkey-error"
          >
            <p className="text-center text-sm text-muted-foreground">or use an authenticator app</p>
          </PasskeyButton>
          <TotpSetup onConfirmed={setConfirmed} />
        </>
      )}
    </div>
  );
}
