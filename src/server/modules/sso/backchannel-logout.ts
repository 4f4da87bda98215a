import { createPublicKey, verify as verifySignature, constants, type KeyObject } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import * as t from '../../db/schema';
import { badRequest } from '../../errors';
import { recordAudit } from '../audit';
import { CLOCK_TOLERANCE_SECONDS, epochSeconds, providerMetadata } from './oidc-client';

// OpenID Connect Back-Channel Logout 1.0 (ADR 048): the provider posts a signed logout token
// when a person signs out there (or is signed out by its admin), and the sessions it began here
// end. Every check of the specification's section 2.6 is made before anything changes; a token
// that fails one is refused with 400 and ends nothing.

export const BACKCHANNEL_LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout';
/** A logout token issued longer ago than this (beside the clock tolerance) is refused. */
export const LOGOUT_TOKEN_MAX_AGE_SECONDS = 5 * 60;
const JWKS_TIMEOUT_MS = 5_000;

export const LOGOUT_TOKEN_REFUSED = 'The logout token is not valid.';

type Alg =
  'RS256' | 'RS384' | 'RS512' | 'PS256' | 'PS384' | 'PS512' | 'ES256' | 'ES384' | 'ES512' | 'EdDSA';
const ALGS: Record<Alg, { hash: string | null; kty: string; pss?: boolean; ec?: boolean }> = {
  RS256: { hash: 'sha256', kty: 'RSA' },
  RS384: { hash: 'sha384', kty: 'RSA' },
  RS512: { hash: 'sha512', kty: 'RSA' },
  PS256: { hash: 'sha256', kty: 'RSA', pss: true },
  PS384: { hash: 'sha384', kty: 'RSA', pss: true },
  PS512: { hash: 'sha512', kty: 'RSA', pss: true },
  ES256: { hash: 'sha256', kty: 'EC', ec: true },
  ES384: { hash: 'sha384', kty: 'EC', ec: true },
  ES512: { hash: 'sha512', kty: 'EC', ec: true },
  EdDSA: { hash: null, kty: 'OKP' },
};
const isAlg = (a: unknown): a is Alg => typeof a === 'string' && Object.hasOwn(ALGS, a);

class Refused extends Error {}
const refuse = (why: string): never => {
  throw new Refused(why);
};

