import { z } from 'zod';
import { roleSchema } from './auth';
import { clinicLabel, idParams, safeText, uuidParam } from './common';
import { defineEndpoint } from './endpoint';
import {
  archiveIdentityProviderRoute,
  createIdentityProviderRoute,
  finishSsoSignInRoute,
  ssoBackchannelLogoutRoute,
  listIdentityProvidersRoute,
  startSsoSignInRoute,
  updateIdentityProviderRoute,
} from './routes/sso';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An OpenID Provider's issuer identifier: https, or http on this machine's loopback address (a
 * provider beside the app, and the tests'). No query or fragment (OpenID Connect Discovery §2).
 */
export const issuerUrl = z
  .string()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an https:// address' }))
  .refine(
    (value) => {
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return url.protocol === 'https:' || LOOPBACK_HOSTS.has(url.hostname);
    },
    { error: 'must be an https:// address' },
  )
  .refine(
    (value) => {
      if (!URL.canParse(value)) return true;
      const url = new URL(value);
      return !url.search && !url.hash && !url.username && !url.password;
    },
    { error: 'must not carry a query, fragment, user name or password' },
  )
  .transform((value) => value.replace(/\/+$/, ''));

const emailDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, {
    error: 'must be a domain such as north-clinic.org',
  });

const clinicIdList = z
  .array(uuidParam)
  .min(1, 'choose at least one clinic')
  .max(100)
  .transform((ids) => [...new Set(ids)]);

export const groupMappingSchema = z.object({
  group: safeText(200).pipe(z.string().min(1, 'name the group')),
  role: roleSchema,
  clinicIds: clinicIdList,
});
export type GroupMappingInput = z.output<typeof groupMappingSchema>;

export const identityProviderBody = z.object({
  name: safeText(120).pipe(z.string().min(1, 'name the identity provider')),
  issuer: issuerUrl,
  clientId: safeText(300).pipe(z.string().min(1, 'give the client id')),
  /** Left out (or empty) when changing a provider: the stored secret stays. */
  clientSecret: z
    .string()
    .max(500)
    .refine((s) => !s.includes('\u0000'), 'must not contain NUL characters')
    .optional(),
  clinicIds: clinicIdList,
  emailDomains: z
    .array(emailDomain)
    .max(50)
    .transform((domains) => [...new Set(domains)]),
  groupMappings: z.array(groupMappingSchema).max(100),
  createUsers: z.boolean().default(false),
  linkByEmail: z.boolean().default(false),
  ssoOnly: z.boolean().default(false),
});
export type IdentityProviderBody = z.input<typeof identityProviderBody>;
export type IdentityProviderInput = z.output<typeof identityProviderBody>;

