import { describe, expect, it } from 'vitest';
import {
  isAppCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
  recoveryCodeHash,
} from './recovery-codes';

describe('recovery codes', () => {
  it('are ten distinct codes of two groups of five, without look-alike characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });

  it('hash the same however they are typed', () => {
    const hash = recoveryCodeHash('k7m2p-q9x4w');
    expect(recoveryCodeHash(' K7M2P Q9X4W ')).toBe(hash);
    expect(recoveryCodeHash('k7m2pq9x4w')).toBe(hash);
    expect(recoveryCodeHash('k7m2p-q9x4x')).not.toBe(hash);
    expect(normaliseRecoveryCode('K7M2P-Q9X4W')).toBe('k7m2pq9x4w');
  });

  it('are told from an app’s six digits', () => {
    expect(isAppCode('123456')).toBe(true);
    expect(isAppCode('k7m2pq9x4w')).toBe(false);
    expect(isAppCode('1234567')).toBe(false);
  });
});
