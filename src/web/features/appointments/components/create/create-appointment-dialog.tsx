import { lazy, Suspense, type ReactNode } from 'react';
import { Loader2Icon } from 'lucide-react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import type { Appointment } from '../../api/create-appointment';
import type { CreateAppointmentDefaults } from './create-appointment-wizard';

// The wizard (its forms, the patient search, the slot picker, the series preview) loads when the
// dialog first opens, not with every page that shows a Create button (ADR 023).
const CreateAppointmentWizard = lazy(() =>
  import('./create-appointment-wizard').then((m) => ({ default: m.CreateAppointmentWizard })),
);

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
        <Suspense fallback={<WizardLoading />}>
          <CreateAppointmentWizard {...wizardProps} onClose={() => onOpenChange(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

function WizardLoading() {
  return (
    <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
      <DialogTitle className="sr-only">Create New Appointment</DialogTitle>
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      <DialogDescription role="status">Loading...</DialogDescription>
    </div>
  );
}
