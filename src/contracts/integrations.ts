import { z } from 'zod';
import { clinicLabel, idParams, namedRef, safeText, uuidParam } from './common';
import { defineEndpoint } from './endpoint';
import {
  createApiTokenRoute,
  createSmartClientRoute,
  listApiTokensRoute,
  listSmartClientsRoute,
  revokeApiTokenRoute,
  revokeSmartClientRoute,
} from './routes/integrations';

/** What a token may do with the FHIR API: read, or read and write (book, cancel, add patients). */
export const API_TOKEN_SCOPE_SETS = {
  read: ['read'],
  readWrite: ['read', 'write'],
} as const;

export const apiTokenScope = z.enum(['read', 'write']);
export type ApiTokenScopeView = z.infer<typeof apiTokenScope>;

const scopesField = z.union(
  [z.tuple([z.literal('read')]), z.tuple([z.literal('read'), z.literal('write')])],
  { error: 'must be ["read"] or ["read", "write"]' },
);

export const API_TOKEN_NAME_MAX = 100;

export const createApiTokenBody = z.object({
  name: safeText(API_TOKEN_NAME_MAX).pipe(z.string().min(1, 'is required')),
  clinicIds: z
    .array(uuidParam)
    .min(1, 'choose at least one clinic')
    .max(100)
    .transform((ids) => [...new Set(ids)]),
  scopes: scopesField,
  /**
   * Whether its Appointments carry the patient's visit link, whose token moves and cancels the
   * visit (ADR 030). Off unless asked for.
   */
  visitLinks: z.boolean().default(false),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBody>;

/** The secret is in this answer only: the server keeps its hash, and nobody can see it again. */
export const createdApiToken = z.object({
  id: z.string(),
  token: z.string().describe('The secret, to send as `Authorization: Bearer <token>`.'),
});
export type CreatedApiToken = z.infer<typeof createdApiToken>;

/** A token as an admin sees it: never its secret, and only the clinics the admin manages. */
export const apiTokenView = z.object({
  id: z.string(),
  name: z.string(),
  clinics: z.array(clinicLabel),
  /** Clinics it covers that this admin does not manage, by count only. */
  otherClinics: z.number().int(),
  /** Whether this admin administers all its clinics, and so may revoke it (ADR 030). */
  canManage: z.boolean(),
  scopes: z.array(apiTokenScope),
  visitLinks: z.boolean(),
  createdAt: z.string(),
  createdBy: namedRef.nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenView>;

export const apiTokensResponse = z.object({ data: z.array(apiTokenView) });
export type ApiTokensResponse = z.infer<typeof apiTokensResponse>;

const forAdmins = { tag: 'Admin', access: { roles: ['admin'] } } as const;

export const createApiTokenEndpoint = defineEndpoint({
  ...forAdmins,
  ...createApiTokenRoute,
  summary: 'Create an integration token for the FHIR API; its secret is shown only in this answer',
  description:
    'The token sees the given clinics (each must be one of the admin’s, else 404) and reads, or ' +
    'reads and writes. Other systems send it as `Authorization: Bearer <token>` to /fhir/R4.',
  body: createApiTokenBody,
  responses: { 201: createdApiToken },
  errors: [404],
});

export const listApiTokensEndpoint = defineEndpoint({
  ...forAdmins,
  ...listApiTokensRoute,
  summary: 'The integration tokens of the admin’s clinics, revoked ones included, with last use',
  responses: { 200: apiTokensResponse },
});

export const revokeApiTokenEndpoint = defineEndpoint({
  ...forAdmins,
  ...revokeApiTokenRoute,
  summary: 'Revoke an integration token: it stops working at once (revoking again changes nothing)',
  description:
    'Only an admin of all the token’s clinics may revoke it (else 403); ask one of them to.',
  params: idParams,
  responses: { 200: apiTokenView },
  errors: [403, 404],
});

/**
 * A SMART system scope (ADR 059): `system/` a resource type or `*`, then v1's `read`, `write`
 * or `*`, or v2's permission letters in the order `cruds` (at least one).
 */
export const SMART_SCOPE =
  /^system\/(\*|[A-Z][A-Za-z]{1,63})\.(read|write|\*|(?=[cruds])c?r?u?d?s?)$/;

/** Scopes an admin may start from in the form; any other well-formed scope may be typed. */
export const SMART_SCOPE_EXAMPLES = [
  'system/Appointment.rs',
  'system/Patient.rs',
  'system/*.rs',
  'system/*.cruds',
] as const;

/** A public key of a client's JWKS: RSA or EC, with the kid its assertions name; never a private key. */
const publicJwk = z
  .looseObject({
    kty: z.enum(['RSA', 'EC'], { error: 'kty must be RSA or EC' }),
    kid: z.string().min(1, 'each key needs a kid').max(200),
  })
  .refine(
    (key) => !('d' in key),
    'a JWKS must hold public keys only; this one has a private part (d)',
  );

export const smartJwks = z.object({
  keys: z.array(publicJwk).min(1, 'the JWKS needs at least one key').max(20),
});

export const createSmartClientBody = z
  .object({
    name: safeText(API_TOKEN_NAME_MAX).pipe(z.string().min(1, 'is required')),
    clinicIds: z
      .array(uuidParam)
      .min(1, 'choose at least one clinic')
      .max(100)
      .transform((ids) => [...new Set(ids)]),
    scopes: z
      .array(
        z.string().regex(SMART_SCOPE, 'must be a SMART system scope such as system/Appointment.rs'),
      )
      .min(1, 'choose at least one scope')
      .max(50)
      .transform((scopes) => [...new Set(scopes)]),
    /** The client's public keys, pasted in; or jwksUrl, where the server reads them. */
    jwks: smartJwks.optional(),
    jwksUrl: z
      .url('must be an http or https address')
      .max(2000)
      .refine((u) => /^https?:\/\//i.test(u), 'must be an http or https address')
      .optional(),
  })
  .refine((b) => (b.jwks === undefined) !== (b.jwksUrl === undefined), {
    message: 'give the client’s public keys either as a JWKS or as a JWKS URL, not both',
    path: ['jwks'],
  });
export type CreateSmartClientBody = z.infer<typeof createSmartClientBody>;

/** A SMART client as an admin sees it: its client_id is its id. */
export const smartClientView = z.object({
  id: z.string(),
  clientId: z.string().describe('The client_id the system signs its assertions with (iss, sub).'),
  name: z.string(),
  clinics: z.array(clinicLabel),
  otherClinics: z.number().int(),
  canManage: z.boolean(),
  scopes: z.array(z.string()),
  jwksUrl: z.string().nullable(),
  /** The kid of each key given inline (none when the keys are read from jwksUrl). */
  keyIds: z.array(z.string()),
  createdAt: z.string(),
  createdBy: namedRef.nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type SmartClientView = z.infer<typeof smartClientView>;

export const smartClientsResponse = z.object({ data: z.array(smartClientView) });
export type SmartClientsResponse = z.infer<typeof smartClientsResponse>;

export const createSmartClientEndpoint = defineEndpoint({
  ...forAdmins,
  ...createSmartClientRoute,
  summary: 'Register a system that connects with SMART Backend Services (client credentials)',
  description:
    'The system signs a JWT with a key of its JWKS (RS384 or ES384) and exchanges it at the ' +
    'token endpoint (see /.well-known/smart-configuration) for an access token of at most the ' +
    'registered scopes, valid for 5 minutes, which sees only the given clinics (each must be one ' +
    'of the admin’s, else 404).',
  body: createSmartClientBody,
  responses: { 201: smartClientView },
  errors: [404],
});

export const listSmartClientsEndpoint = defineEndpoint({
  ...forAdmins,
  ...listSmartClientsRoute,
  summary: 'The SMART clients of the admin’s clinics, revoked ones included, with last use',
  responses: { 200: smartClientsResponse },
});

export const revokeSmartClientEndpoint = defineEndpoint({
  ...forAdmins,
  ...revokeSmartClientRoute,
  summary:
    'Revoke a SMART client: no new token is issued to it, and its tokens stop working at once',
  description:
    'Only an admin of all the client’s clinics may revoke it (else 403); ask one of them to.',
  params: idParams,
  responses: { 200: smartClientView },
  errors: [403, 404],
});
