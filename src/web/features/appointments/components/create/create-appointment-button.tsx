import { lazy, Suspense, useState, type ReactNode } from 'react';
import { PlusIcon } from 'lucide-react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';
import type { Appointment } from '../../api/create-appointment';
import type { DefaultPatient } from './use-create-wizard';

// The dialog (Radix Dialog with its focus trap and scroll lock) loads just after the first paint;
// its button is drawn meanwhile and takes no input, so a click cannot be lost (ADR 023).
const CreateAppointmentDialog = lazy(() =>
  import('./create-appointment-dialog').then((m) => ({ default: m.CreateAppointmentDialog })),
);

/** Looks as enabled while the dialog loads: it is only for that moment. */
const STAND_IN = 'disabled:opacity-100';

export interface CreateAppointmentButtonProps {
  /** Defaults to "Create Appointment". */
  label?: string;
  /** YYYY-MM-DD: the day the time-slot picker opens on. */
  defaultDate?: string;
  /** The agent (provider) the picker starts with. */
  defaultAgentId?: string;
  defaultPatient?: DefaultPatient;
  onCreated?: (appointment: Appointment) => void;
  /** The success toast's View action. */
  onView?: (appointment: Appointment) => void;
  className?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

type DialogProps = Omit<CreateAppointmentButtonProps, 'label' | 'className' | 'variant' | 'size'>;

/** The button, drawn as a stand-in until the dialog it opens has loaded. */
function WithCreateDialog({
  button,
  ...dialogProps
}: DialogProps & { button: (standIn: boolean) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <Suspense fallback={button(true)}>
      <CreateAppointmentDialog
        {...dialogProps}
        open={open}
        onOpenChange={setOpen}
        trigger={button(false)}
      />
    </Suspense>
  );
}

/** Spec §2: opens the "Create New Appointment" dialog, optionally pre-set. */
export function CreateAppointmentButton({
  label = 'Create Appointment',
  className,
  variant,
  size,
  ...dialogProps
}: CreateAppointmentButtonProps) {
  const button = (standIn: boolean) => (
    <Button
      className={cn(className, standIn && STAND_IN)}
      variant={variant}
      size={size}
      disabled={standIn}
    >
      <PlusIcon aria-hidden="true" />
      {label}
    </Button>
  );
  return <WithCreateDialog {...dialogProps} button={button} />;
}

/** Spec §2: the round "+" fixed at the bottom right, shown only under 768px. */
export function FloatingCreateButton({
  className,
  ...dialogProps
}: Omit<CreateAppointmentButtonProps, 'label' | 'variant' | 'size'>) {
  const button = (standIn: boolean) => (
    <Button
      aria-label="Create Appointment"
      disabled={standIn}
      className={cn(
        // md is 48rem = 768px: hidden from there up.
        'fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 size-14 rounded-full shadow-lg md:hidden',
        standIn && STAND_IN,
        className,
      )}
    >
      <PlusIcon className="size-6" aria-hidden="true" />
    </Button>
  );
  return <WithCreateDialog {...dialogProps} button={button} />;
}
