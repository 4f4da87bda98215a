import { startAuthentication } from '@simplewebauthn/browser';
import { passkeySignInOptionsRoute, passkeySignInRoute } from '@contracts/routes/passkeys';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { asPasskeyError, requestOptionsOf } from '@web/lib/passkey-ceremony';
import { startSession } from '@web/lib/session';

/** Options, the authenticator's choice among its passkeys for this site, then the server's check. */
async function signInWithPasskey() {
  try {
    const options = await callEndpoint(passkeySignInOptionsRoute, {
      fallback: 'Could not start signing in with a passkey. Try again.',
    });
    const response = await startAuthentication({ optionsJSON: requestOptionsOf(options) });
    return await callEndpoint(passkeySignInRoute, {
      body: { response },
      fallback: 'This passkey cannot sign you in here. Sign in with your email and password.',
    });
  } catch (error) {
    throw asPasskeyError(error);
  }
}

/** Signs in with a passkey alone and makes the new user the session the whole app reads. */
export function usePasskeySignIn() {
  return useWriteThenRefresh(signInWithPasskey, (queryClient, { user }) =>
    startSession(queryClient, user),
  );
}
