import { useState, type FormEventHandler, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormError } from '@web/components/ui/form-field';
import { cn } from '@web/lib/utils';

export interface DialogFrameProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A question to confirm rather than a form: announced as an alert dialog. */
  confirmation?: boolean;
  showCloseButton?: boolean;
  className?: string;
  children: ReactNode;
}

/** The modal every dialog of ours opens in; what it holds is the caller's. */
export function DialogFrame({
  open,
  onOpenChange,
  confirmation = false,
  showCloseButton = true,
  className,
  children,
}: DialogFrameProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        // Radix names the content a dialog; an explicit undefined would take that away.
        {...(confirmation ? { role: 'alertdialog' } : {})}
        showCloseButton={showCloseButton}
        className={className}
      >
        {children}
      </DialogContent>
    </Dialog>
  );
}

export interface DialogHeadingProps {
  title: ReactNode;
  description: ReactNode;
  /** The description is one element of its own (e.g. a list of lines), not text. */
  descriptionAsChild?: boolean;
  titleClassName?: string;
  descriptionClassName?: string;
}

/** A dialog's title and the sentence under it, which Radix announces as its description. */
export function DialogHeading({
  title,
  description,
  descriptionAsChild = false,
  titleClassName,
  descriptionClassName,
}: DialogHeadingProps) {
  return (
    <DialogHeader>
      <DialogTitle className={titleClassName}>{title}</DialogTitle>
      <DialogDescription asChild={descriptionAsChild} className={descriptionClassName}>
        {description}
      </DialogDescription>
    </DialogHeader>
  );
}

/** A dialog that always shows its title and description above what it holds. */
export function TitledDialog({ children, ...props }: DialogFrameProps & DialogHeadingProps) {
  // Each of the two takes its own props and leaves the other's.
  return (
    <DialogFrame {...props}>
      <DialogHeading {...props} />
      {children}
    </DialogFrame>
  );
}

/**
 * A dialog about one thing (a staff member, a token): open while there is a subject, titled after
 * it. The body mounts afresh at each opening; while the dialog fades out it keeps showing the
 * subject it was opened for.
 */
export function SubjectDialog<Subject>({
  subject,
  onOpenChange,
  title,
  description,
  confirmation = false,
  className,
  children,
}: {
  subject: Subject | null;
  onOpenChange: (open: boolean) => void;
  title: (subject: Subject) => ReactNode;
  description: (subject: Subject) => ReactNode;
  confirmation?: boolean;
  className?: string;
  children: (subject: Subject, close: () => void) => ReactNode;
}) {
  const [shown, setShown] = useState(subject);
  if (subject !== null && subject !== shown) setShown(subject);
  return (
    <DialogFrame
      open={subject !== null}
      onOpenChange={onOpenChange}
      confirmation={confirmation}
      className={cn('sm:max-w-md', className)}
    >
      {shown !== null && (
        <>
          <DialogHeading title={title(shown)} description={description(shown)} />
          {children(shown, () => onOpenChange(false))}
        </>
      )}
    </DialogFrame>
  );
}

/**
 * What a dialog's action shows of the mutation it runs: the server's reason the last attempt
 * failed, and whether one is on its way.
 */
export const mutationState = (mutation: { error: Error | null; isPending: boolean }) => ({
  error: mutation.error?.message,
  pending: mutation.isPending,
});

interface ActionProps {
  /** The server's reason the last attempt failed. */
  error: string | undefined;
  pending: boolean;
  label: string;
  pendingLabel: string;
}

/** The server's refusal, then Cancel and the dialog's one action. */
export function DialogActions({
  error,
  pending,
  label,
  pendingLabel,
  destructive = false,
  onConfirm,
}: ActionProps & {
  destructive?: boolean;
  /** Without it the action submits the dialog's form. */
  onConfirm?: () => void;
}) {
  return (
    <>
      <FormError message={error} />
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button
          type={onConfirm ? 'button' : 'submit'}
          variant={destructive ? 'destructive' : 'default'}
          disabled={pending}
          onClick={onConfirm}
        >
          {pending ? pendingLabel : label}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * Cancel and Save for a dialog that saves a choice (a new time): Save waits for the choice, and
 * neither can be pressed while saving.
 */
export function SaveOrCancel({
  onCancel,
  onSave,
  ready,
  pending,
}: {
  onCancel: () => void;
  onSave: () => void;
  /** Something has been chosen to save. */
  ready: boolean;
  pending: boolean;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button onClick={onSave} disabled={!ready || pending}>
        {pending ? 'Saving...' : 'Save'}
      </Button>
    </DialogFooter>
  );
}

/** A dialog's form: its fields, then the server's refusal and the footer. */
export function DialogForm({
  onSubmit,
  children,
  ...actions
}: ActionProps & { onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate>
      {children}
      <DialogActions {...actions} />
    </form>
  );
}
