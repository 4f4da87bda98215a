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
