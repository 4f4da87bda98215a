/**
 * The form patient names and emails are searched in: lower case, accents stripped, spaces
 * collapsed. The same function prepares stored rows and typed keywords, so "José" finds "jose".
 */
export function normalizeSearchText(...parts: ReadonlyArray<string | null | undefined>): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .join(' ')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * How a keyword appears in a patient's search text (both normalised), best first: as a whole
 * word, at the start of a word, or inside a word; null when it does not appear. Words are what
 * the spaces of the normalised text separate, so a keyword may span several ("maria gar").
 * The database ranks with the same rule (patient_search_words, patients.repository).
 */
export type SearchMatch = 0 | 1 | 2;

export function searchMatch(text: string, keyword: string): SearchMatch | null {
  if (keyword === '' || !text.includes(keyword)) return null;
  if (` ${text} `.includes(` ${keyword} `)) return 0;
  if (` ${text}`.includes(` ${keyword}`)) return 1;
  return 2;
}
