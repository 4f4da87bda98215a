/**
 * The least string above every string that starts with `prefix`, in the byte order of UTF-8
 * (code-point order), which is how `text_pattern_ops` and the "C" collation compare. With it a
 * prefix search is an index range, [prefix, pastPrefix), that a prepared statement can bind.
 * Null when no string is above them all (a prefix made only of U+10FFFF).
 */
export function pastPrefix(prefix: string): string | null {
  const chars = [...prefix];
  while (chars.length > 0) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      // Surrogate code points cannot be encoded; the next character after U+D7FF is U+E000.
      const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
      return chars.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}
