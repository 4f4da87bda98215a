import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sealSecret, unsealSecret } from './sealed-secret';

const KEY = 'k'.repeat(40);

describe('sealed secrets', () => {
  it('reads back what it sealed, and the sealed form does not show it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (value) => {
        const sealed = sealSecret(value, KEY);
        expect(sealed.startsWith('sealed:v1:')).toBe(true);
        expect(unsealSecret(sealed, KEY)).toBe(value);
      }),
    );
  });

  it('keeps values as they are without a key, and reads old plain values with one', () => {
    expect(sealSecret('JBSWY3DPEHPK3PXP', undefined)).toBe('JBSWY3DPEHPK3PXP');
    expect(unsealSecret('JBSWY3DPEHPK3PXP', KEY)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a sealed value under another key, or tampered with', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', KEY);
    expect(() => unsealSecret(sealed, 'x'.repeat(40))).toThrow();
    expect(() => unsealSecret(sealed, undefined)).toThrow(/ACCOUNT_SECRETS_KEY/);
    const flipped = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'B' : 'A') + sealed.slice(-1);
    expect(() => unsealSecret(flipped, KEY)).toThrow();
  });
});
