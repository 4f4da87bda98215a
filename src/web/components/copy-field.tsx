import type { ReactNode } from 'react';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useCopyText } from '@web/hooks/use-copy-text';

/**
 * A value to copy into another system (a token, a signing key, a feed's URL): read-only,
 * selected whole on focus, with a Copy button that says when it has copied.
 */
export function CopyField({
  id,
  label,
  value,
  copyLabel,
  messages,
  children,
}: {
  id: string;
  label: string;
  value: string;
  copyLabel: string;
  /** The toasts' words when the copy worked and when it did not. */
  messages: { copied: string; failed: string };
  /** What follows the field, e.g. how the other system uses the secret. */
  children?: ReactNode;
}) {
  const { copied, copy } = useCopyText(messages);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy(value)}>
          {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {copied ? 'Copied!' : copyLabel}
        </Button>
      </div>
      {children}
    </div>
  );
}
