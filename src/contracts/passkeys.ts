import { z } from 'zod';
import { sessionResponse, sessionUser, okResponse } from './auth';
import { idParams, safeText } from './common';
import { defineEndpoint } from './endpoint';
import {
  listPasskeysRoute,
  passkeyRegistrationOptionsRoute,
  passkeySecondFactorOptionsRoute,
  passkeySecondFactorRoute,
  passkeySignInOptionsRoute,
  passkeySignInRoute,
  passkeyStepUpRoute,
  registerPasskeyRoute,
  removePasskeyRoute,
  renamePasskeyRoute,
} from './routes/passkeys';

// Passkeys (WebAuthn, ADR 049): the options the browser hands to navigator.credentials and the
// answers it sends back are WebAuthn's own JSON (the W3C's toJSON forms, as SimpleWebAuthn reads
// and writes them). Only their envelope is checked here; the signature, challenge, origin and
// relying party are checked by the server's WebAuthn verification.

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

export const PASSKEY_NAME_MAX = 80;
export const passkeyName = safeText(PASSKEY_NAME_MAX).pipe(z.string().min(1, 'is required'));

/** A credential id: at most 1023 bytes (WebAuthn Level 3), 1364 characters as base64url. */
const credentialId = base64url(1364);

/** The extension outputs we read (none decide anything yet); others are dropped. */
const clientExtensionResults = z
  .object({
    appid: z.boolean().optional(),
    credProps: z.object({ rk: z.boolean().optional() }).optional(),
    hmacCreateSecret: z.boolean().optional(),
  })
  .default({});
const authenticatorAttachment = z.enum(['platform', 'cross-platform']).optional();

/** What navigator.credentials.create() gave, as JSON (RegistrationResponseJSON). */
export const registrationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8_192),
    attestationObject: base64url(65_536),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults,
  authenticatorAttachment,
});

/** What navigator.credentials.get() gave, as JSON (AuthenticationResponseJSON). */
export const authenticationResponse = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8_192),
    authenticatorData: base64url(8_192),
    signature: base64url(1_024),
    userHandle: base64url(128).optional(),
  }),
  clientExtensionResults,
  authenticatorAttachment,
});

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
});

/** PublicKeyCredentialCreationOptionsJSON, for navigator.credentials.create(). */
export const passkeyCreationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.string() })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.string().optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.string().optional(),
      userVerification: z.string().optional(),
    })
    .optional(),
  hints: z.array(z.string()).optional(),
  attestation: z.string().optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptions>;

/** PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get(). */
export const passkeyRequestOptions = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.string().optional(),
  hints: z.array(z.string()).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptions>;

