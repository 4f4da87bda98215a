import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pastPrefix } from './prefix-range';

const bytes = (s: string) => Buffer.from(s, 'utf8');
const below = (a: string, b: string) => Buffer.compare(bytes(a), bytes(b)) < 0;

describe('pastPrefix', () => {
  it.each([
    ['smi', 'smj'],
    ['mary.', 'mary/'],
    ['jos\u00e9', 'jos\u00ea'],
    ['a\u{10FFFF}', 'b'],
    ['\u{D7FF}', '\u{E000}'],
    ['\u{10FFFF}', null],
  ])('%j ends before %j', (prefix, expected) => {
    expect(pastPrefix(prefix)).toBe(expected);
  });

  it('bounds exactly the strings that start with the prefix, in UTF-8 byte order', () => {
    const text = fc.string({ unit: 'binary', maxLength: 4 });
    const edge = fc.constantFrom('\u{10FFFF}', '\u{D7FF}', '\u{E000}', 'z\u{10FFFF}', '\u007F');
    const piece = fc.oneof(
      text,
      edge,
      fc.tuple(text, edge).map(([a, b]) => a + b),
    );
    const cases = fc
      .tuple(piece, piece, piece, fc.boolean())
      .map(([prefix, rest, other, starts]) => [prefix, starts ? prefix + rest : other] as const);
    fc.assert(
      fc.property(cases, ([prefix, s]) => {
        const past = pastPrefix(prefix);
        const inRange = !below(s, prefix) && (past === null || below(s, past));
        expect(inRange).toBe(s.startsWith(prefix));
      }),
      { numRuns: 2000 },
    );
  });
});
