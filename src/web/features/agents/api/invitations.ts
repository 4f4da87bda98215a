import { useMutation, useQuery } from '@tanstack/react-query';
import type { InviteStaffBody } from '@contracts/accounts';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { listFreshness } from '@web/lib/query-client';
import { accountKeys } from '@web/queries/query-keys';
import {
  endAgentSessionsRoute,
  inviteStaffRoute,
  listInvitationsRoute,
  resendInvitationRoute,
  revokeInvitationRoute,
} from '@contracts/routes/accounts';

// Invitations (ADR 047): an admin invites; the invitee chooses their own password by the link.

export function useInvitations() {
  return useQuery(
    endpointQuery(
      accountKeys.invitations,
      listInvitationsRoute,
      { fallback: 'Failed to load invitations' },
      listFreshness,
    ),
  );
}

export function useInviteStaff() {
  return useWriteThenRefresh(
    (body: InviteStaffBody) =>
      callEndpoint(inviteStaffRoute, { body, fallback: 'Failed to send the invitation' }),
    [accountKeys.invitations],
  );
}

export function useResendInvitation() {
  return useWriteThenRefresh(
    (id: string) =>
      callEndpoint(resendInvitationRoute, {
        params: { id },
        fallback: 'Failed to send the invitation again',
      }),
    [accountKeys.invitations],
  );
}

export function useRevokeInvitation() {
  return useWriteThenRefresh(
    (id: string) =>
      callEndpoint(revokeInvitationRoute, {
        params: { id },
        fallback: 'Failed to withdraw the invitation',
      }),
    [accountKeys.invitations],
  );
}

/** Signs a staff member out everywhere; nothing the staff list shows changes. */
export function useEndAgentSessions() {
  return useMutation({
    mutationFn: (id: string) =>
      callEndpoint(endAgentSessionsRoute, { params: { id }, fallback: 'Failed to end sessions' }),
  });
}
