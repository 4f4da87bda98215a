import type { ComponentProps } from 'react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

/**
 * The field for a second factor's code: six digits from the authenticator app (the phone's
 * keyboard shows digits, and the browser may fill a code it received), or a recovery code.
 * Unless told otherwise, its label says which of the two it asks for.
 */
export function CodeInput({
  id,
  recovery = false,
  label = recovery ? 'Recovery code' : 'Code from your authenticator app',
  error,
  ...props
}: Omit<ComponentProps<'input'>, 'id'> & {
  id: string;
  label?: string;
  /** A recovery code: letters and digits, typed off paper. */
  recovery?: boolean;
  error?: string | undefined;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name="code"
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        // A pattern that takes anything, not none: the sign-in page runs on Preact (ADR 064),
        // which leaves `pattern=""` (only an empty code matches) where React removes it.
        pattern={recovery ? '.*' : '[0-9 ]*'}
        maxLength={recovery ? 40 : 7}
        autoCapitalize="none"
        spellCheck={false}
        required
        className="font-mono tracking-widest"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The link that switches between a code from the app and a recovery code. */
export function RecoveryCodeToggle({
  recovery,
  onToggle,
  className,
}: {
  recovery: boolean;
  onToggle: () => void;
  className: string;
}) {
  return (
    <Button type="button" variant="link" className={className} onClick={onToggle}>
      {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
    </Button>
  );
}
