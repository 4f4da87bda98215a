import { z } from 'zod';
import { clinicSummary, newPasswordField, okResponse, roleSchema } from './auth';
import { emailField, idParams, safeText, uuidParam } from './common';
import { defineEndpoint } from './endpoint';
import {
  acceptInvitationRoute,
  checkInvitationRoute,
  checkPasswordResetRoute,
  completePasswordResetRoute,
  endAgentSessionsRoute,
  endMySessionRoute,
  endOtherSessionsRoute,
  inviteStaffRoute,
  listInvitationsRoute,
  listMySessionsRoute,
  requestPasswordResetRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
} from './routes/accounts';

// Staff accounts (issue 43, ADR 047): a forgotten password reset through a link sent by e-mail,
// new staff invited by an admin and choosing their own password, and each user's sessions.

/** What a reset or invitation link carries: 256 random bits, base64url. */
export const linkToken = z
  .string()
  .min(20, 'is not a link we sent')
  .max(100, 'is not a link we sent')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a link we sent');

/** The one answer to a bad reset link, whatever is wrong with it. */
export const RESET_LINK_DEAD = 'This link has expired or was already used. Ask for a new one.';
/** The one answer to a bad invitation link, whatever is wrong with it. */
export const INVITATION_LINK_DEAD =
  'This invitation has expired, was withdrawn or was already used. Ask your admin for a new one.';
/** The answer to every "forgot password" request, whether or not the address has an account. */
export const RESET_REQUESTED =
  'If this e-mail address belongs to an active Carebook account, a link to choose a new password is on its way. It works once, for 30 minutes.';

export const forgotPasswordBody = z.object({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

export const linkTokenBody = z.object({ token: linkToken });

export const choosePasswordBody = z.object({ token: linkToken, password: newPasswordField });
export type ChoosePasswordBody = z.infer<typeof choosePasswordBody>;

export const messageResponse = z.object({ message: z.string() });

/** The account a live reset link is for, so the page can say whose password is being chosen. */
export const resetLinkResponse = z.object({ email: z.string() });

export const invitationView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** Only the clinics the viewing admin manages. */
  clinics: z.array(clinicSummary),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Past its end: it can be sent again (with a new link) or withdrawn. */
  expired: z.boolean(),
});
export type InvitationView = z.infer<typeof invitationView>;

/** What the invitee sees before choosing their password. */
export const invitationLinkResponse = z.object({
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  invitedBy: z.string().nullable(),
  clinics: z.array(z.string()),
  expiresAt: z.string(),
});
export type InvitationLinkResponse = z.infer<typeof invitationLinkResponse>;

export const inviteStaffBody = z.object({
  email: emailField,
  name: safeText(120).pipe(z.string().min(1, 'must not be empty')),
  role: roleSchema,
  clinicIds: z
    .array(uuidParam)
    .min(1, 'must name at least one clinic')
    .max(100)
    .transform((ids) => [...new Set(ids)]),
});
export type InviteStaffBody = z.infer<typeof inviteStaffBody>;

export const invitationsResponse = z.object({ data: z.array(invitationView) });

export const accountCreatedResponse = z.object({ email: z.string() });

export const userSession = z.object({
  id: z.string(),
  /** "Chrome on macOS", from the browser's User-Agent; null when it sent none we can name. */
  browser: z.string().nullable(),
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
  method: z.enum(['password', 'passkey', 'sso']),
});
export type UserSession = z.infer<typeof userSession>;

export const userSessionsResponse = z.object({ data: z.array(userSession) });
export type UserSessionsResponse = z.infer<typeof userSessionsResponse>;

export const sessionIdParams = z.object({
  id: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'must be a session id')
    .transform((id) => id.toLowerCase()),
});

export const endedResponse = z.object({ ended: z.number() });

const admins = { tag: 'Admin', access: { roles: ['admin'] } } as const;

export const requestPasswordResetEndpoint = defineEndpoint({
  ...requestPasswordResetRoute,
  summary: 'Ask for a password reset link by e-mail',
  description:
    'Always the same answer, in about the same time, whether or not the address has an account; too many requests for an address, an account or from one client send nothing, and are answered the same.',
  tag: 'Auth',
  access: 'public',
  body: forgotPasswordBody,
  responses: { 200: messageResponse },
});

export const checkPasswordResetEndpoint = defineEndpoint({
  ...checkPasswordResetRoute,
  summary: 'Whether a reset link still works, and for which e-mail address',
  tag: 'Auth',
  access: 'public',
  body: linkTokenBody,
  responses: { 200: resetLinkResponse },
  errors: [410, 429],
});

export const completePasswordResetEndpoint = defineEndpoint({
  ...completePasswordResetRoute,
  summary: 'Choose a new password through a reset link; every session of the account ends',
  tag: 'Auth',
  access: 'public',
  body: choosePasswordBody,
  responses: { 200: accountCreatedResponse },
  errors: [410, 429],
});

export const checkInvitationEndpoint = defineEndpoint({
  ...checkInvitationRoute,
  summary: 'Whether an invitation link still works, who it is for and who sent it',
  tag: 'Auth',
  access: 'public',
  body: linkTokenBody,
  responses: { 200: invitationLinkResponse },
  errors: [410, 429],
});

export const acceptInvitationEndpoint = defineEndpoint({
  ...acceptInvitationRoute,
  summary: 'Take up an invitation: the account is made with the password chosen here',
  tag: 'Auth',
  access: 'public',
  body: choosePasswordBody,
  responses: { 201: accountCreatedResponse },
  errors: [409, 410, 429],
});

export const listMySessionsEndpoint = defineEndpoint({
  ...listMySessionsRoute,
  summary: 'Where the signed-in user is signed in: each of their live sessions',
  tag: 'Auth',
  access: 'authenticated',
  responses: { 200: userSessionsResponse },
});

export const endMySessionEndpoint = defineEndpoint({
  ...endMySessionRoute,
  summary: 'Sign out one of one’s own sessions',
  tag: 'Auth',
  access: 'authenticated',
  params: sessionIdParams,
  responses: { 200: okResponse },
  errors: [404],
});

export const endOtherSessionsEndpoint = defineEndpoint({
  ...endOtherSessionsRoute,
  summary: 'Sign out everywhere but this browser',
  tag: 'Auth',
  access: 'authenticated',
  responses: { 200: endedResponse },
});

export const listInvitationsEndpoint = defineEndpoint({
  ...admins,
  ...listInvitationsRoute,
  summary: 'Open invitations to the admin’s clinics',
  responses: { 200: invitationsResponse },
});

export const inviteStaffEndpoint = defineEndpoint({
  ...admins,
  ...inviteStaffRoute,
  summary: 'Invite a new staff member by e-mail; they choose their own password',
  body: inviteStaffBody,
  responses: { 201: invitationView },
  errors: [404, 409],
});

export const resendInvitationEndpoint = defineEndpoint({
  ...admins,
  ...resendInvitationRoute,
  summary: 'Send an invitation again with a new link; the old link stops working',
  params: idParams,
  responses: { 200: invitationView },
  errors: [404],
});

export const revokeInvitationEndpoint = defineEndpoint({
  ...admins,
  ...revokeInvitationRoute,
  summary: 'Withdraw an invitation; its link stops working',
  params: idParams,
  responses: { 200: okResponse },
  errors: [404],
});

export const endAgentSessionsEndpoint = defineEndpoint({
  ...admins,
  ...endAgentSessionsRoute,
  summary: 'End every session of a staff member of the admin’s clinics',
  params: idParams,
  responses: { 200: endedResponse },
  errors: [404],
});
