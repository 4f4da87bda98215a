import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldDescription, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';

/** A whole number of a clinic's settings (hours, days, minutes, a count), with its hint and error. */
export function NumberField({
  id,
  label,
  hint,
  error,
  min,
  max,
  step = 1,
  registration,
}: {
  id: string;
  label: string;
  hint?: string;
  error: string | undefined;
  min: number;
  max?: number;
  step?: number;
  /** The form's register(name, { valueAsNumber: true }). */
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={step}
        {...fieldDescription(id, { error, hint })}
        {...registration}
      />
    </FormField>
  );
}
