import { PATIENT_LANGUAGES, type PatientLanguage } from './patients';

/**
 * The patient's language (issue 44, ADR 051): the one they chose on a page, else the one their
 * record prefers, else the first of the browser's languages we have, else the clinic's default.
 * Messages sent away from a page have no browser: the record's, else the clinic's.
 */
export function choosePatientLanguage(sources: {
  chosen?: string | null;
  preferred?: string | null;
  browser?: readonly string[];
  clinicDefault?: string | null;
}): PatientLanguage {
  return (
    languageOf(sources.chosen) ??
    languageOf(sources.preferred) ??
    firstLanguageOf(sources.browser ?? []) ??
    languageOf(sources.clinicDefault) ??
    'en'
  );
}

/** "es-MX" → "es"; a language we do not have → null. */
export function languageOf(tag: string | null | undefined): PatientLanguage | null {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (PATIENT_LANGUAGES as readonly string[]).includes(base) ? (base as PatientLanguage) : null;
}

/** The first of a browser's languages, in its order of preference, that we have. */
export function firstLanguageOf(tags: readonly string[]): PatientLanguage | null {
  for (const tag of tags) {
    const language = languageOf(tag);
    if (language) return language;
  }
  return null;
}

/** Each language named in itself, for the switch on every patient page. */
export const LANGUAGE_NAMES: Record<PatientLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

/** A page's language sources from stored values; a value of no known language counts as none. */
export function languageSourcesOf(
  preferred: string | null | undefined,
  clinicDefault: string | null | undefined,
): { preferred: PatientLanguage | null; clinicDefault: PatientLanguage } {
  return { preferred: languageOf(preferred), clinicDefault: languageOf(clinicDefault) ?? 'en' };
}

/**
 * The languages of an Accept-Language header, most wanted first ("fr-CA,fr;q=0.9,en;q=0.5" →
 * fr-CA, fr, en); a tag with q=0 is refused, not wanted, and left out.
 */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params
        .map((p) => /^\s*q\s*=(.*)$/i.exec(p)?.[1]?.trim())
        .find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : q === '' ? NaN : Number(q), index };
    })
    .filter((l) => l.tag && l.tag !== '*' && Number.isFinite(l.q) && l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((l) => l.tag);
}
