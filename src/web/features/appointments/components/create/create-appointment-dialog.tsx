import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogTrigger } from '@web/components/ui/dialog';
import type { Appointment } from '../../api/create-appointment';
import {
  CreateAppointmentWizard,
  type CreateAppointmentDefaults,
} from './create-appointment-wizard';

export interface CreateAppointmentDialogProps extends CreateAppointmentDefaults {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it; focus returns there on close. */
  trigger?: ReactNode;
  onCreated?: (appointment: Appointment) => void;
}

/** "Create New Appointment": header and footer stay put while the step between them scrolls. */
export function CreateAppointmentDialog({
  open,
  onOpenChange,
  trigger,
  ...wizardProps
}: CreateAppointmentDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className="flex max-h-[calc(100svh-1rem)] max-w-[calc(100%-1rem)] flex-col gap-0 overflow-hidden p-0 sm:max-h-[calc(100svh-2rem)] sm:max-w-2xl">
        {/* Radix unmounts the content when closed: every opening mounts a fresh wizard. */}
        <CreateAppointmentWizard {...wizardProps} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
