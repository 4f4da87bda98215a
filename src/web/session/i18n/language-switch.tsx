import { LANGUAGE_NAMES } from '@domain/patient-language';
import { PATIENT_LANGUAGES } from '@domain/patients';
import { useLanguage } from './patient-intl';

/**
 * English · Español · Français, on every patient page. Each language is named in itself, so a
 * patient finds theirs whatever the page reads in now.
 */
export function LanguageSwitch() {
  const { language, choose } = useLanguage();
  return (
    <nav aria-label="Language / Idioma / Langue" className="mt-6 flex gap-1 text-xs">
      {PATIENT_LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={code === language}
          onClick={() => choose(code)}
          className="rounded px-2 py-1 text-slate-600 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring aria-pressed:font-semibold aria-pressed:text-slate-900 dark:text-slate-400 dark:aria-pressed:text-slate-100"
        >
          {LANGUAGE_NAMES[code]}
        </button>
      ))}
    </nav>
  );
}
