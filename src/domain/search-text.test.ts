import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { normalizeSearchText, searchMatch } from './search-text';

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

describe('searchMatch', () => {
  const text = 'anna-lise smith anna.smith@example.com';
  it.each([
    ['smith', 0],
    ['anna-lise', 0],
    ['anna.smith@example.com', 0],
    ['anna-lise smith', 0],
    ['anna', 1],
    ['smi', 1],
    ['anna.s', 1],
    ['lise smith', 2],
    ['mith', 2],
    ['example', 2],
    ['smyth', null],
    ['anna  smith', null],
  ] as const)('ranks %j as %j', (keyword, expected) => {
    expect(searchMatch(text, keyword)).toBe(expected);
  });

  const word = fc.stringMatching(/^[a-c.@-]{1,4}$/);
  const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));

  it('finds exactly the texts that contain the keyword', () => {
    fc.assert(
      fc.property(words, words, (t, k) => {
        expect(searchMatch(t, k) !== null).toBe(t.includes(k));
      }),
    );
  });

  it('ranks a single-word keyword by the words of the text', () => {
    fc.assert(
      fc.property(words, word, (t, k) => {
        const parts = t.split(' ');
        const expected = parts.includes(k)
          ? 0
          : parts.some((w) => w.startsWith(k))
            ? 1
            : t.includes(k)
              ? 2
              : null;
        expect(searchMatch(t, k)).toBe(expected);
      }),
    );
  });
});
