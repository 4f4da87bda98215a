import { useMutation, useQuery } from '@tanstack/react-query';
import type { ChoosePasswordBody, ForgotPasswordBody } from '@contracts/accounts';
import { callEndpoint } from '@web/lib/endpoint-client';
import { accountKeys } from '@web/queries/query-keys';
import {
  acceptInvitationRoute,
  checkInvitationRoute,
  checkPasswordResetRoute,
  completePasswordResetRoute,
  requestPasswordResetRoute,
} from '@contracts/routes/accounts';

// The public pages of a staff account (ADR 047): asking for a reset link, and the two links that
// choose a password. Nothing here is cached: a link is checked each time its page opens.

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      callEndpoint(requestPasswordResetRoute, {
        body,
        fallback: 'Could not ask for a reset link. Please try again.',
      }),
  });
}

export type LinkKind = 'reset' | 'invitation';

const checking = { retry: false, staleTime: Infinity } as const;
const CHECK_FAILED = 'Could not check this link. Please try again.';

/** Whether a reset link still works, and whose password it sets. */
export function useResetLink(token: string) {
  return useQuery({
    ...checking,
    queryKey: accountKeys.link('reset', token),
    queryFn: ({ signal }) =>
      callEndpoint(checkPasswordResetRoute, { body: { token }, signal, fallback: CHECK_FAILED }),
  });
}

/** Whether an invitation link still works, who it is for and who sent it. */
export function useInvitationLink(token: string) {
  return useQuery({
    ...checking,
    queryKey: accountKeys.link('invitation', token),
    queryFn: ({ signal }) =>
      callEndpoint(checkInvitationRoute, { body: { token }, signal, fallback: CHECK_FAILED }),
  });
}

export function useChoosePassword(kind: LinkKind) {
  return useMutation({
    mutationFn: (body: ChoosePasswordBody) =>
      kind === 'reset'
        ? callEndpoint(completePasswordResetRoute, {
            body,
            fallback: 'Could not set your password. Please try again.',
          })
        : callEndpoint(acceptInvitationRoute, {
            body,
            fallback: 'Could not set your password. Please try again.',
          }),
  });
}
