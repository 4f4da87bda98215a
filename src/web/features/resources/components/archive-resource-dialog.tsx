import { ArchiveDialog, type ClinicArchiveDialogProps } from '@web/components/archive-dialog';
import { useSetResourceArchived } from '../api/resources';

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
export function ArchiveResourceDialog({ clinicId, ...props }: ClinicArchiveDialogProps) {
  return <ArchiveDialog {...props} setArchived={useSetResourceArchived(clinicId)} words={WORDS} />;
}
