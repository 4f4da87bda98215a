import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { PatientRecord } from '@contracts/patients';
import { DialogForm, DialogHeading, DialogFrame } from '@web/components/dialog-frame';
import { Button } from '@web/components/ui/button';
import { isChangedMeanwhile, refusedFields, useUpdatePatient } from '../api/patients';
import {
  isPatientField,
  patientFormFrom,
  patientFormSchema,
  toUpdateBody,
  type PatientFormOutput,
  type PatientFormValues,
} from '../utils/patient-form';
import { displayName } from '../utils/patient-labels';
import { EditPatientFields } from './edit-patient-fields';

export const SAVED_MESSAGE = 'Patient details saved';

function EditPatientForm({
  patient,
  update,
  onDone,
  onReload,
}: {
  patient: PatientRecord;
  update: ReturnType<typeof useUpdatePatient>;
  onDone: () => void;
  onReload: () => void;
}) {
  const form = useForm<PatientFormValues, unknown, PatientFormOutput>({
    resolver: zodResolver(patientFormSchema),
    defaultValues: patientFormFrom(patient),
    reValidateMode: 'onSubmit',
  });
  // Read while rendering: react-hook-form keeps only the form state a render subscribed to.
  const { dirtyFields } = form.formState;
  const conflict = isChangedMeanwhile(update.error);
  const refused = refusedFields(update.error).filter(({ field }) => isPatientField(field));

  const save = form.handleSubmit((values) => {
    if (update.isPending) return;
    const body = toUpdateBody(values, dirtyFields, patient.version);
    if (Object.keys(body).length === 1) return onDone();
    update.mutate(body, {
      onSuccess: () => {
        toast.success(SAVED_MESSAGE);
        onDone();
      },
      onError: (error) => {
        // The server's refusals of a field (a taken e-mail, a bad value) show at that field.
        refusedFields(error).forEach(({ field, message }, index) => {
          if (isPatientField(field))
            form.setError(field, { message }, { shouldFocus: index === 0 });
        });
      },
    });
  });

  return (
    <DialogForm
      onSubmit={(event) => void save(event)}
      // A refusal shown at its field, or the conflict's own notice, is not said twice.
      error={conflict || refused.length > 0 ? undefined : update.error?.message}
      pending={update.isPending}
      label="Save changes"
      pendingLabel="Saving..."
    >
      <EditPatientFields form={form} />
      {conflict && (
        <div
          role="alert"
          className="grid gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm"
        >
          <p>{update.error?.message}</p>
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="justify-self-start"
            onClick={onReload}
          >
            Reload the record
          </Button>
        </div>
      )}
    </DialogForm>
  );
}

/** Correct a patient's details; the form starts from the record as last loaded. */
export function EditPatientDialog({
  patient,
  open,
  onOpenChange,
  onReload,
}: {
  patient: PatientRecord;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Loads the record again; the form then starts afresh from it. */
  onReload: () => void;
}) {
  // Held here, not in the form: a save refreshes the record, whose new version starts the form
  // again (its key), and the save's own callbacks must outlive that form.
  const update = useUpdatePatient(patient.id);
  // Each opening starts without the last one's refusal.
  const { reset } = update;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90svh] overflow-y-auto sm:max-w-2xl"
    >
      <DialogHeading
        title={`Edit ${displayName(patient)}`}
        description="Change what is wrong or missing. Each change is kept in the record’s history."
      />
      {open && (
        <EditPatientForm
          // A reloaded record (a new version) starts the form again from what is now saved.
          key={patient.version}
          patient={patient}
          update={update}
          onDone={() => onOpenChange(false)}
          onReload={onReload}
        />
      )}
    </DialogFrame>
  );
}
