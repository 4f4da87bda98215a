import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { RecoveryCodesView } from '@contracts/two-step';
import { CopyField } from '@web/components/copy-field';
import { Button } from '@web/components/ui/button';
import { FormError } from '@web/components/ui/form-field';
import { Skeleton } from '@web/components/ui/skeleton';
import { confirmTotp, startTotpEnrolment } from '@web/lib/two-step';
import { CodeInput } from './code-input';

/**
 * Setting up an authenticator app (ADR 046): a new key as a QR code and as text, then the first
 * code from the app confirms it. Used in the settings and in a sign-in that must set one up.
 */
export function TotpSetup({
  onConfirmed,
  onCancel,
}: {
  onConfirmed: (view: RecoveryCodesView) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const start = useMutation({ mutationFn: startTotpEnrolment });
  const confirm = useMutation({ mutationFn: confirmTotp, onSuccess: onConfirmed });
  const [code, setCode] = useState('');
  const { mutate: begin } = start;
  const begun = useRef(false);
  // A new key each time the set-up opens (one never confirmed is replaced on the server), and
  // one only: two would race to be the one the server keeps.
  useEffect(() => {
    if (begun.current) return;
    begun.current = true;
    begin();
  }, [begin]);

  if (start.isError) {
    return (
      <div className="grid gap-3">
        <FormError message={start.error.message} />
        <Button type="button" variant="outline" onClick={() => start.mutate()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!start.data) {
    return (
      <div aria-busy="true" className="grid gap-3">
        <span className="sr-only">Making a new key…</span>
        <Skeleton className="size-44" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  const { secret, qrCode } = start.data;
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!confirm.isPending) confirm.mutate(code);
      }}
    >
      <ol className="grid list-decimal gap-4 pl-5 text-sm">
        <li className="grid gap-2">
          <span>
            Open your authenticator app (such as Google Authenticator, Microsoft Authenticator or
            1Password) and scan this QR code.
          </span>
          <img
            src={qrCode}
            width={176}
            height={176}
            className="rounded-md border bg-white p-1"
            alt="QR code for setting up your authenticator app. If you cannot scan it, enter the key below."
          />
        </li>
        <li className="grid gap-2">
          <span>Or type this key into the app instead:</span>
          <CopyField
            id={`${id}-key`}
            label="Key"
            value={secret}
            copyLabel="Copy key"
            messages={{ copied: 'Key copied.', failed: 'Could not copy. Select the key instead.' }}
          />
        </li>
        <li className="grid gap-2">
          <span>Enter the six-digit code the app shows.</span>
          <CodeInput
            id={`${id}-code`}
            label="Code from the app"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={confirm.error?.message}
          />
        </li>
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Checking...' : 'Confirm and turn on'}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
