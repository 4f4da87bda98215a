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
import type { AdminUser } from '@contracts/admin';
import { FormError } from '@web/components/ui/form-field';
import { cn } from '@web/lib/utils';

/** A dialog about one staff member: open while there is one. */
export interface AgentDialogProps {
  agent: AdminUser | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * The frame of every dialog about one staff member (or a new one): open while there is a
 * subject, titled after it. The body mounts afresh at each opening; while the dialog fades out
 * it keeps showing the subject it was opened for.
 */
export function AgentDialog<Subject>({
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
  title: (subject: Subject) => string;
  description: (subject: Subject) => string;
  /** A question to confirm rather than a form: announced as an alert dialog. */
  confirmation?: boolean;
  className?: string;
  children: (subject: Subject, close: () => void) => ReactNode;
}) {
  const [shown, setShown] = useState(subject);
  if (subject !== null && subject !== shown) setShown(subject);
  return (
    <Dialog open={subject !== null} onOpenChange={onOpenChange}>
      <DialogContent
        // Radix names the content a dialog; an explicit undefined would take that away.
        {...(confirmation ? { role: 'alertdialog' } : {})}
        className={cn('sm:max-w-md', className)}
      >
        {shown !== null && (
          <>
            <DialogHeader>
              <DialogTitle>{title(shown)}</DialogTitle>
              <DialogDescription>{description(shown)}</DialogDescription>
            </DialogHeader>
            {children(shown, () => onOpenChange(false))}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

interface ActionProps {
  /** The server's reason the last attempt failed. */
  error: string | undefined;
  pending: boolean;
  label: string;
  pendingLabel: string;
}

/** The server's refusal, then Cancel and the dialog's one action. */
export function AgentDialogActions({
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

/** A dialog's form: its fields, then the server's refusal and the footer. */
export function AgentDialogForm({
  onSubmit,
  children,
  ...actions
}: ActionProps & { onSubmit: FormEventHandler<HTMLFormElement>; children: ReactNode }) {
  return (
    <form className="grid gap-5" onSubmit={onSubmit} noValidate>
      {children}
      <AgentDialogActions {...actions} />
    </form>
  );
}
