import { startRegistration } from '@simplewebauthn/browser';
import {
  listPasskeysRoute,
  passkeyRegistrationOptionsRoute,
  registerPasskeyRoute,
  removePasskeyRoute,
  renamePasskeyRoute,
} from '@contracts/routes/passkeys';
import { callEndpoint } from '@web/lib/endpoint-client';
import { endpointQuery, useWriteThenRefresh } from '@web/lib/endpoint-queries';
import { asPasskeyError, creationOptionsOf } from '@web/lib/passkey-ceremony';
import { passkeyKeys } from '@web/queries/query-keys';

export const passkeysQuery = () =>
  endpointQuery(passkeyKeys.all, listPasskeysRoute, {
    fallback: 'Could not load your passkeys.',
  });

/** The whole ceremony: options from the server, the authenticator's answer, its verification. */
async function addPasskey(name: string | undefined) {
  try {
    const options = await callEndpoint(passkeyRegistrationOptionsRoute, {
      fallback: 'Could not start adding a passkey. Try again.',
    });
    const response = await startRegistration({ optionsJSON: creationOptionsOf(options) });
    return await callEndpoint(registerPasskeyRoute, {
      body: { response, ...(name ? { name } : {}) },
      fallback: 'The passkey could not be added. Try again.',
    });
  } catch (error) {
    throw asPasskeyError(error);
  }
}

export const useAddPasskey = () => useWriteThenRefresh(addPasskey, [passkeyKeys.all]);

export const useRenamePasskey = () =>
  useWriteThenRefresh(
    ({ id, name }: { id: string; name: string }) =>
      callEndpoint(renamePasskeyRoute, {
        params: { id },
        body: { name },
        fallback: 'Could not rename the passkey.',
      }),
    [passkeyKeys.all],
  );

export const useRemovePasskey = () =>
  useWriteThenRefresh(
    (id: string) =>
      callEndpoint(removePasskeyRoute, {
        params: { id },
        fallback: 'Could not remove the passkey.',
      }),
    [passkeyKeys.all],
  );
