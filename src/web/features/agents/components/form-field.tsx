import type { ReactNode } from 'react';
import { Label } from '@web/components/ui/label';

/** Ids a control needs to point at its hint and error, so both are read with it. */
export function fieldDescription(id: string, opts: { error?: string; hint?: ReactNode }) {
  const ids = [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean);
  return {
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
    'aria-invalid': opts.error ? true : undefined,
  } as const;
}

export function FormField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
