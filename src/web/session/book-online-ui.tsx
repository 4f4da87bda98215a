import type { ReactNode } from 'react';
import { LanguageSwitch } from './i18n/language-switch';

// The booking page's frame and controls: one column for a phone, large touch targets (44 px).

export const FIELD =
  'h-11 rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900';
export const TIME =
  'h-11 rounded-xl border border-slate-300 bg-white text-base font-medium text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-500';
export const PICKED = 'h-11 rounded-xl bg-teal-700 text-base font-semibold text-white';
export const PRIMARY =
  'h-12 w-full rounded-xl bg-teal-700 px-4 text-base font-semibold text-white hover:bg-teal-800 disabled:opacity-60';
export const SECONDARY =
  'min-h-11 w-full rounded-xl border border-teal-700 bg-white px-4 py-2 text-base font-semibold text-teal-800 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-500';

export function Card({ children }: { children: ReactNode }) {
  return (
    <article className="mb-4 w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      {children}
    </article>
  );
}

export function Shell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-svh flex-col items-center bg-slate-50 px-4 py-6">
      <div className="flex w-full max-w-md flex-col items-center">{children}</div>
      <LanguageSwitch />
      <p className="mt-2 text-xs text-slate-600">Carebook</p>
    </main>
  );
}
