import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { OptionsSelect } from '@web/components/options-select';
import { Checkbox } from '@web/components/ui/checkbox';
import { fieldDescription, FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import type { PatientFormOutput, PatientFormValues } from '../utils/patient-form';
import {
  CHANNEL_LABELS,
  FIELD_LABELS,
  GENDER_LABELS,
  LANGUAGE_LABELS,
  type PatientField,
} from '../utils/patient-labels';

type Form = UseFormReturn<PatientFormValues, unknown, PatientFormOutput>;
type TextField = Exclude<
  PatientField,
  'remindersOptOut' | 'gender' | 'preferredLanguage' | 'contactChannel'
>;

// Radix Select takes no empty value: "Not set" stands for none.
const NOT_SET = 'not-set';
const idOf = (field: PatientField) => `patient-${field}`;

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-3 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Text({
  form,
  field,
  type = 'text',
  hint,
  required = false,
  className,
}: {
  form: Form;
  field: TextField;
  type?: string;
  hint?: string;
  required?: boolean;
  className?: string;
}) {
  const error = form.formState.errors[field]?.message;
  const id = idOf(field);
  const Control = field === 'addressLine' ? Textarea : Input;
  return (
    <div className={className}>
      <FormField id={id} label={FIELD_LABELS[field]} required={required} hint={hint} error={error}>
        <Control
          id={id}
          type={field === 'addressLine' ? undefined : type}
          rows={field === 'addressLine' ? 2 : undefined}
          // The patient's details, not the signed-in user's: no autofill.
          autoComplete="off"
          aria-required={required || undefined}
          {...form.register(field)}
          {...fieldDescription(id, { error, hint })}
        />
      </FormField>
    </div>
  );
}

function Choice({
  form,
  field,
  labels,
  optional = true,
}: {
  form: Form;
  field: 'gender' | 'preferredLanguage' | 'contactChannel';
  labels: Record<string, string>;
  optional?: boolean;
}) {
  const id = idOf(field);
  const options = Object.entries(labels).map(([value, label]) => ({ value, label }));
  return (
    <FormField id={id} label={FIELD_LABELS[field]} error={form.formState.errors[field]?.message}>
      <Controller
        control={form.control}
        name={field}
        render={({ field: control }) => (
          <OptionsSelect
            id={id}
            ref={control.ref}
            value={control.value || (optional ? NOT_SET : '')}
            onChange={(value) => control.onChange(value === NOT_SET ? '' : value)}
            onBlur={control.onBlur}
            options={optional ? [{ value: NOT_SET, label: 'Not set' }, ...options] : options}
          />
        )}
      />
    </FormField>
  );
}

/** Every field of the edit, in the groups a person looks for them in. */
export function EditPatientFields({ form }: { form: Form }) {
  return (
    <div className="grid gap-6">
      <Group legend="Name">
        <Text form={form} field="firstName" required />
        <Text form={form} field="lastName" required />
        <Text form={form} field="preferredName" hint="What they like to be called." />
        <Text form={form} field="dob" type="date" />
        <Choice form={form} field="gender" labels={GENDER_LABELS} />
      </Group>
      <Group legend="Contact">
        <Text form={form} field="email" type="email" required />
        <Text form={form} field="phone" type="tel" />
      </Group>
      <Group legend="Address">
        <Text form={form} field="addressLine" className="sm:col-span-2" />
        <Text form={form} field="city" />
        <Text form={form} field="region" />
        <Text form={form} field="postalCode" />
        <Text form={form} field="country" hint="Two letters, such as US." />
      </Group>
      <Group legend="Clinic record">
        <Text form={form} field="recordNumber" />
      </Group>
      <Group legend="Preferences">
        <Choice form={form} field="preferredLanguage" labels={LANGUAGE_LABELS} />
        <Choice form={form} field="contactChannel" labels={CHANNEL_LABELS} optional={false} />
        <Label htmlFor={idOf('remindersOptOut')} className="font-normal sm:col-span-2">
          <Checkbox id={idOf('remindersOptOut')} {...form.register('remindersOptOut')} />
          The patient asked for no reminders
        </Label>
      </Group>
    </div>
  );
}
