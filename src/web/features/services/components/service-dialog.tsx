import type { ServiceView } from '@contracts/services';
import { TitledDialog } from '@web/components/dialog-frame';
import { ServiceForm } from './service-form';

/** Adds a service to the clinic, or edits one: its form mounts afresh at each opening. */
export function ServiceDialog({
  open,
  clinic,
  service,
  onOpenChange,
}: {
  open: boolean;
  clinic: { id: string; slug: string; name: string };
  /** null to add one. */
  service: ServiceView | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-xl"
      title={service ? `Edit ${service.name}` : 'Add service'}
      description={
        service
          ? 'Appointments already booked keep their length and buffers.'
          : `What ${clinic.name} books: its lengths, the time kept free around it, and who offers it.`
      }
    >
      {open && (
        <ServiceForm
          key={service?.id ?? 'new'}
          clinic={clinic}
          service={service}
          onDone={() => onOpenChange(false)}
        />
      )}
    </TitledDialog>
  );
}
