import { normalizeSearchText } from './search-text';

// Which two patient records likely stand for one person (issue 41, ADR 042). The database only
// finds candidates cheaply (same birth date, phone numbers ending alike); this rule decides, so
// the profile's card and the clinic's list cannot disagree.

export const DUPLICATE_REASONS = ['email', 'phone', 'birthDateAndName'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export interface DuplicateCandidate {
  firstName: string;
  lastName: string;
  preferredName: string | null;
  dob: string | null;
  /** Records from other systems may have none. */
  email: string | null;
  phone: string | null;
}

/** The digits that identify a phone line: its last ten (a country code or trunk 0 aside). */
export const PHONE_DIGITS_COMPARED = 10;
/** Fewer digits than this are an extension or a typo, not a number two people could share. */
export const PHONE_DIGITS_MINIMUM = 7;

export function phoneKey(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length < PHONE_DIGITS_MINIMUM) return null;
  return digits.slice(-PHONE_DIGITS_COMPARED);
}

const emailKey = (email: string | null) => (email ?? '').trim().toLowerCase();

/** Edit distance (insertions, deletions, substitutions), stopping early past `limit`. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

/** One typo for short names, two for longer ones: "Jon"/"John", "Katharine"/"Catherine". */
function nearlySame(a: string, b: string): boolean {
  if (a === '' || b === '') return false;
  if (a === b) return true;
  const allowed = Math.min(a.length, b.length) <= 5 ? 1 : 2;
  return editDistance(a, b, allowed) <= allowed;
}

/** "Rob" and "Robert", "Liz" and "Elizabeth" aside: one given name starting the other. */
function sameGivenName(a: string, b: string): boolean {
  if (nearlySame(a, b)) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 3 && long.startsWith(short);
}

/** The name's words as compared: lower case, accents and punctuation gone. */
function words(text: string | null): string[] {
  return normalizeSearchText(text)
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .split(' ')
    .filter(Boolean);
}

/**
 * Whether two people's names are close enough to be one person's: the family name alike (one
 * typo, or one of a double-barrelled name) and a given name alike (a typo, a short form, the
 * preferred name); or the given and family names swapped.
 */
export function similarNames(a: DuplicateCandidate, b: DuplicateCandidate): boolean {
  const familyA = words(a.lastName);
  const familyB = words(b.lastName);
  const givenA = [...words(a.firstName), ...words(a.preferredName)];
  const givenB = [...words(b.firstName), ...words(b.preferredName)];
  const anyAlike = (xs: string[], ys: string[], alike: (x: string, y: string) => boolean) =>
    xs.some((x) => ys.some((y) => alike(x, y)));
  const wholeFamily = (xs: string[], ys: string[]) => nearlySame(xs.join(''), ys.join(''));
  const family = wholeFamily(familyA, familyB) || anyAlike(familyA, familyB, nearlySame);
  if (family && anyAlike(givenA, givenB, sameGivenName)) return true;
  const swapped =
    anyAlike(words(a.firstName), familyB, nearlySame) &&
    anyAlike(familyA, words(b.firstName), nearlySame);
  return swapped;
}

/**
 * Why two records likely stand for one person, in the order of DUPLICATE_REASONS; empty when
 * nothing suggests it. The rule is symmetric: it says the same of (a, b) and (b, a).
 */
export function duplicateReasons(a: DuplicateCandidate, b: DuplicateCandidate): DuplicateReason[] {
  const reasons: DuplicateReason[] = [];
  if (emailKey(a.email) !== '' && emailKey(a.email) === emailKey(b.email)) reasons.push('email');
  const phoneA = phoneKey(a.phone);
  if (phoneA !== null && phoneA === phoneKey(b.phone)) reasons.push('phone');
  if (a.dob !== null && a.dob === b.dob && similarNames(a, b)) reasons.push('birthDateAndName');
  return reasons;
}

/** The reasons as the list and the profile show them. */
export const DUPLICATE_REASON_TEXTS: Record<DuplicateReason, string> = {
  email: 'Same e-mail address',
  phone: 'Same phone number',
  birthDateAndName: 'Same date of birth and a similar name',
};

export type MergeableField =
  | 'preferredName'
  | 'dob'
  | 'gender'
  | 'phone'
  | 'addressLine'
  | 'city'
  | 'region'
  | 'postalCode'
  | 'country'
  | 'recordNumber'
  | 'preferredLanguage';

/** The fields a merge may fill on the kept record; names, e-mail and settings stay as kept. */
export const MERGEABLE_FIELDS: readonly MergeableField[] = [
  'preferredName',
  'dob',
  'gender',
  'phone',
  'addressLine',
  'city',
  'region',
  'postalCode',
  'country',
  'recordNumber',
  'preferredLanguage',
];

/**
 * What the kept record takes from the merged-away one: each field the kept record leaves empty
 * and the other has. Nothing the kept record says is overwritten; the address moves whole, so a
 * city never joins another record's street.
 */
export function fieldsToFill<R extends Partial<Record<MergeableField, string | null>>>(
  kept: R,
  mergedAway: R,
): Partial<Record<MergeableField, string>> {
  const empty = (v: string | null | undefined) => v === null || v === undefined || v.trim() === '';
  const filled: Partial<Record<MergeableField, string>> = {};
  const address: MergeableField[] = ['addressLine', 'city', 'region', 'postalCode', 'country'];
  const keptHasAddress = address.some((f) => !empty(kept[f]));
  for (const field of MERGEABLE_FIELDS) {
    if (address.includes(field) && keptHasAddress) continue;
    const value = mergedAway[field];
    if (empty(kept[field]) && !empty(value)) filled[field] = value as string;
  }
  return filled;
}
