import { useId, type FormEventHandler, type ReactNode } from 'react';
import { SectionHeading } from '@web/components/section-heading';
import { Button } from '@web/components/ui/button';

/**
 * What a section shows of its form and its save: the server's reason the last save failed, and a
 * Save that waits for a change and for the save on its way.
 */
export function sectionState(
  form: { formState: { isDirty: boolean } },
  save: { error: Error | null; isPending: boolean },
  onSubmit: FormEventHandler<HTMLFormElement>,
) {
  return {
    onSubmit,
    error: save.error?.message,
    pending: save.isPending,
    dirty: form.formState.isDirty,
  };
}

/**
 * One section of a clinic's settings: a form named by its heading, what it is for, its fields,
 * and a Save that waits for a change.
 */
export function PolicySection({
  title,
  intro,
  onSubmit,
  error,
  pending,
  dirty,
  saveLabel,
  actions,
  children,
}: {
  title: string;
  intro: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The server's reason the last save failed. */
  error?: string;
  pending: boolean;
  dirty: boolean;
  saveLabel: string;
  /** Buttons before Save (Add reminder). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
      <SectionHeading id={`${id}-title`} title={title}>
        {intro}
      </SectionHeading>
      {children}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className={actions ? 'flex flex-wrap gap-2' : undefined}>
        {actions}
        <Button type="submit" disabled={pending || !dirty}>
          {pending ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </form>
  );
}
