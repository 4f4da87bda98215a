import { createHash, randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { emailDomainOf } from '@domain/sso-groups';
import type { SsoErrorCode } from '@domain/sso-errors';
import type { AppDeps } from '../../app-deps';
import { configurationOf } from './oidc-client';
import * as repo from './sso.repository';
import { redirectUri } from './sso-urls';

/** How long a sign-in sent to a provider may take to come back. */
export const SIGN_IN_MINUTES = 10;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

export type StartResult =
  { ok: true; location: string; browserCookie: string } | { ok: false; code: SsoErrorCode };

/**
 * Starts an authorization code flow with PKCE, state and nonce. The state is kept only by its
 * SHA-256 and bound to this browser by a random cookie (also kept by its hash): a callback with
 * a state this browser did not start is refused.
 */
export async function startSignIn(
  deps: AppDeps,
  input: { email?: string | undefined; providerId?: string | undefined; next: string | null },
): Promise<StartResult> {
  const provider = await findProvider(deps, input);
  if (!provider) return { ok: false, code: 'no_provider' };
  let config: client.Configuration;
  try {
    config = await configurationOf(deps, provider);
  } catch {
    return { ok: false, code: 'unavailable' };
  }
  const state = client.randomState();
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const browserCookie = randomBytes(32).toString('base64url');
  const now = deps.now();
  await repo.deleteExpiredSignIns(deps.db.db, now);
  await repo.insertSignIn(deps.db.db, {
    stateHash: sha256(state),
    providerId: provider.id,
    nonce,
    codeVerifier: verifier,
    browserHash: sha256(browserCookie),
    returnTo: input.next,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_MINUTES * 60_000),
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(deps.config),
    scope: scopeFor(config),
    response_type: 'code',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(input.email ? { login_hint: input.email } : {}),
  });
  return { ok: true, location: url.toString(), browserCookie };
}

async function findProvider(
  deps: AppDeps,
  input: { email?: string | undefined; providerId?: string | undefined },
) {
  if (input.providerId) {
    if (!/^[0-9a-f-]{36}$/i.test(input.providerId)) return undefined;
    return repo.findLiveProvider(deps.db.db, input.providerId.toLowerCase());
  }
  const domain = emailDomainOf(input.email ?? '');
  if (!domain) return undefined;
  const [provider] = await repo.liveProvidersOfDomain(deps.db.db, domain);
  return provider;
}

/** The groups scope only where the provider offers it: some refuse a scope they do not know. */
function scopeFor(config: client.Configuration): string {
  const offered = config.serverMetadata().scopes_supported ?? [];
  return ['openid', 'email', 'profile', ...(offered.includes('groups') ? ['groups'] : [])].join(
    ' ',
  );
}
