import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { localDateKeyOf } from '@domain/zoned-time';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import {
  DuplicatePatientError,
  PatientValidationError,
  useCreatePatient,
  type NewPatientField,
  type NewPatientInput,
} from '../../api/create-patient';
import { searchPatients, type PatientSearchResult } from '../../api/search-patients';
import {
  firstInvalidField,
  labelled,
  PATIENT_FIELD_LABELS,
  validateNewPatient,
  type PatientFieldErrors,
} from './add-patient-validation';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';
import { describedBy, WizardField } from './wizard-field';

const FIELDS: Array<{ name: NewPatientField; type: string; required?: boolean }> = [
  { name: 'firstName', type: 'text', required: true },
  { name: 'lastName', type: 'text', required: true },
  { name: 'email', type: 'email', required: true },
  { name: 'dob', type: 'date' },
  { name: 'phone', type: 'tel' },
];

/** Adds a patient to the clinic when the search did not find them, and chooses them. */
export function AddPatientForm({
  clinic,
  seed,
  onAdded,
  onClose,
}: {
  clinic: string;
  seed: NewPatientInput;
  onAdded: (patient: PatientSearchResult) => void;
  onClose: () => void;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const today = localDateKeyOf(Date.now(), useViewerTimeZone());
  const [values, setValues] = useState<NewPatientInput>(seed);
  const [errors, setErrors] = useState<PatientFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<DuplicatePatientError | null>(null);
  const create = useCreatePatient(clinic);
  const findExisting = useMutation({
    mutationFn: () => searchPatients({ clinic, keyword: values.email }),
    onSuccess: (found) => {
      const match = found.find(
        (p) =>
          p.id === duplicate?.existingPatientId ||
          p.email.toLowerCase() === values.email.trim().toLowerCase(),
      );
      if (match) onAdded(match);
      else setFormError('Failed to search patients. Please try again.');
    },
    onError: () => setFormError('Failed to search patients. Please try again.'),
  });

  function focusField(field: NewPatientField | undefined) {
    if (field) formRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setDuplicate(null);
    const found = validateNewPatient(values, today);
    setErrors(found);
    if (firstInvalidField(found)) return focusField(firstInvalidField(found));
    create.mutate(values, {
      onSuccess: onAdded,
      onError: (error) => {
        if (error instanceof DuplicatePatientError) return setDuplicate(error);
        if (error instanceof PatientValidationError) {
          const fieldErrors: PatientFieldErrors = {};
          for (const [field, problem] of Object.entries(error.fieldErrors)) {
            fieldErrors[field as NewPatientField] = labelled(field as NewPatientField, problem);
          }
          setErrors(fieldErrors);
          // Problems the server tied to a field show there; anything else shows below.
          if (firstInvalidField(fieldErrors)) return focusField(firstInvalidField(fieldErrors));
        }
        setFormError(error.message);
      },
    });
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      className="grid gap-4 rounded-lg border p-4"
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold">
        Add new patient
      </h4>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, type, required }) => (
          <WizardField
            key={name}
            id={`${id}-${name}`}
            label={`${PATIENT_FIELD_LABELS[name]}${required ? '' : ' (optional)'}`}
            required={required}
            error={errors[name]}
          >
            <Input
              id={`${id}-${name}`}
              name={name}
              type={type}
              // The patient's details, not the signed-in user's: no autofill.
              autoComplete="off"
              max={name === 'dob' ? today : undefined}
              aria-required={required ? true : undefined}
              value={values[name] ?? ''}
              onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
              {...describedBy(`${id}-${name}`, errors[name])}
            />
          </WizardField>
        ))}
      </div>
      {duplicate ? (
        <div
          role="alert"
          className="grid gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm"
        >
          <p>{duplicate.message}</p>
          <Button
            size="sm"
            className="justify-self-start"
            disabled={findExisting.isPending}
            onClick={() => findExisting.mutate()}
          >
            {findExisting.isPending ? 'Loading patient...' : 'Use existing patient'}
          </Button>
        </div>
      ) : null}
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Back to search
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Adding patient...' : 'Add patient'}
        </Button>
      </div>
    </form>
  );
}
