import type { ResourceView } from '@contracts/resources';
import { ArchiveDialog } from '@web/components/archive-dialog';
import { useSetResourceArchived } from '../api/resources';

export interface ArchiveRequest {
  resource: ResourceView;
  archive: boolean;
}

const WORDS = {
  archived: 'was archived',
  restored: 'is booked again',
  archiveLabel: 'Archive',
  restoreLabel: 'Restore',
  archiveDescription:
    'No new booking uses it. Appointments already booked keep it, and it can be restored later.',
  restoreDescription: 'New bookings can use it again, as before it was archived.',
};

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
  return (
    <ArchiveDialog
      request={request && { item: request.resource, archive: request.archive }}
      onOpenChange={onOpenChange}
      setArchived={useSetResourceArchived(clinicId)}
      words={WORDS}
    />
  );
}
