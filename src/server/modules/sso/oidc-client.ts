import * as client from 'openid-client';
import type { AppDeps } from '../../app-deps';
import { unsealSecret } from '../../security/sealed-secret';
import type { ProviderRow } from './sso.repository';

/**
 * How much the provider's clock and ours may disagree when the ID token's times are checked
 * (exp, nbf, iat): a minute. openid-client's default is 30 seconds; we say ours out loud.
 */
export const CLOCK_TOLERANCE_SECONDS = 60;
/** How long a provider's discovery document is kept before it is asked again. */
const METADATA_TTL_MS = 5 * 60_000;
const DISCOVERY_TIMEOUT_SECONDS = 5;

const cache = new Map<string, { metadata: client.ServerMetadata; until: number }>();

/** Plain http: the contract allows it only for a provider on the loopback address. */
function isPlainHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:';
}

/**
 * Asks the issuer for its OpenID Provider configuration; openid-client checks that the document
 * names the same issuer. Throws when it cannot be reached or is not an OpenID Provider.
 */
export async function discoverIssuer(issuer: string): Promise<client.ServerMetadata> {
  const config = await client.discovery(new URL(issuer), 'carebook', undefined, undefined, {
    timeout: DISCOVERY_TIMEOUT_SECONDS,
    ...(isPlainHttp(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
  });
  const metadata = config.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
    throw new Error('The discovery document lacks an authorization, token or keys endpoint.');
  }
  return metadata;
}

async function metadataOf(provider: ProviderRow, now: number) {
  const key = `${provider.id}:${provider.version}:${provider.issuer}`;
  const hit = cache.get(key);
  if (hit && hit.until > now) return hit.metadata;
  const metadata = await discoverIssuer(provider.issuer);
  cache.set(key, { metadata, until: now + METADATA_TTL_MS });
  return metadata;
}

/** The provider's discovery document (kept for a few minutes, as for signing in). */
export const providerMetadata = (provider: ProviderRow) => metadataOf(provider, Date.now());

/**
 * The openid-client configuration of a provider, with its client secret unsealed and the app's
 * clock: openid-client reads the real clock, so the difference from `deps.now()` is given as
 * its clock skew. Every time the app's clock is trusted, tests and audits included.
 */
export async function configurationOf(
  deps: Pick<AppDeps, 'config' | 'now'>,
  provider: ProviderRow,
): Promise<client.Configuration> {
  const metadata = await metadataOf(provider, Date.now());
  const skew = Math.round((deps.now().getTime() - Date.now()) / 1000);
  const config = new client.Configuration(
    metadata,
    provider.clientId,
    {
      [client.clockSkew]: skew,
      [client.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
    },
    clientAuthentication(
      metadata,
      unsealSecret(provider.clientSecret, deps.config.ACCOUNT_SECRETS_KEY),
    ),
  );
  if (isPlainHttp(provider.issuer)) client.allowInsecureRequests(config);
  // openid-client trusts an ID token from the token endpoint on TLS alone (OpenID Connect Core
  // 3.1.3.7 allows it); we check its signature against the provider's keys as well.
  client.enableNonRepudiationChecks(config);
  return config;
}

/**
 * HTTP Basic where the provider takes it (the default of OpenID Connect when it says nothing),
 * else the secret in the body.
 */
function clientAuthentication(metadata: client.ServerMetadata, secret: string) {
  const methods = metadata.token_endpoint_auth_methods_supported;
  return !methods || methods.includes('client_secret_basic')
    ? client.ClientSecretBasic(secret)
    : client.ClientSecretPost(secret);
}

/** The app's clock as openid-client counts it: whole seconds. */
export function epochSeconds(deps: Pick<AppDeps, 'now'>): number {
  return Math.floor(deps.now().getTime() / 1000);
}
