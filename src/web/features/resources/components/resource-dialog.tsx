import type { ResourceView } from '@contracts/resources';
import { TitledDialog } from '@web/components/dialog-frame';
import { ResourceForm } from './resource-form';

/** Adds a room or a piece of equipment, or edits one: its form mounts afresh at each opening. */
export function ResourceDialog({
  open,
  clinic,
  resource,
  categories,
  onOpenChange,
}: {
  open: boolean;
  clinic: { id: string; name: string };
  /** null to add one. */
  resource: ResourceView | null;
  categories: readonly string[];
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90dvh] overflow-y-auto sm:max-w-3xl"
      title={resource ? `Edit ${resource.name}` : 'Add room or equipment'}
      description={
        resource
          ? 'Appointments already booked keep it.'
          : `A room or a machine of ${clinic.name} that services can need.`
      }
    >
      {open && (
        <ResourceForm
          key={resource?.id ?? 'new'}
          clinicId={clinic.id}
          resource={resource}
          categories={categories}
          onDone={() => onOpenChange(false)}
        />
      )}
    </TitledDialog>
  );
}
