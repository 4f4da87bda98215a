import type { ReactNode } from 'react';
import { LanguageSwitch } from './i18n/language-switch';

/** A page a patient opens from a link in a message: one column a phone wide, Carebook below. */
export function LinkPageShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <main className="flex min-h-svh flex-col items-center bg-slate-50 px-4 py-6 sm:justify-center sm:py-10 dark:bg-slate-950">
      <div className={`flex w-full flex-col items-center ${wide ? 'max-w-4xl' : 'max-w-md'}`}>
        {children}
      </div>
      <LanguageSwitch />
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Carebook</p>
    </main>
  );
}

/** The card that holds what such a page says. */
export function LinkPageCard({ children }: { children: ReactNode }) {
  return (
    <article className="w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
      {children}
    </article>
  );
}

/** The heading of a part of such a card (`id` for the part's aria-labelledby). */
export function LinkPageHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-base font-semibold text-slate-900 dark:text-slate-50">
      {children}
    </h2>
  );
}
