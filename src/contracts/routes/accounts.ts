// The zod-free part of each staff-account contract (issue 43: password reset by e-mail,
// invitations, the sessions page): enough for the web app to call it without loading the schemas.
// The contract in ../accounts.ts spreads its route, so the two cannot differ.
import { defineRoute } from '../endpoint';

export const accountPaths = {
  forgotPassword: '/api/auth/password-reset',
  checkReset: '/api/auth/password-reset/check',
  completeReset: '/api/auth/password-reset/complete',
  checkInvitation: '/api/auth/invitation/check',
  acceptInvitation: '/api/auth/invitation/accept',
  mySessions: '/api/auth/sessions',
  mySession: '/api/auth/sessions/:id',
  endOtherSessions: '/api/auth/sessions/end-others',
  invitations: '/api/admin/invitations',
  resendInvitation: '/api/admin/invitations/:id/resend',
  revokeInvitation: '/api/admin/invitations/:id/revoke',
  endAgentSessions: '/api/admin/agents/:id/end-sessions',
} as const;

export const requestPasswordResetRoute = defineRoute({
  method: 'POST',
  path: accountPaths.forgotPassword,
  operationId: 'requestPasswordReset',
});

export const checkPasswordResetRoute = defineRoute({
  method: 'POST',
  path: accountPaths.checkReset,
  operationId: 'checkPasswordReset',
});

export const completePasswordResetRoute = defineRoute({
  method: 'POST',
  path: accountPaths.completeReset,
  operationId: 'completePasswordReset',
});

export const checkInvitationRoute = defineRoute({
  method: 'POST',
  path: accountPaths.checkInvitation,
  operationId: 'checkInvitation',
});

export const acceptInvitationRoute = defineRoute({
  method: 'POST',
  path: accountPaths.acceptInvitation,
  operationId: 'acceptInvitation',
});

export const listMySessionsRoute = defineRoute({
  method: 'GET',
  path: accountPaths.mySessions,
  operationId: 'listMySessions',
});

export const endMySessionRoute = defineRoute({
  method: 'DELETE',
  path: accountPaths.mySession,
  operationId: 'endMySession',
});

export const endOtherSessionsRoute = defineRoute({
  method: 'POST',
  path: accountPaths.endOtherSessions,
  operationId: 'endOtherSessions',
});

export const listInvitationsRoute = defineRoute({
  method: 'GET',
  path: accountPaths.invitations,
  operationId: 'listInvitations',
});

export const inviteStaffRoute = defineRoute({
  method: 'POST',
  path: accountPaths.invitations,
  operationId: 'inviteStaff',
});

export const resendInvitationRoute = defineRoute({
  method: 'POST',
  path: accountPaths.resendInvitation,
  operationId: 'resendInvitation',
});

export const revokeInvitationRoute = defineRoute({
  method: 'POST',
  path: accountPaths.revokeInvitation,
  operationId: 'revokeInvitation',
});

export const endAgentSessionsRoute = defineRoute({
  method: 'POST',
  path: accountPaths.endAgentSessions,
  operationId: 'endAgentSessions',
});
