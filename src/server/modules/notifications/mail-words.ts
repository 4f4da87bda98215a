// The words of patients' e-mails and calendar files in their language (issue 44, ADR 051):
// FormatJS over one ICU catalogue per language, as the patient pages. Staff read US English.
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { choosePatientLanguage } from '@domain/patient-language';
import type { PatientLanguage } from '@domain/patients';
import { en, type MailMessageId } from './catalogues/en';
import { es } from './catalogues/es';
import { fr } from './catalogues/fr';

export type { MailMessageId };
const CATALOGUES: Record<PatientLanguage, Record<MailMessageId, string>> = { en, es, fr };

export interface MailWords {
  language: PatientLanguage;
  t: (id: MailMessageId, values?: Record<string, string | number>) => string;
}

const cache = createIntlCache();
const intls = new Map<PatientLanguage, IntlShape<string>>();

/** The words of one language; a language we lack reads in English. */
export function mailWords(language: PatientLanguage = 'en'): MailWords {
  let intl = intls.get(language);
  if (!intl) {
    intl = createIntl(
      { locale: language, defaultLocale: 'en', messages: CATALOGUES[language] },
      cache,
    );
    intls.set(language, intl);
  }
  const formatter = intl;
  return { language, t: (id, values) => formatter.formatMessage({ id }, values) };
}

/** A patient's message: in their record's language, else their clinic's (no browser to ask). */
export function patientMailWords(
  preferred: string | null | undefined,
  clinicDefault: string | null | undefined,
): MailWords {
  return mailWords(choosePatientLanguage({ preferred, clinicDefault }));
}

export const ENGLISH_MAIL = mailWords('en');
