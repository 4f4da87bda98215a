import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeSearchText } from './search-text';

describe('normalizeSearchText', () => {
  it.each([
    [['José', 'Núñez'], 'jose nunez'],
    [['  ANNA  ', 'Smith ', 'anna@Example.com'], 'anna smith anna@example.com'],
    [['Zoë', null, undefined, ''], 'zoe'],
    [['Łukasz'], 'łukasz'],
  ])('normalizes %j to %s', (parts, expected) => {
    expect(normalizeSearchText(...parts)).toBe(expected);
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = normalizeSearchText(s);
        expect(normalizeSearchText(once)).toBe(once);
      }),
    );
  });
});
