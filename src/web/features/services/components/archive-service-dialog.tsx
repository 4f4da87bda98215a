import { ArchiveDialog, type ClinicArchiveDialogProps } from '@web/components/archive-dialog';
import { useSetServiceArchived } from '../api/services';

const WORDS = {
  archived: 'was archived',
  restored: 'is offered again',
  archiveLabel: 'Archive service',
  restoreLabel: 'Restore service',
  archiveDescription:
    'It is no longer offered when booking, here or online. Appointments already booked keep it, and it can be restored later.',
  restoreDescription: 'It is offered again when booking, as it was before it was archived.',
};

/** Asks before a service is archived (no longer offered) or offered again. */
export function ArchiveServiceDialog({ clinicId, ...props }: ClinicArchiveDialogProps) {
  return <ArchiveDialog {...props} setArchived={useSetServiceArchived(clinicId)} words={WORDS} />;
}
