import { toast } from 'sonner';
import type { ServiceView } from '@contracts/services';
import { DialogActions, SubjectDialog } from '@web/components/dialog-frame';
import { useSetServiceArchived } from '../api/services';

export interface ArchiveRequest {
  service: ServiceView;
  archive: boolean;
}

/** Asks before a service is archived (no longer offered) or offered again. */
export function ArchiveServiceDialog({
  clinicId,
  request,
  onOpenChange,
}: {
  clinicId: string;
  request: ArchiveRequest | null;
  onOpenChange: (open: boolean) => void;
}) {
  const setArchived = useSetServiceArchived(clinicId);

  function confirm({ service, archive }: ArchiveRequest) {
    if (setArchived.isPending) return;
    setArchived.mutate(
      { id: service.id, archive },
      {
        onSuccess: (saved) => {
          toast.success(archive ? `${saved.name} was archived` : `${saved.name} is offered again`);
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
      title={({ service, archive }) =>
        archive ? `Archive ${service.name}?` : `Restore ${service.name}?`
      }
      description={({ archive }) =>
        archive
          ? 'It is no longer offered when booking, here or online. Appointments already booked keep it, and it can be restored later.'
          : 'It is offered again when booking, as it was before it was archived.'
      }
    >
      {(shown) => (
        <DialogActions
          error={setArchived.error?.message}
          pending={setArchived.isPending}
          label={shown.archive ? 'Archive service' : 'Restore service'}
          pendingLabel={shown.archive ? 'Archiving...' : 'Restoring...'}
          destructive={shown.archive}
          onConfirm={() => confirm(shown)}
        />
      )}
    </SubjectDialog>
  );
}
