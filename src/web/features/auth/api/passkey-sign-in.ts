import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { passkeySignInOptionsRoute, passkeySignInRoute } from '@contracts/routes/passkeys';
import { callEndpoint } from '@web/lib/endpoint-client';
import { useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { asPasskeyError, requestOptionsOf } from '@web/lib/passkey-ceremony';
import { startSession } from '@web/lib/session';

const signInOptions = () =>
  callEndpoint(passkeySignInOptionsRoute, {
    fallback: 'Could not start signing in with a passkey. Try again.',
  });

const checkSignIn = (response: Awaited<ReturnType<typeof startAuthentication>>) =>
  callEndpoint(passkeySignInRoute, {
    body: { response },
    fallback: 'This passkey cannot sign you in here. Sign in with your email and password.',
  });

/**
 * The autofill request of this visit of the page: its ceremony while the browser holds it, and
 * whether it has given way to the button's. The browser runs one ceremony at a time: the button's
 * starts only once the autofill's has ended, and an autofill whose options arrive after the click
 * does not start at all (else it would end the button's ceremony in turn).
 */
const autofill = { ceremony: Promise.resolve() as Promise<unknown>, gaveWay: false };

async function endAutofill() {
  autofill.gaveWay = true;
  WebAuthnAbortService.cancelCeremony();
  await autofill.ceremony;
}

/** Options, the authenticator's choice among its passkeys for this site, then the server's check. */
export async function signInWithPasskey() {
  try {
    await endAutofill();
    const options = await signInOptions();
    const response = await startAuthentication({ optionsJSON: requestOptionsOf(options) });
    return await checkSignIn(response);
  } catch (error) {
    throw asPasskeyError(error);
  }
}

/**
 * The same, started quietly when the sign-in page opens (WebAuthn conditional mediation, ADR 049):
 * the browser offers this site's passkeys among the e-mail field's suggestions, and the request
 * waits until one is chosen. Resolves null when it ends without a choice: the browser has no
 * autofill for passkeys, or the request gave way to another ceremony (the "Use a passkey" button)
 * or to leaving the page. The server's refusal of a chosen passkey rejects, in words.
 */
export async function signInWithPasskeyAutofill() {
  autofill.gaveWay = false;
  if (!(await browserSupportsWebAuthnAutofill())) return null;
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    const options = await signInOptions();
    if (autofill.gaveWay) return null;
    const ceremony = startAuthentication({
      optionsJSON: requestOptionsOf(options),
      useBrowserAutofill: true,
    });
    autofill.ceremony = ceremony.catch(() => undefined);
    response = await ceremony;
  } catch {
    // Nothing chosen, or aborted for another ceremony, or options refused (429): the page works
    // as without autofill.
    return null;
  }
  return checkSignIn(response);
}

/** Cancels a waiting autofill request (the page is left). */
export const cancelPasskeyAutofill = () => {
  autofill.gaveWay = true;
  WebAuthnAbortService.cancelCeremony();
};

/** Signs in with a passkey alone and makes the new user the session the whole app reads. */
export function usePasskeySignIn() {
  return useWriteThenRefresh(signInWithPasskey, (queryClient, { user }) =>
    startSession(queryClient, user),
  );
}
