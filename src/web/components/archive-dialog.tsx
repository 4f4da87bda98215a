import type { UseMutationResult } from '@tanstack/react-query';
import { toast } from 'sonner';
import { DialogActions, mutationState, SubjectDialog } from '@web/components/dialog-frame';

/** What is archived or restored: a service, a room… anything with an id and a name. */
export interface ArchiveSubject {
  item: { id: string; name: string };
  archive: boolean;
}

/** What the dialog says of one kind of thing (a service is "offered", a room "booked"). */
export interface ArchiveWords {
  archived: string;
  restored: string;
  /** The confirm button's label when archiving and when restoring. */
  archiveLabel: string;
  restoreLabel: string;
  /** After "Restore {name}?" / "Archive {name}?". */
  archiveDescription: string;
  restoreDescription: string;
}

/** What a page gives its clinic's archive dialog: the rest is the feature's own. */
export interface ClinicArchiveDialogProps {
  clinicId: string;
  request: ArchiveSubject | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Asks before something is archived (kept with its history, no longer used for new bookings) or
 * used again: the admin pages of services and of rooms and equipment share it.
 */
export function ArchiveDialog({
  request,
  onOpenChange,
  setArchived,
  words,
}: {
  request: ArchiveSubject | null;
  onOpenChange: (open: boolean) => void;
  setArchived: UseMutationResult<{ name: string }, Error, { id: string; archive: boolean }>;
  words: ArchiveWords;
}) {
  function confirm({ item, archive }: ArchiveSubject) {
    if (setArchived.isPending) return;
    setArchived.mutate(
      { id: item.id, archive },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.name} ${archive ? words.archived : words.restored}`);
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
      title={({ item, archive }) => (archive ? `Archive ${item.name}?` : `Restore ${item.name}?`)}
      description={({ archive }) => (archive ? words.archiveDescription : words.restoreDescription)}
    >
      {(shown) => (
        <DialogActions
          {...mutationState(setArchived)}
          label={shown.archive ? words.archiveLabel : words.restoreLabel}
          pendingLabel={shown.archive ? 'Archiving...' : 'Restoring...'}
          destructive={shown.archive}
          onConfirm={() => confirm(shown)}
        />
      )}
    </SubjectDialog>
  );
}