export const identityProviderView = z.object({
  id: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecret: z
    .literal('set')
    .describe('The secret is never sent back once saved: "set" says that there is one.'),
  clinics: z.array(clinicLabel),
  emailDomains: z.array(z.string()),
  groupMappings: z.array(
    z.object({ group: z.string(), role: roleSchema, clinicIds: z.array(z.string()) }),
  ),
  createUsers: z.boolean(),
  linkByEmail: z.boolean(),
  ssoOnly: z.boolean(),
  /** The redirect URI to register at the provider for this app. */
  redirectUri: z.string(),
  /** The address to register as the post-logout redirect URI. */
  postLogoutRedirectUri: z.string(),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type IdentityProviderView = z.infer<typeof identityProviderView>;

export const identityProvidersResponse = z.object({ data: z.array(identityProviderView) });

const forAdmins = { tag: 'Admin', access: { roles: ['admin'] } } as const;

export const listIdentityProvidersEndpoint = defineEndpoint({
  ...forAdmins,
  ...listIdentityProvidersRoute,
  summary:
    'The identity providers staff sign in through, of which the admin administers every clinic',
  responses: { 200: identityProvidersResponse },
});

export const createIdentityProviderEndpoint = defineEndpoint({
  ...forAdmins,
  ...createIdentityProviderRoute,
  summary: 'Connect an OpenID Provider for single sign-on',
  description:
    'Each clinic must be one of the admin’s (else 404), and so must each group mapping’s. The ' +
    'issuer is asked for its OpenID Provider configuration first: one that cannot be reached or ' +
    'is not an OpenID Provider is refused (422).',
  body: identityProviderBody,
  responses: { 201: identityProviderView },
  errors: [404, 422],
});

export const updateIdentityProviderEndpoint = defineEndpoint({
  ...forAdmins,
  ...updateIdentityProviderRoute,
  summary: 'Change an identity provider; a secret left out stays as it was',
  description: 'Only an admin of all the provider’s clinics sees or changes it (else 404).',
  params: idParams,
  body: identityProviderBody,
  responses: { 200: identityProviderView },
  errors: [404, 409, 422],
});

export const archiveIdentityProviderEndpoint = defineEndpoint({
  ...forAdmins,
  ...archiveIdentityProviderRoute,
  summary: 'Archive an identity provider: nobody signs in through it any more',
  description:
    'Its accounts stay, with their links; those that had only single sign-on need a password ' +
    'or another provider to sign in again.',
  params: idParams,
  responses: { 200: identityProviderView },
  errors: [404],
});

const queryText = (max: number) => z.string().max(max).optional();

export const ssoStartQuery = z.object({
  email: queryText(320),
  provider: queryText(100),
  next: queryText(2000),
});

const browserRedirect = z
  .null()
  .describe(
    'A redirect: to the identity provider, or back to /auth/login?sso_error=<code> with the ' +
      'reason, so the browser never lands on an error in JSON.',
  );

export const startSsoSignInEndpoint = defineEndpoint({
  ...startSsoSignInRoute,
  summary: 'Start signing in through the identity provider of an e-mail address (or by its id)',
  description:
    'Opened by the browser. Remembers the sign-in’s state, nonce and PKCE verifier for ten ' +
    'minutes, bound to this browser by a cookie, and sends the browser to the provider.',
  tag: 'Auth',
  access: 'public',
  query: ssoStartQuery,
  responses: { 302: browserRedirect },
  errors: [429],
});

export const ssoCallbackQuery = z.object({
  code: queryText(4000),
  state: queryText(1000),
  iss: queryText(1000),
  error: queryText(200),
  error_description: queryText(1000),
  session_state: queryText(1000),
});

export const finishSsoSignInEndpoint = defineEndpoint({
  ...finishSsoSignInRoute,
  summary: 'Where the identity provider sends the browser back: checks its answer and signs in',
  description:
    'The state must be one this browser started and not yet used; the ID token must come from ' +
    'the provider’s issuer, for this client, with this sign-in’s nonce, signed by the provider ' +
    'and in date (60 seconds of clock difference are allowed), and its e-mail address verified.',
  tag: 'Auth',
  access: 'public',
  query: ssoCallbackQuery,
  responses: { 302: browserRedirect },
  errors: [429],
});

export const backchannelLogoutBody = z.object({
  /** The provider's signed logout token (OpenID Connect Back-Channel Logout 1.0). */
  logout_token: z.string().min(1).max(16_000),
});

export const ssoBackchannelLogoutEndpoint = defineEndpoint({
  ...ssoBackchannelLogoutRoute,
  summary: 'Where an identity provider posts a logout token: ends the sessions it began here',
  description:
    'OpenID Connect Back-Channel Logout 1.0, for the provider to register as its ' +
    'backchannel_logout_uri. The token (a form field) must be signed by a live provider’s keys, ' +
    'name its issuer and our client id, be at most five minutes old, carry the back-channel ' +
    'logout event and no nonce, a sub or sid, and a jti not seen before. The sessions of that ' +
    'provider session (sid) or of that person (sub) end. A token that fails a check is refused ' +
    'with 400 and ends nothing.',
  tag: 'Auth',
  access: 'public',
  body: backchannelLogoutBody,
  responses: { 200: z.object({ ended: z.number() }) },
  errors: [400, 429],
});
