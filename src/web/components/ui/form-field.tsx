import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';

/** Ids a control needs to point at its hint and error, so both are read with it. */
export function fieldDescription(id: string, opts: { error?: string; hint?: ReactNode }) {
  const ids = [opts.hint ? `${id}-hint` : null, opts.error ? `${id}-error` : null].filter(Boolean);
  return {
    'aria-describedby': ids.length ? ids.join(' ') : undefined,
    'aria-invalid': opts.error ? true : undefined,
  } as const;
}

/**
 * A labelled control with its hint and its error below it. The control itself takes
 * `fieldDescription(id, …)` so that both are read with it.
 */
export function FormField({
  id,
  label,
  required = false,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  /** Marks the label with an asterisk; the control says `aria-required` itself. */
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        )}
      </Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/**
 * A FormField around an Input that points at the field's hint and error: pass the input's own
 * props (`type`, `aria-required`, `{...register('name')}`) beside the field's.
 */
export function TextField({
  id,
  label,
  required,
  hint,
  error,
  ...input
}: Omit<ComponentProps<typeof FormField>, 'children'> &
  Omit<ComponentProps<'input'>, 'id' | 'required'>) {
  return (
    <FormField id={id} label={label} required={required} hint={hint} error={error}>
      <Input id={id} {...input} {...fieldDescription(id, { error, hint })} />
    </FormField>
  );
}

/** A field's own error, where the field's layout is not FormField's (a fieldset, a hidden label). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-destructive">
      {message}
    </p>
  );
}

/** The server's reason a form's action failed, announced as soon as it appears. */
export function FormError({ id, message }: { id?: string; message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {message}
    </p>
  );
}
