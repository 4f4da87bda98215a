import { describe, expect, it } from 'vitest';
import { acceptedLanguages, choosePatientLanguage } from './patient-language';

describe('acceptedLanguages', () => {
  it('orders a header’s languages by their weight, keeping the order of equals', () => {
    expect(acceptedLanguages('en;q=0.5, fr-CA, es;q=0.9, fr;q=0.9')).toEqual([
      'fr-CA',
      'es',
      'fr',
      'en',
    ]);
  });

  it('leaves out what is refused (q=0), a wildcard, and nonsense', () => {
    expect(acceptedLanguages('es;q=0, *;q=0.1, ;q=0.5, fr;q=abc, en')).toEqual(['en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });

  it('chooses the first language we have among them', () => {
    const browser = acceptedLanguages('de-DE,de;q=0.9,es-MX;q=0.8,en;q=0.7');
    expect(choosePatientLanguage({ browser, clinicDefault: 'fr' })).toBe('es');
  });
});
