import { z } from 'zod';
import { clinicSummary, newPasswordField, okResponse, roleSchema, staffAccount } from './auth';
import {
  emailField,
  idParams,
  instantField,
  pageOf,
  safeText,
  staffRef,
  timezoneField,
  uuidParam,
  wholeNumber,
} from './common';
import { defineEndpoint } from './endpoint';
import {
  activateAgentRoute,
  browseAuditRoute,
  exportAuditRoute,
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
export const adminUser = staffAccount.extend({
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

/**
 * What an audit row can say was done, declared once: the server writes only these, the audit
 * page names each in words, and its filter offers them.
 */
export const AUDIT_ACTIONS = [
  'read',
  'create',
  'update',
  'cancel',
  'mark',
  'confirm',
  'correct',
  'notes',
  'reschedule',
  'reassign',
  'join',
  'join_refused',
  'unlock',
  'revoke',
  /** Staff replaced a patient's visit link (the old one no longer opens anything). */
  'link_reset',
  /** One request of another system with an integration token (the FHIR API). */
  'api_request',
  /** The waitlist (ADR 019): an entry taken off, a freed time offered, answered or lapsed. */
  'remove',
  'offer',
  'accept',
  'decline',
  'expire',
  /** Records taken out of the app in a file (the patients' CSV export). */
  'export',
  /** A patient's personal data erased at their request (the visits stay, as counts). */
  'erase',
  /** Two records of one person made one (issue 41): what moved is in the details. */
  'merge',
  /** Two records staff said are different people, no longer shown as duplicates. */
  'dismiss',
  /** A clinic's service (issue 42) no longer offered, or offered again; its history is kept. */
  'archive',
  'restore',
  /** Staff accounts (issue 43, ADR 046): signing in and out, and each session ended. */
  'sign_in',
  'sign_out',
  'end_session',
  /** A second factor (authenticator app, passkey, recovery codes) set up or taken away. */
  'factor_add',
  'factor_remove',
  /** A second factor given: at sign-in, or as a step-up before a sensitive change. */
  'factor_verify',
  'factor_refused',
  /** A password reset asked for by e-mail, and a password set through its link. */
  'reset_request',
  'password_reset',
  /** A new staff member invited by an admin, and the invitation taken up. */
  'invite',
  'invite_accept',
  /** An account linked to an identity provider's subject (single sign-on). */
  'sso_link',
  /** A staff member's outside calendar (issue 46): connected, disconnected, synced on demand. */
  'connect',
  'disconnect',
  'sync',
  /** An event Carebook pushed was found changed on the calendar server and put back (ADR 062). */
  'push_conflict',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The filters the log is browsed and exported by. */
const auditFilterFields = {
  userId: optionalQuery(uuidParam),
  patientId: optionalQuery(uuidParam),
  /**
   * Words of a patient's name or email, each the start of one of its words (as the patient
   * search), among the admin's clinics' patients: the entries that show any such patient.
   */
  patientName: optionalQuery(safeText(120)),
  action: optionalQuery(z.enum(AUDIT_ACTIONS, { error: 'must be one of the audit log’s actions' })),
  from: optionalQuery(instantField),
  to: optionalQuery(instantField),
};

const fromNotAfterTo = (q: { from?: string; to?: string }) =>
  !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to);
const reversedRange = { message: 'from must not be after to', path: ['from'] };

/** Instants with an offset, as every time on the wire; `from` is inclusive, `to` exclusive. */
export const auditQuery = z
  .object({
    ...auditFilterFields,
    page: optionalQuery(wholeNumber(1, 100_000)),
    limit: optionalQuery(wholeNumber(1, AUDIT_PAGE_SIZE_MAX)),
  })
  .refine(fromNotAfterTo, reversedRange);
export type AuditQuery = z.infer<typeof auditQuery>;

/** The whole filtered log as CSV; its times are written in `timeZone` (else the admin's own). */
export const auditExportQuery = z
  .object({ ...auditFilterFields, timeZone: optionalQuery(timezoneField) })
  .refine(fromNotAfterTo, reversedRange);
export type AuditExportQuery = z.infer<typeof auditExportQuery>;

/** One record an entry names, of the admin's clinics; the name only for their own patients. */
export const auditRecord = z.object({
  entityId: z.string().nullable(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
});
export type AuditRecordView = z.infer<typeof auditRecord>;

/**
 * One audit row: one thing done, or one read however many records it showed (ADR 007, 035).
 * `entityId`, `patientId` and `patientName` are its record when it names one, null when it
 * names several; `records` lists what it names that the admin may see, in the order shown.
 */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  user: staffRef.nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  patientId: z.string().nullable(),
  patientName: z.string().nullable(),
  records: z.array(auditRecord),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

export const auditResponse = pageOf(auditEntry);
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
  reads: 'replica',
  summary: 'Who read or changed which patient or appointment, newest first',
  query: auditQuery,
  responses: { 200: auditResponse },
});

export const exportAuditEndpoint = defineEndpoint({
  ...admins,
  ...exportAuditRoute,
  summary: 'The audit log with the same filters, whole, as a CSV file',
  description:
    'One line per audit row, newest first, streamed. Times are ISO 8601 with the offset of ' +
    '`timeZone` (else the admin’s time zone, else UTC). A cell that a spreadsheet would take ' +
    'for a formula (starting with =, +, -, @, a tab or a carriage return) starts with a quote.',
  query: auditExportQuery,
  responses: { 200: z.string().describe('A CSV file (text/csv), with a header line.') },
});
