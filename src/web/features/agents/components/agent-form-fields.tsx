import { Controller, type UseFormReturn } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH, type ClinicSummary } from '@contracts/auth';
import { ROLES, type Role } from '@domain/roles';
import { fieldDescription, FormField, TextField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { OptionsSelect } from '@web/components/options-select';
import { ROLE_LABELS } from '@web/lib/session';
import type { AgentFormMode, AgentFormOutput, AgentFormValues } from '../utils/agent-form';
import { ClinicCheckboxesField } from '@web/components/clinic-checkboxes';
import { PasswordInput } from './password-input';
import { TimeZoneSelect } from './time-zone-select';

const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters. Give it to them privately.`;

export function AgentFormFields({
  mode,
  form,
  clinics,
  roleLocked,
  accountLocked = false,
}: {
  mode: AgentFormMode;
  form: UseFormReturn<AgentFormValues, unknown, AgentFormOutput>;
  clinics: readonly ClinicSummary[];
  /** An admin editing their own account keeps the admin role (the server refuses otherwise). */
  roleLocked: boolean;
  /** Someone who also works at clinics this admin does not manage: name, email and role are not theirs. */
  accountLocked?: boolean;
}) {
  const { register, control } = form;
  const errors = form.formState.errors;
  const accountHint = accountLocked
    ? 'They also work at clinics you do not manage: an admin of all their clinics changes their name, email and role.'
    : undefined;
  const roleHint = roleLocked ? 'You cannot change your own role.' : undefined;
  return (
    <div className="grid gap-4">
      <TextField
        id="agent-name"
        label="Name"
        error={errors.name?.message}
        hint={accountHint}
        autoComplete="off"
        disabled={accountLocked}
        {...register('name')}
      />
      <FormField id="agent-email" label="Email" error={errors.email?.message}>
        <Input
          id="agent-email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          disabled={accountLocked}
          {...register('email')}
          {...(accountLocked
            ? { 'aria-describedby': 'agent-name-hint' }
            : fieldDescription('agent-email', { error: errors.email?.message }))}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="agent-role" label="Role" hint={roleHint}>
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <OptionsSelect
                id="agent-role"
                ref={field.ref}
                value={field.value}
                disabled={roleLocked || accountLocked}
                onChange={(role) => field.onChange(role as Role)}
                onBlur={field.onBlur}
                options={ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
                {...(accountLocked && !roleLocked
                  ? { 'aria-describedby': 'agent-name-hint' }
                  : fieldDescription('agent-role', { hint: roleHint }))}
              />
            )}
          />
        </FormField>
        <FormField id="agent-timezone" label="Time zone" error={errors.timezone?.message}>
          <Controller
            control={control}
            name="timezone"
            render={({ field }) => (
              <TimeZoneSelect
                id="agent-timezone"
                ref={field.ref}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                {...fieldDescription('agent-timezone', { error: errors.timezone?.message })}
              />
            )}
          />
        </FormField>
      </div>
      <ClinicCheckboxesField
        id="agent-clinics"
        control={control}
        clinics={clinics}
        error={errors.clinicIds?.message}
      />
      {mode === 'create' && (
        <FormField
          id="agent-password"
          label="Initial password"
          hint={PASSWORD_HINT}
          error={errors.password?.message}
        >
          <PasswordInput
            id="agent-password"
            {...register('password')}
            {...fieldDescription('agent-password', {
              error: errors.password?.message,
              hint: PASSWORD_HINT,
            })}
          />
        </FormField>
      )}
    </div>
  );
}
