import { z } from 'zod';
import {
  createAgentBody,
  resetPasswordBody,
  type AdminUser,
  type UpdateAgentBody,
} from '@contracts/admin';
import { PASSWORD_MIN_LENGTH } from '@contracts/auth';
import type { Role } from '@domain/roles';
import { labelled, worded } from '@web/lib/form-schema';

/** The create and edit dialogs' fields as typed; an empty timezone means "not set". */
export interface AgentFormValues {
  name: string;
  email: string;
  role: Role;
  timezone: string;
  clinicIds: string[];
  password: string;
}

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

// The server's rules (createAgentBody; an update takes the same ones, each optional), worded for
// the person filling in the form.
const { shape } = createAgentBody;

const passwordRule = worded(resetPasswordBody.shape.password, (issue) =>
  issue.code === 'too_big'
    ? `Password must be at most ${issue.maximum} characters.`
    : `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
);

const agentFields = {
  name: worded(shape.name, (issue) =>
    issue.code === 'too_small'
      ? 'Enter a name.'
      : issue.code === 'too_big'
        ? `Name must be at most ${issue.maximum} characters.`
        : `Name ${issue.message}.`,
  ),
  email: worded(shape.email, () => 'Enter a valid email address.'),
  role: shape.role,
  timezone: z.preprocess(
    (zone: string) => zone || null,
    worded(shape.timezone, () => 'Choose a time zone from the list.'),
  ),
  // The server takes an empty list; the form does not, as an account in no clinic would drop out
  // of every admin's list.
  clinicIds: worded(shape.clinicIds, labelled('Clinics')).refine(
    (ids) => ids.length > 0,
    'Choose at least one clinic.',
  ),
};

/** Creating asks for the initial password; editing leaves the password to its own dialog. */
export const agentFormSchemas = {
  create: z.object({ ...agentFields, password: passwordRule }),
  edit: z.object({ ...agentFields, password: z.string() }),
} satisfies Record<AgentFormMode, z.ZodType>;
export type AgentFormOutput = z.output<(typeof agentFormSchemas)[AgentFormMode]>;

export const resetPasswordFormSchema = z.object({ password: passwordRule });

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const lower = new Set(b.map((id) => id.toLowerCase()));
  return a.length === lower.size && a.every((id) => lower.has(id));
}

/** Only what changed: the server leaves unsent fields alone. Empty when nothing did. */
export function toUpdateBody(values: AgentFormOutput, agent: AdminUser): UpdateAgentBody {
  const body: UpdateAgentBody = {};
  if (values.name !== agent.name) body.name = values.name;
  if (values.email !== agent.email.toLowerCase()) body.email = values.email;
  if (values.role !== agent.role) body.role = values.role;
  if (values.timezone !== agent.timezone) body.timezone = values.timezone;
  const clinicIds = agent.clinics.map((clinic) => clinic.id);
  if (!sameIds(values.clinicIds, clinicIds)) body.clinicIds = values.clinicIds;
  return body;
}
