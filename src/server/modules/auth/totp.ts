import { Secret, TOTP } from 'otpauth';

// The authenticator app's codes (RFC 6238, ADR 046): 6 digits, SHA-1, 30-second steps, as every
// common app reads them. Pure: the clock is an argument.

export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the server's still counts: phones' clocks drift. */
export const TOTP_WINDOW_STEPS = 1;
const ISSUER = 'Carebook';

function totpOf(secret: string, label = '') {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** A new shared key, 160 random bits in base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an app reads from the QR code. */
export function totpUri(secret: string, accountName: string): string {
  return totpOf(secret, accountName).toString();
}

/** The 30-second step a moment falls in. */
export function totpStepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step of the code, when it is right within the window around `now`; null when it is not.
 * Whether that step was used already (a replay) is the caller's question.
 */
export function matchingTotpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({
    token: code,
    timestamp: now.getTime(),
    window: TOTP_WINDOW_STEPS,
  });
  return delta === null ? null : totpStepAt(now) + delta;
}

/** The code for a moment: for tests, which give real codes at the app's clock. */
export function totpCodeAt(secret: string, at: Date): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}
