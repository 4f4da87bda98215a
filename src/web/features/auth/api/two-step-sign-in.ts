import type { VerifySignInCodeBody } from '@contracts/two-step';
import { getSignInStepRoute, verifySignInCodeRoute } from '@contracts/routes/two-step';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { startSession } from '@web/lib/session';

export function verifySignInCode(body: VerifySignInCodeBody) {
  return callEndpoint(verifySignInCodeRoute, {
    body,
    fallback: 'Could not check the code. Please try again.',
  });
}

/** Finishes signing in with a code; the user then becomes the session the whole app reads. */
export function useVerifySignInCode() {
  return useWriteThenRefresh(verifySignInCode, (queryClient, { user }) =>
    startSession(queryClient, user),
  );
}

/**
 * What a sign-in begun elsewhere (through the identity provider, ADR 048) still needs: the page
 * asks when the provider's sign-in came back owing our second factor.
 */
export const signInStepQuery = () =>
  endpointQuery(
    ['auth', 'sign-in-step'] as const,
    getSignInStepRoute,
    {
      fallback: 'Could not continue signing in. Sign in again.',
    },
    { retry: false, staleTime: 0 },
  );
