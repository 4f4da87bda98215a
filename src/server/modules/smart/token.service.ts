import { createHash, randomBytes } from 'node:crypto';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  errors as joseErrors,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose';
import { smartJwks } from '@contracts/integrations';
import type { AppDeps } from '../../app-deps';
import { recordAudit } from '../audit';
import { guardedFetch } from '../webhooks';
import * as repo from './smart-clients.repository';
import { grantScopes, parseScope, parseScopeList, scopeText } from './scopes';

/** Where the token endpoint is (advertised in /.well-known/smart-configuration). */
export const TOKEN_PATH = '/oauth/token';
/** What an access token lives for; the client asks for another with a fresh assertion. */
export const ACCESS_TOKEN_SECONDS = 300;
/** How far ahead an assertion may expire (SMART: no more than five minutes). */
const MAX_ASSERTION_SECONDS = 300;
export const ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
export const SIGNING_ALGORITHMS = ['RS384', 'ES384'];
/** A SMART access token says what it is, as an integration token's `cbk_` does. */
export const ACCESS_TOKEN_PREFIX = 'smt_';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const tokenUrlOf = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${TOKEN_PATH}`;
export const accessTokenHashOf = (secret: string) =>
  createHash('sha256').update(secret).digest('hex');

/** A refusal as RFC 6749 §5.2 words it, with a sentence a person can act on. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'invalid_scope'
      | 'unsupported_grant_type',
    readonly description: string,
  ) {
    super(description);
  }
}

const invalidClient = (description: string) => new OAuthError(401, 'invalid_client', description);

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

/** A client's JWKS read from its URL, kept a few minutes so each token does not fetch it. */
const JWKS_CACHE_MS = 5 * 60_000;
const jwksCache = new Map<string, { url: string; at: number; jwks: JSONWebKeySet }>();

async function fetchJwks(deps: AppDeps, url: string): Promise<JSONWebKeySet> {
  const fetchGuarded = guardedFetch({
    allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS,
    maxBytes: 256 * 1024,
    userAgent: 'Carebook-SMART/1',
  });
  let body: unknown;
  try {
    const res = await fetchGuarded(url, { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`it answered ${res.status}`);
    body = await res.json();
  } catch (err) {
    throw invalidClient(
      `The client's JWKS could not be read from ${url}: ${err instanceof Error ? err.message : String(err)}.`,
    );
  }
  const parsed = smartJwks.safeParse(body);
  if (!parsed.success) {
    throw invalidClient(
      `The client's JWKS at ${url} is not a set of public RSA or EC keys each with a kid.`,
    );
  }
  return parsed.data as JSONWebKeySet;
}

async function keysOf(
  deps: AppDeps,
  client: repo.SmartClientRow,
  kid: string,
): Promise<JSONWebKeySet> {
  if (client.jwks) return client.jwks as JSONWebKeySet;
  const url = client.jwksUrl!;
  const cached = jwksCache.get(client.id);
  const fresh = cached && cached.url === url && Date.now() - cached.at < JWKS_CACHE_MS;
  // A kid the cached set lacks may be a new key: the set is read again.
  if (fresh && cached.jwks.keys.some((k) => k.kid === kid)) return cached.jwks;
  const jwks = await fetchJwks(deps, url);
  jwksCache.set(client.id, { url, at: Date.now(), jwks });
  return jwks;
}

/** Why jose refused the assertion, in words the client's developer can act on. */
function refusalOf(err: unknown, tokenUrl: string, kid: string): OAuthError {
  if (err instanceof OAuthError) return err;
  if (err instanceof joseErrors.JWKSNoMatchingKey) {
    return invalidClient(
      `No key of the client's JWKS has the kid "${kid}" with the assertion's algorithm.`,
    );
  }
  if (err instanceof joseErrors.JWTExpired)
    return invalidClient('The client assertion has expired.');
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    if (err.claim === 'aud') {
      return invalidClient(
        `The client assertion's aud must be the token endpoint's URL exactly: ${tokenUrl}.`,
      );
    }
    if (err.claim === 'iss' || err.claim === 'sub') {
      return invalidClient("The client assertion's iss and sub must both be the client_id.");
    }
    if (err.claim === 'nbf' || err.claim === 'iat') {
      return invalidClient('The client assertion is not valid yet: check the signing clock.');
    }
    return invalidClient(`The client assertion's ${err.claim} claim is missing or not valid.`);
  }
  if (err instanceof joseErrors.JOSEAlgNotAllowed) {
    return invalidClient(
      `The client assertion must be signed with ${SIGNING_ALGORITHMS.join(' or ')}.`,
    );
  }
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) {
    return invalidClient("The client assertion's signature does not match the client's key.");
  }
  return invalidClient('The client assertion is not a valid signed JWT.');
}

