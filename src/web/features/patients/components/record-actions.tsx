import { useState } from 'react';
import { ArchiveIcon, ArchiveRestoreIcon, EraserIcon, MoreHorizontalIcon } from 'lucide-react';
import { toast } from 'sonner';
import type { PatientRecord } from '@contracts/patients';
import { DialogActions, mutationState, TitledDialog } from '@web/components/dialog-frame';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { useErasePatient, useUpdatePatient } from '../api/patients';
import { displayName } from '../utils/patient-labels';

/** Archive or restore: reversible, so at once, said in a toast. */
function useArchive(patient: PatientRecord) {
  const update = useUpdatePatient(patient.id);
  const archive = !patient.archived;
  return () =>
    update.mutate(
      { version: patient.version, archived: archive },
      {
        onSuccess: () =>
          toast.success(archive ? 'Patient archived' : 'Patient restored from the archive'),
        onError: (error) => toast.error(error.message),
      },
    );
}

/** Erasure cannot be undone: a dialog that says what goes and what stays, with a reason. */
function EraseDialog({
  patient,
  open,
  onOpenChange,
}: {
  patient: PatientRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const erase = useErasePatient(patient.id);
  const [reason, setReason] = useState('');
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      confirmation
      className="sm:max-w-md"
      title={`Erase ${displayName(patient)}’s personal data?`}
      description="Their name, contact details, address, record number and notes are removed for good. Their past visits stay, without their name, so the clinic’s counts stay right. This cannot be undone."
    >
      <div className="grid gap-2">
        <Label htmlFor="erase-reason">Reason</Label>
        <Textarea
          id="erase-reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder="For example: asked by the patient in writing on 11/27/2026"
        />
      </div>
      <DialogActions
        {...mutationState(erase)}
        label="Erase personal data"
        pendingLabel="Erasing..."
        destructive
        onConfirm={() => {
          if (reason.trim() === '') {
            toast.error('Say why the data is erased: the reason is kept in the audit log.');
            return;
          }
          erase.mutate(
            { version: patient.version, reason: reason.trim() },
            {
              onSuccess: () => {
                toast.success('Personal data erased');
                onOpenChange(false);
              },
            },
          );
        }}
      />
    </TitledDialog>
  );
}

/**
 * What the front desk and admins may do to the record besides editing it, in a menu: archiving is
 * seldom needed and erasing must not sit one slip away.
 */
export function RecordActions({ patient }: { patient: PatientRecord }) {
  const [erasing, setErasing] = useState(false);
  const archive = useArchive(patient);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="icon" aria-label="More actions for this patient">
            <MoreHorizontalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={archive}>
            {patient.archived ? (
              <ArchiveRestoreIcon aria-hidden="true" />
            ) : (
              <ArchiveIcon aria-hidden="true" />
            )}
            {patient.archived ? 'Restore from the archive' : 'Archive'}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setErasing(true)}>
            <EraserIcon aria-hidden="true" />
            Erase personal data…
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <EraseDialog patient={patient} open={erasing} onOpenChange={setErasing} />
    </>
  );
}
