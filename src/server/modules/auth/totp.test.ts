import { describe, expect, it } from 'vitest';
import { matchingTotpStep, newTotpSecret, totpCodeAt, totpStepAt, totpUri } from './totp';

// RFC 6238 appendix B's key for SHA-1 ("12345678901234567890"), in base32.
const RFC_KEY = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('authenticator codes', () => {
  it('are RFC 6238’s: the appendix’s SHA-1 vectors, to six digits', () => {
    expect(totpCodeAt(RFC_KEY, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(RFC_KEY, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(RFC_KEY, new Date(2_000_000_000_000))).toBe('279037');
  });

  it('match in the step before, at and after now, and answer that step', () => {
    const now = new Date('2026-11-28T12:00:10Z');
    const step = totpStepAt(now);
    for (const offset of [-1, 0, 1]) {
      const code = totpCodeAt(RFC_KEY, new Date(now.getTime() + offset * 30_000));
      expect(matchingTotpStep(RFC_KEY, code, now)).toBe(step + offset);
    }
    for (const offset of [-2, 2]) {
      const code = totpCodeAt(RFC_KEY, new Date(now.getTime() + offset * 30_000));
      expect(matchingTotpStep(RFC_KEY, code, now)).toBeNull();
    }
  });

  it('refuse anything but six digits', () => {
    const now = new Date('2026-11-28T12:00:10Z');
    const code = totpCodeAt(RFC_KEY, now);
    for (const typed of [`${code}0`, code.slice(1), '', 'abcdef']) {
      expect(matchingTotpStep(RFC_KEY, typed, now)).toBeNull();
    }
  });

  it('new keys are 160 random bits, and the address names the issuer and account', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
    expect(totpUri(a, 'ana@clinic.example')).toBe(
      `otpauth://totp/Carebook:ana%40clinic.example?issuer=Carebook&secret=${a}&algorithm=SHA1&digits=6&period=30`,
    );
  });
});
