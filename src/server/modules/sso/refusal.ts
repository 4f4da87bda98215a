import * as client from 'openid-client';
import type { SsoErrorCode } from '@domain/sso-errors';

/** A sign-in refused, with the code the sign-in page words and what the log should say. */
export class SsoRefusal extends Error {
  override readonly name = 'SsoRefusal';
  constructor(
    readonly code: SsoErrorCode,
    reason?: string,
  ) {
    super(reason ?? code);
  }
}

/**
 * What an openid-client failure means for the person signing in. Its checks say which claim or
 * parameter failed in their message and cause; anything not recognised is "could not be
 * verified", never a reason to accept.
 */
export function refusalOf(error: unknown): SsoRefusal {
  if (error instanceof SsoRefusal) return error;
  if (error instanceof client.AuthorizationResponseError) {
    return new SsoRefusal('provider_error', `the provider answered ${error.error}`);
  }
  // openid-client wraps oauth4webapi's error, whose cause names the claim: read the chain.
  const chain: unknown[] = [];
  for (let e: unknown = error; e && chain.length < 5; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  const message = chain.map((e) => (e instanceof Error ? e.message : '')).join(' | ');
  const claim =
    chain
      .map((e) => (e as { claim?: unknown }).claim)
      .find((c): c is string => typeof c === 'string') ?? '';
  const code: SsoErrorCode =
    claim === 'iss' || /"iss"|issuer/.test(message)
      ? 'issuer'
      : claim === 'aud' || claim === 'azp' || /"aud"|"azp"|audience/.test(message)
        ? 'audience'
        : claim === 'nonce' || /nonce/.test(message)
          ? 'nonce'
          : claim === 'exp' || /"exp"/.test(message)
            ? 'expired'
            : claim === 'nbf' || claim === 'iat' || /"nbf"|"iat"/.test(message)
              ? 'clock'
              : /"state"|state/.test(message)
                ? 'state'
                : isNetworkFailure(error)
                  ? 'unavailable'
                  : 'invalid';
  return new SsoRefusal(code, message);
}

function isNetworkFailure(error: unknown): boolean {
  const name = (error as { name?: unknown; cause?: { name?: unknown } } | null) ?? {};
  return (
    name.name === 'TimeoutError' ||
    name.name === 'AbortError' ||
    (error instanceof TypeError && /fetch failed/.test(error.message))
  );
}
