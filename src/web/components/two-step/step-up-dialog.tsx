import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { DialogFrame, DialogHeading } from '@web/components/dialog-frame';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { setStepUpHandler } from '@web/lib/api-client';
import { stepUp } from '@web/lib/two-step';
import { verifyWithPasskey } from '@web/lib/passkey-ceremony';
import { CodeInput, RecoveryCodeToggle } from './code-input';
import { PasskeyButton } from './passkey-button';

/**
 * Asks for the second factor again when the server says a change needs a fresh one (ADR 046),
 * then lets the change go through: mounted once, for every call of the app. Requests that ask
 * while it is open wait for the same answer.
 */
export function StepUpDialogHost() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const waiting = useRef<{ promise: Promise<boolean>; resolve: (ok: boolean) => void } | null>(
    null,
  );
  const check = useMutation({ mutationFn: stepUp });
  // A passkey does as well as a code (ADR 049); one the user does not have is refused in words.
  const passkey = useMutation({ mutationFn: () => verifyWithPasskey('step-up') });

  useEffect(() => {
    setStepUpHandler(() => {
      if (!waiting.current) {
        let resolve!: (ok: boolean) => void;
        const promise = new Promise<boolean>((r) => (resolve = r));
        waiting.current = { promise, resolve };
        setCode('');
        setRecovery(false);
        check.reset();
        passkey.reset();
        setOpen(true);
      }
      return waiting.current.promise;
    });
    return () => setStepUpHandler(null);
    // The handler reads the latest state through refs and setters only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const finish = (ok: boolean) => {
    waiting.current?.resolve(ok);
    waiting.current = null;
    setOpen(false);
  };

  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && finish(false)}
      className="sm:max-w-sm"
    >
      <DialogHeading
        title="Confirm it is you"
        description="This change needs your second factor again. Enter the code your authenticator app shows now."
      />
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!check.isPending) check.mutate(code, { onSuccess: () => finish(true) });
        }}
      >
        <CodeInput
          id={`${id}-code`}
          recovery={recovery}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={check.error?.message}
          autoFocus
        />
        <RecoveryCodeToggle
          recovery={recovery}
          className="justify-self-start px-0"
          onToggle={() => {
            setRecovery(!recovery);
            setCode('');
          }}
        />
        <PasskeyButton
          label="Use a passkey instead"
          pending={passkey.isPending}
          error={passkey.error}
          onClick={() => passkey.mutate(undefined, { onSuccess: () => finish(true) })}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => finish(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={check.isPending}>
            {check.isPending ? 'Checking...' : 'Confirm'}
          </Button>
        </DialogFooter>
      </form>
    </DialogFrame>
  );
}
