import type { Ref } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { ClinicSummary } from '@contracts/auth';
import { FieldError } from '@web/components/ui/form-field';
import { Checkbox } from '@web/components/ui/checkbox';

/** The clinics a new item starts with: the only one when there is one, else none chosen yet. */
export const preselectedClinicIds = (clinics: readonly ClinicSummary[]): string[] =>
  clinics.length === 1 ? [clinics[0]!.id] : [];

/** A multi-select of the admin's own clinics: an admin assigns only clinics they manage (staff, tokens). */
export function ClinicCheckboxes({
  id,
  ref,
  clinics,
  value,
  onChange,
  error,
}: {
  id: string;
  /** The first box: where focus goes when the choice is missing. */
  ref?: Ref<HTMLInputElement>;
  clinics: readonly ClinicSummary[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  function toggle(clinicId: string, checked: boolean) {
    onChange(checked ? [...value, clinicId] : value.filter((other) => other !== clinicId));
  }

  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? `${id}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-2 text-sm leading-none font-medium">Clinics</legend>
      <div className="grid gap-1 rounded-md border p-1 sm:grid-cols-2">
        {clinics.map((clinic, index) => (
          <label
            key={clinic.id}
            className="flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm hover:bg-accent has-focus-visible:ring-2 has-focus-visible:ring-ring/40"
          >
            <Checkbox
              ref={index === 0 ? ref : undefined}
              checked={value.includes(clinic.id)}
              onChange={(event) => toggle(clinic.id, event.target.checked)}
            />
            {clinic.name}
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** The form's `clinicIds`, chosen with ClinicCheckboxes: focus goes to the first box when missing. */
export function ClinicCheckboxesField<
  Values extends FieldValues & { clinicIds: string[] },
  Output,
>({
  id,
  control,
  clinics,
  error,
}: {
  id: string;
  control: Control<Values, unknown, Output>;
  clinics: readonly ClinicSummary[];
  error?: string;
}) {
  return (
    <Controller
      control={control}
      name={'clinicIds' as Path<Values>}
      render={({ field }) => (
        <ClinicCheckboxes
          id={id}
          ref={field.ref}
          clinics={clinics}
          value={field.value}
          onChange={field.onChange}
          error={error}
        />
      )}
    />
  );
}
