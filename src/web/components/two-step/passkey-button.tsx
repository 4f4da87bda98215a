import type { ReactNode } from 'react';
import { KeyRoundIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { browserSupportsWebAuthn } from '@web/lib/passkey-ceremony';

/**
 * A passkey's button (ADR 049), offered only where the browser can use one: it waits while the
 * browser asks, and says below it why the passkey failed, read with it when `errorId` names it.
 * `children` follow the error.
 */
export function PasskeyButton({
  label,
  pending,
  error,
  onClick,
  icon = false,
  errorId,
  children,
}: {
  label: string;
  pending: boolean;
  error: Error | null;
  onClick: () => void;
  icon?: boolean;
  errorId?: string;
  children?: ReactNode;
}) {
  if (!browserSupportsWebAuthn()) return null;
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        disabled={pending}
        onClick={onClick}
        aria-describedby={error && errorId ? errorId : undefined}
      >
        {icon && <KeyRoundIcon aria-hidden="true" />}
        {pending ? 'Waiting for your passkey…' : label}
      </Button>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      )}
      {children}
    </div>
  );
}
