import { useId, useState, type ReactNode } from 'react';
import type { SecondFactorMethod } from '@contracts/two-step';
import { CodeInput, RecoveryCodeToggle } from '@web/components/two-step/code-input';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import { isApiError } from '@web/lib/api-client';
import { useVerifySignInCode } from '../api/two-step-sign-in';

/**
 * The sign-in's second step (ADR 046): a code from the authenticator app, or a recovery code,
 * and whether to remember this browser. `otherMethods` is where other ways of giving the second
 * factor (a passkey) put their button.
 */
export function SecondFactorStep({
  methods,
  onSignedIn,
  onStartOver,
  otherMethods,
}: {
  methods: readonly SecondFactorMethod[];
  onSignedIn: () => void;
  /** The sign-in ended (too many wrong codes, or too slow): back to the password. */
  onStartOver: (message: string) => void;
  otherMethods?: ReactNode;
}) {
  const id = useId();
  const verify = useVerifySignInCode();
  const hasApp = methods.includes('totp');
  const [recovery, setRecovery] = useState(!hasApp && methods.includes('recovery'));
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);

  const submit = () => {
    if (verify.isPending) return;
    verify.mutate(
      { code, remember },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (isApiError(error) && error.status === 401) onStartOver(error.message);
          else setCode('');
        },
      },
    );
  };

  return (
    <form
      className="grid gap-5"
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-1">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Two-step sign-in
        </h2>
        <p className="text-sm text-muted-foreground">
          {recovery
            ? 'Enter one of the recovery codes you saved when you set up two-step sign-in.'
            : 'Open your authenticator app and enter the six-digit code it shows for Carebook.'}
        </p>
      </div>
      {(hasApp || recovery) && (
        <CodeInput
          id={`${id}-code`}
          recovery={recovery}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={verify.error?.message}
          autoFocus
        />
      )}
      <label className="flex items-center gap-2 text-sm">
        <Checkbox checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Remember this browser for 30 days
      </label>
      {(hasApp || recovery) && (
        <Button type="submit" className="w-full" disabled={verify.isPending}>
          {verify.isPending ? 'Checking...' : 'Continue'}
        </Button>
      )}
      {hasApp && methods.includes('recovery') && (
        <RecoveryCodeToggle
          recovery={recovery}
          className="justify-self-center"
          onToggle={() => {
            setRecovery(!recovery);
            setCode('');
            verify.reset();
          }}
        />
      )}
      {otherMethods}
    </form>
  );
}
