// The zod-free part of each passkey contract (ADR 049): enough for the web app to call it
// without loading the schemas. The contract in ../passkeys.ts spreads its route.
import { defineRoute } from '../endpoint';

export const passkeyPaths = {
  list: '/api/auth/passkeys',
  one: '/api/auth/passkeys/:id',
  registrationOptions: '/api/auth/passkeys/registration-options',
  secondFactorOptions: '/api/auth/passkeys/second-factor-options',
  secondFactor: '/api/auth/passkeys/second-factor',
  stepUp: '/api/auth/passkeys/step-up',
  signInOptions: '/api/auth/passkeys/sign-in-options',
  signIn: '/api/auth/passkeys/sign-in',
} as const;

export const listPasskeysRoute = defineRoute({
  method: 'GET',
  path: passkeyPaths.list,
  operationId: 'listPasskeys',
});

export const passkeyRegistrationOptionsRoute = defineRoute({
  method: 'POST',
  path: passkeyPaths.registrationOptions,
  operationId: 'passkeyRegistrationOptions',
});

export const registerPasskeyRoute = defineRoute({
  method: 'POST',
  path: passkeyPaths.list,
  operationId: 'registerPasskey',
});

export const renamePasskeyRoute = defineRoute({
  method: 'PATCH',
  path: passkeyPaths.one,
  operationId: 'renamePasskey',
});

export const removePasskeyRoute = defineRoute({
  method: 'DELETE',
  path: passkeyPaths.one,
  operationId: 'removePasskey',
});

export const passkeySecondFactorOptionsRoute = defineRoute({
  method: 'POST',
  path: passkeyPaths.secondFactorOptions,
  operationId: 'passkeySecondFactorOptions',
});

export const passkeySecondFactorRoute = defineRoute({
  method: 'POST',
  path: passkeyPaths.secondFactor,
  operationId: 'passkeySecondFactor',
});

export const passkeyStepUpRoute = defineRoute({
  method: 'POST',
  path: passkeyPaths.stepUp,
  operationId: 'passkeyStepUp',
});

export const passkeySignInOptionsRoute = defineRoute({
  method: 'POST',
  path: passkeyPaths.signInOptions,
  operationId: 'passkeySignInOptions',
});

export const passkeySignInRoute = defineRoute({
  method: 'POST',
  path: passkeyPaths.signIn,
  operationId: 'passkeySignIn',
});
