import { z } from 'zod';
import { clinicSummary, newPasswordField, okResponse, roleSchema } from './auth';
import {
  emailField,
  idParams,
  instantField,
  safeText,
  timezoneField,
  uuidParam,
  wholeNumber,
} from './common';
import { defineEndpoint } from './endpoint';
import {
  activateAgentRoute,
  browseAuditRoute,
  createAgentRoute,
  deactivateAgentRoute,
  getAgentRoute,
  listAgentsRoute,
  resetAgentPasswordRoute,
  unlockAgentSignInRoute,
  updateAgentRoute,
} from './routes/admin';

/** Web forms send empty fields as `name=`; in a query string that means "no filter". */
const optionalQuery = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const nameField = safeText(120).pipe(z.string().min(1, 'must not be empty'));

/** A staff member as an admin sees them: only the clinics the admin manages are listed. */
export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  timezone: z.string().nullable(),
  active: z.boolean(),
  clinics: z.array(clinicSummary),
  /**
   * Also works at clinics this admin does not manage: their email, role, access and password are
   * then for an admin of all their clinics (the server refuses the rest with 403).
   */
  alsoElsewhere: z.boolean(),
  /**
   * Sign-in is being slowed down for this account after failed attempts (ADR 010); an admin of all
   * their clinics can lift it. Optional so clients and fixtures written before it keep working.
   */
  signInThrottled: z.boolean().optional(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const listAgentsQuery = z.object({
  search: optionalQuery(safeText(120)),
  includeInactive: optionalQuery(queryBool),
});
export type ListAgentsQuery = z.infer<typeof listAgentsQuery>;

export const listAgentsResponse = z.object({ data: z.array(adminUser) });
export type ListAgentsResponse = z.infer<typeof listAgentsResponse>;

const clinicIdsField = z
  .array(uuidParam)
  .max(100)
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

export const createAgentBody = z.object({
  email: emailField,
  name: nameField,
  role: roleSchema,
  timezone: timezoneField.nullable().optional(),
  clinicIds: clinicIdsField,
  password: newPasswordField,
});
export type CreateAgentBody = z.infer<typeof createAgentBody>;

/** Only the fields sent change; clinicIds replaces the memberships in the admin's own clinics. */
export const updateAgentBody = z.object({
  email: emailField.optional(),
  name: nameField.optional(),
  role: roleSchema.optional(),
  timezone: timezoneField.nullable().optional(),
  clinicIds: clinicIdsField.optional(),
});
export type UpdateAgentBody = z.infer<typeof updateAgentBody>;

export const resetPasswordBody = z.object({ password: newPasswordField });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

export const AUDIT_PAGE_SIZE_MAX = 100;

/** Instants with an offset, as every time on the wire; `from` is inclusive, `to` exclusive. */
export const auditQuery = z
  .object({
    userId: optionalQuery(uuidParam),
    patientId: optionalQuery(uuidParam),
    from: optionalQuery(instantField),
    to: optionalQuery(instantField),
    page: optionalQuery(wholeNumber(1, 100_000)),
    limit: optionalQuery(wholeNumber(1, AUDIT_PAGE_SIZE_MAX)),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: 'from must not be after to',
    path: ['from'],
  });
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntry = z.object({
  /** The audit row's id; "id.n" for the n-th record of a read that showed several. */
  id: z.string(),
  at: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const auditResponse = z.object({
  data: z.array(auditEntry),
  pagination: z.object({ hasNextPage: z.boolean(), currentPage: z.number() }),
});
export type AuditResponse = z.infer<typeof auditResponse>;

const admins = { tag: 'Admin', access: { roles: ['admin'] } } as const;

export const listAgentsEndpoint = defineEndpoint({
  ...admins,
  ...listAgentsRoute,
  summary: 'Staff of the admin’s clinics, found by name or email',
  query: listAgentsQuery,
  responses: { 200: listAgentsResponse },
});

export const createAgentEndpoint = defineEndpoint({
  ...admins,
  ...createAgentRoute,
  summary: 'Add a staff member to some of the admin’s clinics',
  body: createAgentBody,
  responses: { 201: adminUser },
  errors: [404, 409],
});

export const getAgentEndpoint = defineEndpoint({
  ...admins,
  ...getAgentRoute,
  summary: 'One staff member of the admin’s clinics',
  params: idParams,
  responses: { 200: adminUser },
  errors: [404],
});

export const updateAgentEndpoint = defineEndpoint({
  ...admins,
  ...updateAgentRoute,
  summary: 'Change a staff member’s email, name, role, time zone or clinics',
  params: idParams,
  body: updateAgentBody,
  responses: { 200: adminUser },
  errors: [404, 409],
});

export const deactivateAgentEndpoint = defineEndpoint({
  ...admins,
  ...deactivateAgentRoute,
  summary: 'Stop a staff member from signing in; their sessions end',
  params: idParams,
  responses: { 200: adminUser },
  errors: [404, 409],
});

export const activateAgentEndpoint = defineEndpoint({
  ...admins,
  ...activateAgentRoute,
  summary: 'Let a deactivated staff member sign in again',
  params: idParams,
  responses: { 200: adminUser },
  errors: [404, 409],
});

export const resetAgentPasswordEndpoint = defineEndpoint({
  ...admins,
  ...resetAgentPasswordRoute,
  summary: 'Set a staff member’s password; their sessions end',
  params: idParams,
  body: resetPasswordBody,
  responses: { 200: okResponse },
  errors: [404, 429],
});

export const unlockAgentSignInEndpoint = defineEndpoint({
  ...admins,
  ...unlockAgentSignInRoute,
  summary: 'Forget a staff member’s failed sign-ins, so they may try again at once',
  params: idParams,
  responses: { 200: adminUser },
  errors: [404],
});

export const browseAuditEndpoint = defineEndpoint({
  ...admins,
  ...browseAuditRoute,
  summary: 'Who read or changed which patient or appointment, newest first',
  query: auditQuery,
  responses: { 200: auditResponse },
});
