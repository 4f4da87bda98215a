import type { ReactNode } from 'react';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { cn } from '@web/lib/utils';

export interface AppointmentDialogShellProps {
  open: boolean;
  onClose: () => void;
  /** Where focus goes when the dialog closes (the row's menu button, by default Radix's). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Room for the slot picker. */
  wide?: boolean;
  /** Mounted only while open, so each opening starts from a fresh form. */
  children: ReactNode;
}

/** The dialog every appointment action opens in: closes on Escape, outside click or onClose. */
export function AppointmentDialogShell({
  open,
  onClose,
  onCloseAutoFocus,
  wide = false,
  children,
}: AppointmentDialogShellProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        className={cn('grid-cols-[minmax(0,1fr)] p-4 sm:p-6', wide && 'sm:max-w-2xl')}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        {children}
      </DialogContent>
    </Dialog>
  );
}
