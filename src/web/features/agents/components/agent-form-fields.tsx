import { PASSWORD_MIN_LENGTH, type ClinicSummary } from '@contracts/auth';
import { ROLES, type Role } from '@domain/roles';
import { Input } from '@web/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@web/components/ui/select';
import { ROLE_LABELS } from '@web/lib/session';
import type { AgentFormErrors, AgentFormMode, AgentFormValues } from '../utils/agent-form';
import { ClinicCheckboxes } from './clinic-checkboxes';
import { fieldDescription, FormField } from './form-field';
import { PasswordInput } from './password-input';
import { TimeZoneSelect } from './time-zone-select';

export function AgentFormFields({
  mode,
  values,
  errors,
  clinics,
  roleLocked,
  accountLocked = false,
  onChange,
}: {
  mode: AgentFormMode;
  values: AgentFormValues;
  errors: AgentFormErrors;
  clinics: readonly ClinicSummary[];
  /** An admin editing their own account keeps the admin role (the server refuses otherwise). */
  roleLocked: boolean;
  /** Someone who also works at clinics this admin does not manage: name, email and role are not theirs. */
  accountLocked?: boolean;
  onChange: (patch: Partial<AgentFormValues>) => void;
}) {
  const accountHint = accountLocked
    ? 'They also work at clinics you do not manage: an admin of all their clinics changes their name, email and role.'
    : undefined;
  const roleHint = roleLocked ? 'You cannot change your own role.' : undefined;
  return (
    <div className="grid gap-4">
      <FormField id="agent-name" label="Name" error={errors.name} hint={accountHint}>
        <Input
          id="agent-name"
          autoComplete="off"
          value={values.name}
          disabled={accountLocked}
          onChange={(event) => onChange({ name: event.target.value })}
          {...fieldDescription('agent-name', { error: errors.name, hint: accountHint })}
        />
      </FormField>
      <FormField id="agent-email" label="Email" error={errors.email}>
        <Input
          id="agent-email"
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={values.email}
          disabled={accountLocked}
          onChange={(event) => onChange({ email: event.target.value })}
          {...(accountLocked
            ? { 'aria-describedby': 'agent-name-hint' }
            : fieldDescription('agent-email', { error: errors.email }))}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="agent-role" label="Role" hint={roleHint}>
          <Select
            value={values.role}
            disabled={roleLocked || accountLocked}
            onValueChange={(role) => onChange({ role: role as Role })}
          >
            <SelectTrigger
              id="agent-role"
              {...(accountLocked && !roleLocked
                ? { 'aria-describedby': 'agent-name-hint' }
                : fieldDescription('agent-role', { hint: roleHint }))}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ROLES.map((role) => (
                <SelectItem key={role} value={role}>
                  {ROLE_LABELS[role]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField id="agent-timezone" label="Time zone" error={errors.timezone}>
          <TimeZoneSelect
            id="agent-timezone"
            value={values.timezone}
            onChange={(timezone) => onChange({ timezone })}
            {...fieldDescription('agent-timezone', { error: errors.timezone })}
          />
        </FormField>
      </div>
      <ClinicCheckboxes
        id="agent-clinics"
        clinics={clinics}
        value={values.clinicIds}
        onChange={(clinicIds) => onChange({ clinicIds })}
        error={errors.clinicIds}
      />
      {mode === 'create' && (
        <FormField
          id="agent-password"
          label="Initial password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. Give it to them privately.`}
          error={errors.password}
        >
          <PasswordInput
            id="agent-password"
            value={values.password}
            onChange={(event) => onChange({ password: event.target.value })}
            {...fieldDescription('agent-password', {
              error: errors.password,
              hint: true,
            })}
          />
        </FormField>
      )}
    </div>
  );
}
