import * as client from 'openid-client';
import type { AppDeps } from '../../app-deps';
import { recordAudit } from '../audit';
import {
  hasSecondFactor,
  secondFactorRequired,
  secondFactorsOf,
  startSession,
  type StartedSession,
} from '../auth';
import type { SessionStage } from '../../core/request-context';
import { CLOCK_TOLERANCE_SECONDS, configurationOf, epochSeconds } from './oidc-client';
import { refusalOf, SsoRefusal } from './refusal';
import { accountFor, type VerifiedPerson } from './sso-account';
import * as repo from './sso.repository';
import { redirectUri } from './sso-urls';
import { sha256 } from './start-sign-in';

/**
 * The authentication methods (RFC 8176) an ID token's `amr` may name that show the provider
 * checked more than a password (ADR 048): multi-factor, a one-time password, a hardware or
 * software key, a fingerprint.
 */
export const MULTI_FACTOR_AMR: readonly string[] = ['mfa', 'otp', 'hwk', 'swk', 'fpt'];

/** Whether the provider says it checked a second factor: its amr names one of MULTI_FACTOR_AMR. */
export function providerCheckedSecondFactor(amr: unknown): boolean {
  return (
    Array.isArray(amr) && amr.some((m) => typeof m === 'string' && MULTI_FACTOR_AMR.includes(m))
  );
}

/** An ID token issued longer ago than this (beside the tolerance) is not this sign-in's. */
const ID_TOKEN_MAX_AGE_SECONDS = 5 * 60;

export interface FinishInput {
  /** The query string the provider sent the browser back with, as it came. */
  search: string;
  state: string | undefined;
  /** The cookie the browser that started the sign-in was given. */
  browserCookie: string | undefined;
  ip: string;
  userAgent: string | null;
  presentedToken: string | undefined;
}

/**
 * The provider's answer checked and the person signed in, or a refusal with its reason. Nothing
 * changes unless every check passes: the link, a new account and the session commit together.
 */
export async function finishSignIn(
  deps: AppDeps,
  input: FinishInput,
): Promise<{ session: StartedSession; returnTo: string | null; stage: SessionStage }> {
  if (!input.state) throw new SsoRefusal('state', 'no state in the answer');
  const pending = await repo.takeSignIn(deps.db.db, sha256(input.state));
  if (!pending || pending.expiresAt <= deps.now()) {
    throw new SsoRefusal('state', 'unknown, used or expired state');
  }
  if (!input.browserCookie || sha256(input.browserCookie) !== pending.browserHash) {
    throw new SsoRefusal('browser', 'the state was started in another browser');
  }
  const provider = await repo.findLiveProvider(deps.db.db, pending.providerId);
  if (!provider) throw new SsoRefusal('no_provider', 'the provider was archived meanwhile');

  const person = await verifiedPerson(deps, provider, pending, input);
  const { session, stage } = await deps.db.db.transaction(async (tx) => {
    const user = await accountFor(deps, tx, provider, person.person, input.ip);
    // The provider's own authentication stands for both factors (ADR 048) where the clinic asks
    // for none, or where its amr shows it checked more than a password; otherwise the session
    // waits for ours, or for one to be set up, as after a password.
    const stage: SessionStage =
      person.multiFactor || !(await secondFactorRequired(tx, user))
        ? 'full'
        : hasSecondFactor(await secondFactorsOf(tx, user.id))
          ? 'second_factor'
          : 'enrol';
    const started = await startSession(deps, tx, {
      userId: user.id,
      method: 'sso',
      stage,
      ip: input.ip,
      userAgent: input.userAgent,
      replacing: input.presentedToken,
      identityProviderId: provider.id,
      idpSessionId: person.sid,
    });
    await recordAudit(
      tx,
      { userId: user.id, ip: input.ip },
      [
        {
          action: 'sign_in',
          entityType: 'user',
          entityId: user.id,
          patientId: null,
          details: {
            method: 'sso',
            identityProviderId: provider.id,
            amr: person.amr,
            ...(person.acr ? { acr: person.acr } : {}),
            ...(stage === 'full' ? {} : { secondFactorOwed: stage }),
          },
        },
      ],
      deps.now(),
    );
    return { session: started, stage };
  });
  return { session, returnTo: pending.returnTo, stage };
}