function decodePart(part: string | undefined): Record<string, unknown> {
  if (!part) refuse('not a JWS');
  try {
    const value: unknown = JSON.parse(Buffer.from(part!, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      refuse('not an object');
    return value as Record<string, unknown>;
  } catch {
    return refuse('not JSON');
  }
}

interface Jwk {
  kty?: string;
  kid?: string;
  use?: string;
  alg?: string;
  [k: string]: unknown;
}

async function providerKeys(jwksUri: string): Promise<Jwk[]> {
  const res = await fetch(jwksUri, { signal: AbortSignal.timeout(JWKS_TIMEOUT_MS) });
  if (!res.ok) refuse(`the provider's keys answered ${res.status}`);
  const body = (await res.json()) as { keys?: unknown };
  return Array.isArray(body.keys) ? (body.keys as Jwk[]) : [];
}

function signatureHolds(alg: Alg, key: KeyObject, signed: Buffer, signature: Buffer): boolean {
  const spec = ALGS[alg];
  if (spec.ec)
    return verifySignature(spec.hash, signed, { key, dsaEncoding: 'ieee-p1363' }, signature);
  if (spec.pss) {
    return verifySignature(
      spec.hash,
      signed,
      {
        key,
        padding: constants.RSA_PKCS1_PSS_PADDING,
        saltLength: constants.RSA_PSS_SALTLEN_DIGEST,
      },
      signature,
    );
  }
  return verifySignature(spec.hash, signed, key, signature);
}

interface LogoutClaims {
  providerId: string;
  sub: string | null;
  sid: string | null;
  jti: string;
  iat: number;
}

/** The logout token checked against the provider it names (spec 2.6); throws Refused. */
async function checkedLogoutToken(deps: AppDeps, token: string): Promise<LogoutClaims> {
  const parts = token.split('.');
  if (parts.length !== 3) refuse('not a compact JWS');
  const header = decodePart(parts[0]);
  const claims = decodePart(parts[1]);
  // An ID token, or any other JWT of the provider's, is not a logout token.
  if (header.typ !== undefined && header.typ !== 'logout+jwt') refuse(`typ ${String(header.typ)}`);
  if (!isAlg(header.alg)) refuse(`alg ${String(header.alg)}`);
  const alg = header.alg as Alg;

  const iss = typeof claims.iss === 'string' ? claims.iss : refuse('no iss');
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const candidates = await deps.db.db
    .select()
    .from(t.identityProviders)
    .where(and(eq(t.identityProviders.issuer, iss), isNull(t.identityProviders.archivedAt)));
  const provider = candidates.find((p) => audiences.includes(p.clientId));
  if (!provider) return refuse('no live provider with this issuer and audience');

  const metadata = await providerMetadata(provider).catch(() =>
    refuse('the provider’s discovery document could not be read'),
  );
  if (metadata.issuer !== iss) refuse('issuer differs from discovery');
  const algs = metadata.id_token_signing_alg_values_supported ?? ['RS256'];
  if (!algs.includes(alg)) refuse(`alg ${alg} not among the provider's`);
  if (!metadata.jwks_uri) refuse('no jwks_uri');
  const published = await providerKeys(metadata.jwks_uri!).catch((error: unknown) =>
    error instanceof Refused
      ? Promise.reject(error)
      : refuse('the provider’s keys could not be read'),
  );
  const keys = published.filter(
    (k) =>
      k.kty === ALGS[alg].kty &&
      (k.use === undefined || k.use === 'sig') &&
      (k.alg === undefined || k.alg === alg) &&
      (header.kid === undefined || k.kid === header.kid),
  );
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`);
  const signature = Buffer.from(parts[2]!, 'base64url');
  const holds = keys.some((jwk) => {
    try {
      return signatureHolds(
        alg,
        createPublicKey({ key: jwk as never, format: 'jwk' }),
        signed,
        signature,
      );
    } catch {
      return false;
    }
  });
  if (!holds) refuse('signature');

  const now = epochSeconds(deps);
  const iat = typeof claims.iat === 'number' ? claims.iat : refuse('no iat');
  if (iat > now + CLOCK_TOLERANCE_SECONDS) refuse('iat in the future');
  if (iat < now - LOGOUT_TOKEN_MAX_AGE_SECONDS - CLOCK_TOLERANCE_SECONDS) refuse('iat too old');
  if (typeof claims.exp === 'number' && claims.exp < now - CLOCK_TOLERANCE_SECONDS)
    refuse('expired');
  const events = claims.events;
  if (
    typeof events !== 'object' ||
    events === null ||
    typeof (events as Record<string, unknown>)[BACKCHANNEL_LOGOUT_EVENT] !== 'object' ||
    (events as Record<string, unknown>)[BACKCHANNEL_LOGOUT_EVENT] === null
  ) {
    refuse('no back-channel logout event');
  }
  if (claims.nonce !== undefined) refuse('a nonce (an ID token?)');
  const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null;
  const sid = typeof claims.sid === 'string' && claims.sid !== '' ? claims.sid : null;
  if (!sub && !sid) refuse('neither sub nor sid');
  const jti = typeof claims.jti === 'string' && claims.jti !== '' ? claims.jti : refuse('no jti');
  if (jti.length > 200) refuse('jti too long');
  return { providerId: provider.id, sub, sid: sid?.slice(0, 200) ?? null, jti, iat };
}

/**
 * Ends the sessions a verified logout token names: with a sid, the sessions of that provider
 * session (of its subject's account, when a sub is given too); with a sub alone, every session
 * the provider began for that account. Its jti is kept so the same token cannot be used twice.
 * Answers how many sessions ended; throws 400 for a token that fails a check, ending nothing.
 */
export async function backchannelLogout(
  deps: AppDeps,
  input: { logoutToken: string; ip: string },
): Promise<{ ended: number }> {
  let claims: LogoutClaims;
  try {
    claims = await checkedLogoutToken(deps, input.logoutToken);
  } catch (error) {
    if (error instanceof Refused) throw badRequest(LOGOUT_TOKEN_REFUSED, error.message);
    throw error;
  }
  const now = deps.now();
  return deps.db.db.transaction(async (tx) => {
    await tx.delete(t.ssoLogoutTokens).where(lt(t.ssoLogoutTokens.expiresAt, now));
    const kept = await tx
      .insert(t.ssoLogoutTokens)
      .values({
        providerId: claims.providerId,
        jti: claims.jti,
        expiresAt: new Date(
          (claims.iat + LOGOUT_TOKEN_MAX_AGE_SECONDS + 2 * CLOCK_TOLERANCE_SECONDS) * 1000,
        ),
      })
      .onConflictDoNothing()
      .returning();
    if (kept.length === 0) throw badRequest(LOGOUT_TOKEN_REFUSED, 'jti used before');

    let userId: string | null = null;
    if (claims.sub) {
      const [identity] = await tx
        .select({ userId: t.userIdentities.userId })
        .from(t.userIdentities)
        .where(
          and(
            eq(t.userIdentities.providerId, claims.providerId),
            eq(t.userIdentities.subject, claims.sub),
          ),
        );
      // A subject nobody here is linked to: nothing to end, and the answer is still success.
      if (!identity) return { ended: 0 };
      userId = identity.userId;
    }
    const ended = await tx
      .update(t.sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(t.sessions.identityProviderId, claims.providerId),
          isNull(t.sessions.revokedAt),
          sql`${t.sessions.expiresAt} > ${now}`,
          claims.sid ? eq(t.sessions.idpSessionId, claims.sid) : undefined,
          userId ? eq(t.sessions.userId, userId) : undefined,
        ),
      )
      .returning({ id: t.sessions.id, userId: t.sessions.userId });
    const users = [...new Set(ended.map((s) => s.userId))];
    for (const id of users) {
      await recordAudit(
        tx,
        { userId: id, ip: input.ip },
        [
          {
            action: 'sign_out',
            entityType: 'user',
            entityId: id,
            patientId: null,
            details: {
              method: 'sso_backchannel',
              identityProviderId: claims.providerId,
              sessions: ended.filter((s) => s.userId === id).length,
            },
          },
        ],
        now,
      );
    }
    return { ended: ended.length };
  });
}
