import { toast } from 'sonner';
import type { ResourceView } from '@contracts/resources';
import { DialogActions, SubjectDialog } from '@web/components/dialog-frame';
import { useSetResourceArchived } from '../api/resources';

export interface ArchiveRequest {
  resource: ResourceView;
  archive: boolean;
}

/** Asks before a resource is archived (no longer booked) or booked again. */
export function ArchiveResourceDialog({
  clinicId,
  request,
  onOpenChange,
}: {
  clinicId: string;
  request: ArchiveRequest | null;
  onOpenChange: (open: boolean) => void;
}) {
  const setArchived = useSetResourceArchived(clinicId);

  function confirm({ resource, archive }: ArchiveRequest) {
    if (setArchived.isPending) return;
    setArchived.mutate(
      { id: resource.id, archive },
      {
        onSuccess: (saved) => {
          toast.success(archive ? `${saved.name} was archived` : `${saved.name} is booked again`);
          onOpenChange(false);
        },
      },
    );
  }

  return (
    <SubjectDialog
      subject={request}
      onOpenChange={(open) => {
        if (!open) setArchived.reset();
        onOpenChange(open);
      }}
      confirmation
      title={({ resource, archive }) =>
        archive ? `Archive ${resource.name}?` : `Restore ${resource.name}?`
      }
      description={({ archive }) =>
        archive
          ? 'No new booking uses it. Appointments already booked keep it, and it can be restored later.'
          : 'New bookings can use it again, as before it was archived.'
      }
    >
      {(shown) => (
        <DialogActions
          error={setArchived.error?.message}
          pending={setArchived.isPending}
          label={shown.archive ? 'Archive' : 'Restore'}
          pendingLabel={shown.archive ? 'Archiving...' : 'Restoring...'}
          destructive={shown.archive}
          onConfirm={() => confirm(shown)}
        />
      )}
    </SubjectDialog>
  );
}