async function verifiedPerson(
  deps: AppDeps,
  provider: repo.ProviderRow,
  pending: { nonce: string; codeVerifier: string },
  input: FinishInput,
): Promise<{
  person: VerifiedPerson;
  sid: string | null;
  amr: string[];
  acr: string | null;
  multiFactor: boolean;
}> {
  let claims: Record<string, unknown>;
  let idTokenClaims: Record<string, unknown>;
  try {
    const config = await configurationOf(deps, provider);
    const currentUrl = new URL(redirectUri(deps.config));
    currentUrl.search = input.search;
    // Checks the state, the iss parameter, the code with its PKCE verifier, and the ID token's
    // signature, issuer, audience, nonce and expiry (within CLOCK_TOLERANCE_SECONDS).
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: input.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new SsoRefusal('invalid', 'no ID token');
    checkIssuedAt(deps, idToken.iat);
    claims = { ...idToken };
    idTokenClaims = { ...idToken };
    if (config.serverMetadata().userinfo_endpoint) {
      // Many providers give e-mail and groups only here; the subject must be the token's.
      const info = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      claims = { ...idToken, ...info, ...pick(idToken, ['iss', 'aud', 'sub', 'sid']) };
    }
  } catch (error) {
    throw refusalOf(error);
  }
  if (claims.email_verified !== true) {
    throw new SsoRefusal('email_unverified', 'email_verified is not true');
  }
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email.includes('@') || email.length > 254) {
    throw new SsoRefusal('email_unverified', 'no usable e-mail address');
  }
  return {
    person: {
      subject: String(claims.sub),
      email,
      name: nameOf(claims, email),
      groups: Array.isArray(claims.groups)
        ? claims.groups.filter((g): g is string => typeof g === 'string')
        : [],
    },
    sid: typeof claims.sid === 'string' ? claims.sid.slice(0, 200) : null,
    // How the person signed in at the provider, from the signed ID token only (never userinfo).
    amr: Array.isArray(idTokenClaims.amr)
      ? idTokenClaims.amr.filter((m): m is string => typeof m === 'string').slice(0, 10)
      : [],
    acr: typeof idTokenClaims.acr === 'string' ? idTokenClaims.acr.slice(0, 200) : null,
    multiFactor: providerCheckedSecondFactor(idTokenClaims.amr),
  };
}

/**
 * openid-client checks exp and nbf but not iat: a token issued in our future (beyond the
 * tolerance) means the clocks disagree too much to trust its times; one issued long ago is not
 * from this code exchange.
 */
function checkIssuedAt(deps: AppDeps, iat: number) {
  const now = epochSeconds(deps);
  if (iat > now + CLOCK_TOLERANCE_SECONDS) {
    throw new SsoRefusal('clock', `iat ${iat - now} s in the future`);
  }
  if (iat < now - ID_TOKEN_MAX_AGE_SECONDS - CLOCK_TOLERANCE_SECONDS) {
    throw new SsoRefusal('clock', `iat ${now - iat} s in the past`);
  }
}

function pick(from: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.filter((k) => from[k] !== undefined).map((k) => [k, from[k]]));
}

function nameOf(claims: Record<string, unknown>, email: string): string {
  const text = (v: unknown) => (typeof v === 'string' ? v.replace(/\p{Cc}/gu, '').trim() : '');
  const full =
    text(claims.name) || [text(claims.given_name), text(claims.family_name)].join(' ').trim();
  return (full || email.slice(0, email.indexOf('@'))).slice(0, 120);
}
