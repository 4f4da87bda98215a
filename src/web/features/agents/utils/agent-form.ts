import type { AdminUser, CreateAgentBody, UpdateAgentBody } from '@contracts/admin';
import { PASSWORD_MIN_LENGTH } from '@contracts/auth';
import { emailField, timezoneField } from '@contracts/common';
import type { Role } from '@domain/roles';

/** The create and edit dialogs' fields; an empty timezone means "not set". */
export interface AgentFormValues {
  name: string;
  email: string;
  role: Role;
  timezone: string;
  clinicIds: string[];
  password: string;
}

export type AgentFormField = keyof AgentFormValues;
export type AgentFormErrors = Partial<Record<AgentFormField, string>>;
export type AgentFormMode = 'create' | 'edit';

export function emptyAgentForm(defaults: { timezone: string; clinicIds: string[] }) {
  return {
    name: '',
    email: '',
    role: 'staff',
    timezone: defaults.timezone,
    clinicIds: defaults.clinicIds,
    password: '',
  } satisfies AgentFormValues;
}

export function agentFormFrom(agent: AdminUser): AgentFormValues {
  return {
    name: agent.name,
    email: agent.email,
    role: agent.role,
    timezone: agent.timezone ?? '',
    clinicIds: agent.clinics.map((clinic) => clinic.id),
    password: '',
  };
}

export function validatePassword(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.length > 200) return 'Password must be at most 200 characters.';
  return undefined;
}

/** The same limits as the server's schema, worded for the person filling in the form. */
export function validateAgentForm(values: AgentFormValues, mode: AgentFormMode): AgentFormErrors {
  const errors: AgentFormErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = 'Enter a name.';
  else if (name.length > 120) errors.name = 'Name must be at most 120 characters.';
  if (!emailField.safeParse(values.email).success) errors.email = 'Enter a valid email address.';
  if (values.timezone && !timezoneField.safeParse(values.timezone).success) {
    errors.timezone = 'Choose a time zone from the list.';
  }
  if (values.clinicIds.length === 0) errors.clinicIds = 'Choose at least one clinic.';
  if (mode === 'create') {
    const password = validatePassword(values.password);
    if (password) errors.password = password;
  }
  return errors;
}

export function toCreateBody(values: AgentFormValues): CreateAgentBody {
  return {
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    role: values.role,
    timezone: values.timezone || null,
    clinicIds: values.clinicIds,
    password: values.password,
  };
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

/** Only what changed: the server leaves unsent fields alone. Empty when nothing did. */
export function toUpdateBody(values: AgentFormValues, agent: AdminUser): UpdateAgentBody {
  const body: UpdateAgentBody = {};
  const original = agentFormFrom(agent);
  const name = values.name.trim();
  const email = values.email.trim().toLowerCase();
  if (name !== original.name) body.name = name;
  if (email !== original.email.toLowerCase()) body.email = email;
  if (values.role !== original.role) body.role = values.role;
  if (values.timezone !== original.timezone) body.timezone = values.timezone || null;
  if (!sameIds(values.clinicIds, original.clinicIds)) body.clinicIds = values.clinicIds;
  return body;
}