const field = (form: Record<string, unknown>, name: string): string | undefined => {
  const value = form[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' && first !== '' ? first : undefined;
};

/**
 * The token endpoint (SMART Backend Services, client_credentials with private_key_jwt): checks
 * the client assertion (iss = sub = client_id, aud = this endpoint's URL, exp at most five
 * minutes ahead, a jti never used before while it could be replayed, signed with a key of the
 * client's JWKS found by its kid) and issues a 5-minute access token for the requested scopes
 * cut down to the registered ones. Every refusal is an OAuthError.
 */
export async function issueAccessToken(
  deps: AppDeps,
  form: Record<string, unknown>,
  ip: string,
): Promise<TokenResponse> {
  const grantType = field(form, 'grant_type');
  if (!grantType)
    throw new OAuthError(400, 'invalid_request', 'Send grant_type=client_credentials.');
  if (grantType !== 'client_credentials') {
    throw new OAuthError(
      400,
      'unsupported_grant_type',
      `This server issues tokens for grant_type=client_credentials only, not ${grantType}.`,
    );
  }
  if (field(form, 'client_assertion_type') !== ASSERTION_TYPE) {
    throw new OAuthError(400, 'invalid_request', `Send client_assertion_type=${ASSERTION_TYPE}.`);
  }
  const assertion = field(form, 'client_assertion');
  if (!assertion || assertion.length > 16_384) {
    throw new OAuthError(400, 'invalid_request', 'Send the signed JWT as client_assertion.');
  }
  const scopeParam = field(form, 'scope');
  if (!scopeParam) {
    throw new OAuthError(
      400,
      'invalid_scope',
      'Send the scopes wanted, such as scope=system/Appointment.rs.',
    );
  }

  let claims: ReturnType<typeof decodeJwt>;
  let kid: string | undefined;
  try {
    claims = decodeJwt(assertion);
    kid = decodeProtectedHeader(assertion).kid;
  } catch {
    throw invalidClient('The client assertion is not a valid signed JWT.');
  }
  const clientId = claims.iss;
  if (!clientId) throw invalidClient('The client assertion has no iss: it must be the client_id.');
  const client = UUID.test(clientId)
    ? await repo.findClient(deps.db.db, clientId.toLowerCase())
    : undefined;
  if (!client) throw invalidClient(`No client is registered with the client_id ${clientId}.`);
  if (client.revokedAt)
    throw invalidClient('This client has been revoked by an admin of its clinics.');
  if (!kid)
    throw invalidClient(
      'The client assertion has no kid in its header: name the key it is signed with.',
    );

  const tokenUrl = tokenUrlOf(deps.config.PUBLIC_URL);
  const now = deps.now();
  let exp: number;
  let jti: string;
  try {
    const keys = await keysOf(deps, client, kid);
    const verified = await jwtVerify(assertion, createLocalJWKSet(keys), {
      issuer: clientId,
      subject: clientId,
      audience: tokenUrl,
      algorithms: SIGNING_ALGORITHMS,
      currentDate: now,
      requiredClaims: ['exp', 'jti'],
    });
    exp = verified.payload.exp!;
    jti = verified.payload.jti!;
  } catch (err) {
    throw refusalOf(err, tokenUrl, kid);
  }
  if (exp * 1000 - now.getTime() > MAX_ASSERTION_SECONDS * 1000) {
    throw invalidClient('The client assertion must expire within five minutes of now.');
  }
  if (jti.length > 200)
    throw invalidClient("The client assertion's jti is longer than 200 characters.");

  const requested = parseScopeList(scopeParam);
  if (requested.malformed.length > 0) {
    throw new OAuthError(
      400,
      'invalid_scope',
      `${requested.malformed.join(', ')}: not a SMART system scope (such as system/Appointment.rs or system/*.read).`,
    );
  }
  const registered = client.scopes.map((s) => parseScope(s)).filter((s) => s !== null);
  const granted = grantScopes(requested.scopes, registered);
  if (granted.length === 0) {
    throw new OAuthError(
      400,
      'invalid_scope',
      `This client is registered for ${client.scopes.join(' ')}: none of ${scopeParam} is among them.`,
    );
  }

  const secret = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const scope = scopeText(granted);
  await deps.db.db.transaction(async (tx) => {
    // The jti is remembered in the database, so a replay is refused on every instance.
    const fresh = await repo.rememberJti(tx, client.id, jti, new Date(exp * 1000), now);
    if (!fresh) {
      throw invalidClient(
        'This client assertion was already used: sign a new one with a fresh jti.',
      );
    }
    await repo.insertAccessToken(tx, {
      tokenHash: accessTokenHashOf(secret),
      clientId: client.id,
      scopes: granted.map((s) => scopeText([s])),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
    });
    await recordAudit(
      tx,
      { userId: client.id, ip },
      [
        {
          action: 'sign_in',
          entityType: 'smart_client',
          entityId: client.id,
          patientId: null,
          details: { scope },
        },
      ],
      now,
    );
  });
  return { access_token: secret, token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS, scope };
}
