import { startRegistration } from '@simplewebauthn/browser';
import { passkeyRegistrationOptionsRoute, registerPasskeyRoute } from '@contracts/routes/passkeys';
import { callEndpoint } from '@web/lib/endpoint-client';
import { asPasskeyError, creationOptionsOf } from '@web/lib/passkey-ceremony';

/**
 * A sign-in that must set up a second factor sets up a passkey (ADR 046, 049): the server adds it
 * and finishes the sign-in, answering the signed-in user.
 */
export async function enrolPasskey() {
  try {
    const options = await callEndpoint(passkeyRegistrationOptionsRoute, {
      fallback: 'Could not start adding a passkey. Try again.',
    });
    const response = await startRegistration({ optionsJSON: creationOptionsOf(options) });
    return await callEndpoint(registerPasskeyRoute, {
      body: { response },
      fallback: 'The passkey could not be added. Try again.',
    });
  } catch (error) {
    throw asPasskeyError(error);
  }
}
