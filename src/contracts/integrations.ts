import { z } from 'zod';
import { clinicLabel, idParams, namedRef, safeText, uuidParam } from './common';
import { defineEndpoint } from './endpoint';
import {
  createApiTokenRoute,
  listApiTokensRoute,
  revokeApiTokenRoute,
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
