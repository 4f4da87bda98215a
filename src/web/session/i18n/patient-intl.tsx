// The patient pages' language (issue 44, ADR 051): FormatJS's react-intl over one ICU catalogue
// per language. English ships in the bundle (the default, and what a missing catalogue falls
// back to); Spanish and French are loaded only when chosen, so a patient downloads one language.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { createIntl, IntlContext, IntlProvider, type IntlShape } from 'react-intl';
import { choosePatientLanguage, languageOf } from '@domain/patient-language';
import type { PatientLanguage } from '@domain/patients';
import en from './en.json';

export type Catalogue = Record<string, string>;
export type MessageId = keyof typeof en;
type Values = Record<string, string | number | Date | null | undefined>;
/** A message as text. */
export type Translate = (id: MessageId, values?: Values) => string;
/** A message with elements in it (a link inside a sentence). */
export type TranslateRich = (id: MessageId, values: Record<string, ReactNode>) => ReactNode;

export interface PatientWords {
  /** The language the page reads in ('en', 'es', 'fr'); dates and times follow it. */
  language: string;
  t: Translate;
  tx: TranslateRich;
}

const LOADERS: Record<Exclude<PatientLanguage, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('./es.json').then((m) => m.default as Catalogue),
  fr: () => import('./fr.json').then((m) => m.default as Catalogue),
};

export const ENGLISH_CATALOGUE: Catalogue = en;

export function wordsOf(intl: IntlShape): PatientWords {
  return {
    language: intl.locale,
    t: (id, values) => intl.formatMessage({ id }, values as Record<string, string>),
    tx: (id, values) => intl.formatMessage({ id }, values) as ReactNode,
  };
}

/** The words of pages and models used without a provider (and in their tests): English. */
export const ENGLISH: PatientWords = wordsOf(createIntl({ locale: 'en', messages: en }));

/** The page's words: from the nearest provider. */
export function usePatientWords(): PatientWords {
  // A part rendered on its own (a component test) reads in English, as without a provider.
  const intl = useContext(IntlContext) as IntlShape | null;
  return useMemo(() => (intl ? wordsOf(intl) : ENGLISH), [intl]);
}

const STORAGE_KEY = 'carebook.language';

interface LanguageState {
  language: PatientLanguage;
  /** The patient's own choice on a page: kept on this device for every patient page. */
  choose: (language: PatientLanguage) => void;
  /** What the server knows: the record's preference and the clinic's default. */
  adopt: (known: { preferred?: string | null; clinicDefault?: string | null }) => void;
}

const LanguageContext = createContext<LanguageState>({
  language: 'en',
  choose: () => {},
  adopt: () => {},
});

export const useLanguage = () => useContext(LanguageContext);

/** Adopts the record's preference and the clinic's default once the page has read them. */
export function useAdoptLanguage(
  preferred: string | null | undefined,
  clinicDefault?: string | null,
) {
  const { adopt } = useLanguage();
  useEffect(() => {
    if (preferred !== undefined || clinicDefault !== undefined) adopt({ preferred, clinicDefault });
  }, [adopt, preferred, clinicDefault]);
}

function storedChoice(): PatientLanguage | null {
  try {
    return languageOf(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return null;
  }
}

function browserLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
}

/**
 * Gives a patient page its language. Inside a test's own IntlProvider (the pseudo-locale check)
 * it uses that one and adds nothing.
 */
export function PatientIntl({ children }: { children: ReactNode }) {
  const outer = useContext(IntlContext);
  if (outer) return <>{children}</>;
  return <PatientIntlProvider>{children}</PatientIntlProvider>;
}

function PatientIntlProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState(storedChoice);
  const [known, setKnown] = useState<{ preferred?: string | null; clinicDefault?: string | null }>(
    {},
  );
  const language = choosePatientLanguage({ chosen, browser: browserLanguages(), ...known });
  const [catalogues, setCatalogues] = useState<Partial<Record<PatientLanguage, Catalogue>>>({
    en,
  });
  // While another language loads, the page keeps reading in the one it had.
  const shown = useRef<PatientLanguage>('en');
  if (catalogues[language]) shown.current = language;
  const reading = shown.current;

  useEffect(() => {
    if (language === 'en' || catalogues[language]) return;
    let live = true;
    void LOADERS[language]().then((messages) => {
      if (live) setCatalogues((c) => ({ ...c, [language]: messages }));
    });
    return () => {
      live = false;
    };
  }, [language, catalogues]);

  useEffect(() => {
    document.documentElement.lang = reading === 'en' ? 'en-US' : reading;
  });

  const choose = useCallback((next: PatientLanguage) => {
    setChosen(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // A browser that keeps nothing still switches this page.
    }
  }, []);
  const adopt = useCallback<LanguageState['adopt']>((next) => {
    setKnown((k) =>
      k.preferred === next.preferred && k.clinicDefault === next.clinicDefault ? k : next,
    );
  }, []);
  const state = useMemo(() => ({ language: reading, choose, adopt }), [choose, adopt, reading]);

  return (
    <LanguageContext.Provider value={state}>
      <IntlProvider locale={reading} defaultLocale="en" messages={catalogues[reading] ?? en}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}