/** A passkey as its owner sees it in their settings: never its key. */
export const passkeyView = z.object({
  id: z.string(),
  name: z.string(),
  /** 'multiDevice': synced between the user's devices (a backup-eligible credential). */
  deviceType: z.enum(['singleDevice', 'multiDevice']).nullable(),
  backedUp: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyView = z.infer<typeof passkeyView>;

export const passkeysResponse = z.object({ data: z.array(passkeyView) });

/** The passkey added; with the signed-in user when adding it finished a sign-in that had to set up a second factor. */
export const registeredPasskey = passkeyView.extend({ user: sessionUser.optional() });
export type RegisteredPasskey = z.infer<typeof registeredPasskey>;

export const registerPasskeyBody = z.object({
  response: registrationResponse,
  /** The user's name for it; "Passkey" (numbered after the first) when left out. */
  name: passkeyName.optional(),
});
export type RegisterPasskeyBody = z.infer<typeof registerPasskeyBody>;

export const renamePasskeyBody = z.object({ name: passkeyName });

export const passkeyAssertionBody = z.object({ response: authenticationResponse });
export type PasskeyAssertionBody = z.infer<typeof passkeyAssertionBody>;

export const stepUpResponse = z.object({
  ok: z.literal(true),
  secondFactorAt: z.string().describe('When the step-up was given; it counts for ten minutes.'),
});

export const listPasskeysEndpoint = defineEndpoint({
  ...listPasskeysRoute,
  summary: 'One’s own passkeys',
  tag: 'Auth',
  access: 'authenticated',
  responses: { 200: passkeysResponse },
});

export const passkeyRegistrationOptionsEndpoint = defineEndpoint({
  ...passkeyRegistrationOptionsRoute,
  summary: 'Start adding a passkey: the options for navigator.credentials.create()',
  description:
    'The challenge is bound to this session, valid five minutes and used once. Passkeys the user already has are excluded. Also for a sign-in that must set up a second factor.',
  tag: 'Auth',
  access: 'authenticated',
  signingIn: true,
  responses: { 200: passkeyCreationOptions },
});

export const registerPasskeyEndpoint = defineEndpoint({
  ...registerPasskeyRoute,
  summary: 'Finish adding a passkey: verify the authenticator’s answer and keep its public key',
  description:
    'During a sign-in that had to set up a second factor, this also finishes the sign-in, replaces the session cookie and answers the signed-in user.',
  tag: 'Auth',
  access: 'authenticated',
  signingIn: true,
  body: registerPasskeyBody,
  responses: { 201: registeredPasskey },
  errors: [409],
});

export const renamePasskeyEndpoint = defineEndpoint({
  ...renamePasskeyRoute,
  summary: 'Rename one of one’s own passkeys',
  tag: 'Auth',
  access: 'authenticated',
  params: idParams,
  body: renamePasskeyBody,
  responses: { 200: passkeyView },
  errors: [404],
});

export const removePasskeyEndpoint = defineEndpoint({
  ...removePasskeyRoute,
  summary: 'Remove one of one’s own passkeys',
  description:
    'Refused (422) when it is the user’s last second factor and a clinic of theirs requires one.',
  tag: 'Auth',
  access: 'authenticated',
  params: idParams,
  responses: { 200: okResponse },
  errors: [404, 422],
});

export const passkeySecondFactorOptionsEndpoint = defineEndpoint({
  ...passkeySecondFactorOptionsRoute,
  summary: 'The options for confirming with a passkey: a second factor, or a step-up',
  description:
    'For a session waiting for its second factor, or a signed-in one about to step up. Only the user’s own passkeys are allowed; the challenge is bound to this session, valid five minutes and used once.',
  tag: 'Auth',
  access: 'authenticated',
  signingIn: true,
  responses: { 200: passkeyRequestOptions },
  errors: [409],
});

export const passkeySecondFactorEndpoint = defineEndpoint({
  ...passkeySecondFactorRoute,
  summary: 'Give a passkey as the second factor and finish signing in',
  description:
    'The session waiting for its second factor ends and a whole one starts under a new cookie.',
  tag: 'Auth',
  access: 'authenticated',
  signingIn: true,
  body: passkeyAssertionBody,
  responses: { 200: sessionResponse },
  errors: [409],
});

export const passkeyStepUpEndpoint = defineEndpoint({
  ...passkeyStepUpRoute,
  summary: 'Confirm with a passkey before a sensitive change (step-up)',
  tag: 'Auth',
  access: 'authenticated',
  body: passkeyAssertionBody,
  responses: { 200: stepUpResponse },
});

export const passkeySignInOptionsEndpoint = defineEndpoint({
  ...passkeySignInOptionsRoute,
  summary: 'Start signing in with a passkey alone: the options for navigator.credentials.get()',
  description:
    'No credentials are listed: the authenticator offers its discoverable passkeys for this site. Valid five minutes, used once.',
  tag: 'Auth',
  access: 'public',
  responses: { 200: passkeyRequestOptions },
  errors: [429],
});

export const passkeySignInEndpoint = defineEndpoint({
  ...passkeySignInRoute,
  summary: 'Sign in with a passkey alone, where every clinic of the user allows it',
  description:
    'A passkey verified with its user verification counts as both factors (ADR 049). Any refusal is the same 401.',
  tag: 'Auth',
  access: 'public',
  body: passkeyAssertionBody,
  responses: { 200: sessionResponse },
  errors: [401, 429],
});
