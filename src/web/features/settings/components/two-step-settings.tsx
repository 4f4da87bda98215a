import { useState } from 'react';
import { TitledDialog } from '@web/components/dialog-frame';
import { RecoveryCodesPanel } from '@web/components/two-step/recovery-codes-panel';
import { TotpSetup } from '@web/components/two-step/totp-setup';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { FormError } from '@web/components/ui/form-field';
import { Skeleton } from '@web/components/ui/skeleton';
import {
  useRefreshTwoStep,
  useRegenerateRecoveryCodes,
  useTwoStepStatus,
} from '../api/two-step-settings';
import { RememberedBrowsers } from './remembered-browsers';
import { RemoveAuthenticatorDialog } from './remove-authenticator-dialog';
import { SettingsSection } from './settings-section';

type Mode = 'idle' | 'setting-up' | 'codes';

/**
 * Settings → Two-step sign-in (ADR 046): whether it is on, setting up the authenticator app, the
 * recovery codes (shown once, made again on request), remembered browsers, and removing it.
 */
export function TwoStepSettings({ email }: { email: string }) {
  const status = useTwoStepStatus();
  const refresh = useRefreshTwoStep();
  const regenerate = useRegenerateRecoveryCodes();
  const [mode, setMode] = useState<Mode>('idle');
  const [codes, setCodes] = useState<string[]>([]);
  const [confirmRegenerate, setConfirmRegenerate] = useState(false);
  const [removing, setRemoving] = useState(false);

  const showCodes = (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    setMode('codes');
    refresh.mutate();
  };

  return (
    <SettingsSection
      id="two-step"
      title="Two-step sign-in"
      description="After your password, sign in with a code from an authenticator app on your phone, so a stolen password alone is not enough."
    >
      {status.isPending ? (
        <Skeleton aria-busy="true" className="h-20" />
      ) : status.isError ? (
        <FormError message={status.error.message} />
      ) : mode === 'setting-up' ? (
        <TotpSetup
          onConfirmed={(view) => showCodes(view.recoveryCodes)}
          onCancel={() => setMode('idle')}
        />
      ) : mode === 'codes' ? (
        <RecoveryCodesPanel codes={codes} email={email}>
          <Button type="button" className="justify-self-start" onClick={() => setMode('idle')}>
            Done
          </Button>
        </RecoveryCodesPanel>
      ) : (
        <div className="grid gap-5">
          <p className="text-sm" role="status">
            {status.data.totp
              ? 'Two-step sign-in is on: your authenticator app is set up.'
              : status.data.required
                ? 'Your clinic requires two-step sign-in. Set up an authenticator app.'
                : 'Two-step sign-in is off.'}
          </p>
          {status.data.totp ? (
            <>
              <div className="grid gap-2">
                <p className="text-sm">
                  Recovery codes left: <strong>{status.data.recoveryCodesLeft}</strong> of 10
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => setConfirmRegenerate(true)}
                  >
                    Make new recovery codes
                  </Button>
                  <Button type="button" variant="outline" onClick={() => setRemoving(true)}>
                    Remove authenticator app
                  </Button>
                </div>
              </div>
              <RememberedBrowsers />
            </>
          ) : (
            <Button
              type="button"
              className="justify-self-start"
              onClick={() => setMode('setting-up')}
            >
              Set up authenticator app
            </Button>
          )}
        </div>
      )}
      <TitledDialog
        open={confirmRegenerate}
        onOpenChange={(open) => {
          setConfirmRegenerate(open);
          if (!open) regenerate.reset();
        }}
        confirmation
        title="Make new recovery codes?"
        description="Your current recovery codes stop working at once. Save the new ones somewhere safe."
      >
        <FormError message={regenerate.error?.message} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setConfirmRegenerate(false)}>
            Cancel
          </Button>
          <Button
            type="button"
            disabled={regenerate.isPending}
            onClick={() =>
              regenerate.mutate(undefined, {
                onSuccess: (view) => {
                  setConfirmRegenerate(false);
                  showCodes(view.recoveryCodes);
                },
              })
            }
          >
            {regenerate.isPending ? 'Making...' : 'Make new codes'}
          </Button>
        </DialogFooter>
      </TitledDialog>
      <RemoveAuthenticatorDialog open={removing} onOpenChange={setRemoving} />
    </SettingsSection>
  );
}
