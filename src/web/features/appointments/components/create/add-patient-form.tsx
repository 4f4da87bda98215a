import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { localDateKeyOf } from '@domain/zoned-time';
import { Button } from '@web/components/ui/button';
import { fieldDescription, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import {
  DuplicatePatientError,
  PatientValidationError,
  useCreatePatient,
  type NewPatientField,
} from '../../api/create-patient';
import { searchPatients, type PatientSearchResult } from '../../api/search-patients';
import {
  newPatientFormSchema,
  PATIENT_FIELD_LABELS,
  type NewPatientFormValues,
} from './add-patient-validation';
import { useViewerTimeZone } from '@web/hooks/use-viewer-time-zone';

const FIELDS: Array<{ name: NewPatientField; type: string; required?: boolean }> = [
  { name: 'firstName', type: 'text', required: true },
  { name: 'lastName', type: 'text', required: true },
  { name: 'email', type: 'email', required: true },
  { name: 'dob', type: 'date' },
  { name: 'phone', type: 'tel' },
];

const SEARCH_FAILED = 'Failed to search patients. Please try again.';

/** Adds a patient to the clinic when the search did not find them, and chooses them. */
export function AddPatientForm({
  clinic,
  seed,
  onAdded,
  onClose,
}: {
  clinic: string;
  seed: NewPatientFormValues;
  onAdded: (patient: PatientSearchResult) => void;
  onClose: () => void;
}) {
  const id = useId();
  const today = localDateKeyOf(Date.now(), useViewerTimeZone());
  const schema = useMemo(() => newPatientFormSchema(today), [today]);
  const { register, handleSubmit, getValues, setError, formState } = useForm({
    resolver: zodResolver(schema),
    defaultValues: seed,
    // Problems are looked at again when Add patient is pressed, not at every keystroke.
    reValidateMode: 'onSubmit',
  });
  const { errors } = formState;
  const [duplicate, setDuplicate] = useState<DuplicatePatientError | null>(null);
  const create = useCreatePatient(clinic);
  const findExisting = useMutation({
    mutationFn: () => searchPatients({ clinic, keyword: getValues('email') }),
    onSuccess: (found) => {
      const email = getValues('email').trim().toLowerCase();
      const match = found.find(
        (p) => p.id === duplicate?.existingPatientId || p.email.toLowerCase() === email,
      );
      if (match) onAdded(match);
      else setError('root', { message: SEARCH_FAILED });
    },
    onError: () => setError('root', { message: SEARCH_FAILED }),
  });

  const save = handleSubmit((patient) =>
    create.mutate(patient, {
      onSuccess: onAdded,
      onError: (error) => {
        if (error instanceof DuplicatePatientError) return setDuplicate(error);
        const problems = error instanceof PatientValidationError ? error.fieldErrors : {};
        const onFields = FIELDS.filter(({ name }) => problems[name]);
        if (onFields.length === 0) return setError('root', { message: error.message });
        // Problems the server tied to a field show there, in its own sentences, and focus goes
        // to the first of them.
        onFields.forEach(({ name }, index) =>
          setError(name, { message: problems[name]! }, { shouldFocus: index === 0 }),
        );
      },
    }),
  );

  return (
    <form
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        setDuplicate(null);
        void save(event);
      }}
      className="grid gap-4 rounded-lg border p-4"
    >
      <h4 id={`${id}-title`} className="text-sm font-semibold">
        Add new patient
      </h4>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ name, type, required }) => (
          <FormField
            key={name}
            id={`${id}-${name}`}
            label={`${PATIENT_FIELD_LABELS[name]}${required ? '' : ' (optional)'}`}
            required={required}
            error={errors[name]?.message}
          >
            <Input
              id={`${id}-${name}`}
              type={type}
              // The patient's details, not the signed-in user's: no autofill.
              autoComplete="off"
              max={name === 'dob' ? today : undefined}
              aria-required={required ? true : undefined}
              {...register(name)}
              {...fieldDescription(`${id}-${name}`, { error: errors[name]?.message })}
            />
          </FormField>
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
      {errors.root && (
        <p role="alert" className="text-sm text-destructive">
          {errors.root.message}
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
