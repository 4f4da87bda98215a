import {
  startAuthentication,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { PasskeyCreationOptions, PasskeyRequestOptions } from '@contracts/passkeys';
import {
  passkeySecondFactorOptionsRoute,
  passkeySecondFactorRoute,
  passkeyStepUpRoute,
} from '@contracts/routes/passkeys';
import { callEndpoint } from './endpoint-client';

export { browserSupportsWebAuthn } from '@simplewebauthn/browser';

// The browser's side of a passkey ceremony (ADR 049), shared by the features that ask for one:
// settings adds passkeys, the sign-in page signs in with one, and the second-factor step and the
// step-up dialog confirm with one.

/** The options as the server sent them, in the type the WebAuthn wrapper takes. */
export const creationOptionsOf = (options: PasskeyCreationOptions) =>
  options as PublicKeyCredentialCreationOptionsJSON;
export const requestOptionsOf = (options: PasskeyRequestOptions) =>
  options as PublicKeyCredentialRequestOptionsJSON;

/**
 * What to tell a person whose ceremony the browser ended: they cancelled or let it time out, the
 * passkey is already on this device, or the browser refused for a reason of its own.
 */
export function passkeyErrorMessage(error: unknown): string | null {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
      return 'This device already holds a passkey for your account.';
    }
    if (error.name === 'NotAllowedError') {
      return 'The passkey request was cancelled or timed out. Try again.';
    }
    return 'This browser could not use a passkey here. Try another device or way to sign in.';
  }
  if (error instanceof DOMException && error.name === 'NotAllowedError') {
    return 'The passkey request was cancelled or timed out. Try again.';
  }
  return null;
}

/** An error with words a person can act on: the browser's, or the server's as it gave them. */
export function asPasskeyError(error: unknown): Error {
  const message = passkeyErrorMessage(error);
  if (message) return new Error(message);
  return error instanceof Error ? error : new Error('The passkey could not be used. Try again.');
}

export type PasskeyPurpose = 'second-factor' | 'step-up';

/**
 * Confirms with one of the signed-in user's passkeys: 'second-factor' finishes signing in a
 * session waiting for it (the answer is the signed-in user, as the password sign-in's; the server
 * has set the new session cookie), 'step-up' marks a whole session's second factor as just given.
 * Rejects with an Error whose message can be shown as it is.
 */
export async function verifyWithPasskey(
  purpose: 'second-factor',
): Promise<Awaited<ReturnType<typeof confirmSecondFactor>>>;
export async function verifyWithPasskey(
  purpose: 'step-up',
): Promise<Awaited<ReturnType<typeof confirmStepUp>>>;
export async function verifyWithPasskey(purpose: PasskeyPurpose) {
  try {
    const options = await callEndpoint(passkeySecondFactorOptionsRoute, {
      fallback: 'Could not start the passkey check. Try again.',
    });
    const response = await startAuthentication({ optionsJSON: requestOptionsOf(options) });
    return purpose === 'second-factor'
      ? await confirmSecondFactor(response)
      : await confirmStepUp(response);
  } catch (error) {
    throw asPasskeyError(error);
  }
}

type AssertionJson = Awaited<ReturnType<typeof startAuthentication>>;

const confirmSecondFactor = (response: AssertionJson) =>
  callEndpoint(passkeySecondFactorRoute, {
    body: { response },
    fallback: 'The passkey could not be verified. Try again.',
  });

const confirmStepUp = (response: AssertionJson) =>
  callEndpoint(passkeyStepUpRoute, {
    body: { response },
    fallback: 'The passkey could not be verified. Try again.',
  });
