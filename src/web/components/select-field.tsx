import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { OptionsSelect } from '@web/components/options-select';
import { fieldDescription, FormField } from '@web/components/ui/form-field';

/**
 * A form's one-of-a-short-list field: its label, the select bound to the form's `name`, and its
 * error below, read with it.
 */
export function SelectField<Values extends FieldValues, Output>({
  control,
  name,
  id,
  label,
  options,
  error,
}: {
  control: Control<Values, unknown, Output>;
  name: FieldPath<Values>;
  id: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error: string | undefined;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <OptionsSelect
            id={id}
            ref={field.ref}
            value={field.value as string}
            onChange={field.onChange}
            onBlur={field.onBlur}
            options={options}
            {...fieldDescription(id, { error })}
          />
        )}
      />
    </FormField>
  );
}
