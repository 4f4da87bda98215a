/** The longest slug made from a name: enough for any clinic's name to stay readable in a URL. */
export const MAX_CLINIC_SLUG_LENGTH = 60;

/** How many numbered variants of a name's slug are tried before the name is refused. */
export const CLINIC_SLUG_VARIANTS = 50;

/** Latin letters Unicode does not split into a base letter and an accent. */
const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  æ: 'ae',
  ø: 'o',
  ß: 'ss',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  þ: 'th',
};

/**
 * A clinic's name as the slug of its public pages: letters and digits of the name without
 * accents, lower case, words joined by "-" ("Clínica São José" → "clinica-sao-jose"). A name
 * with nothing of the Latin alphabet in it gives "clinic".
 */
export function clinicSlugOf(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[æøßœłđþ]/g, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_CLINIC_SLUG_LENGTH)
    .replace(/-+$/, '');
  return base || 'clinic';
}

/** The slugs to try in order: the name's own, then numbered ("riverside-2", "riverside-3", …). */
export function clinicSlugCandidates(name: string): string[] {
  const base = clinicSlugOf(name);
  return [base, ...Array.from({ length: CLINIC_SLUG_VARIANTS - 1 }, (_, i) => `${base}-${i + 2}`)];
}
