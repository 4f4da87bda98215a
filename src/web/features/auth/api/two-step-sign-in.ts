import type { VerifySignInCodeBody } from '@contracts/two-step';
import { verifySignInCodeRoute } from '@contracts/routes/two-step';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useWriteThenRefresh } from '@web/lib/endpoint-queries';
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
