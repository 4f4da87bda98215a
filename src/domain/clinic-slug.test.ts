import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clinicSlugCandidates, clinicSlugOf, MAX_CLINIC_SLUG_LENGTH } from './clinic-slug';

describe('clinicSlugOf', () => {
  it.each([
    ['Riverside Family Clinic', 'riverside-family-clinic'],
    ['Clínica São José', 'clinica-sao-jose'],
    ['  St. Mary’s -- Walk-in  ', 'st-mary-s-walk-in'],
    ['診療所', 'clinic'],
    ['Ærø Health', 'aero-health'],
    ['Łódź Straße', 'lodz-strasse'],
  ])('%j → %j', (name, slug) => {
    expect(clinicSlugOf(name)).toBe(slug);
  });

  it('is always a short, URL-safe word run for any name', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const slug = clinicSlugOf(name);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(MAX_CLINIC_SLUG_LENGTH);
      }),
    );
  });
});

describe('clinicSlugCandidates', () => {
  it('tries the name’s own slug first, then numbered ones, each once', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), (name) => {
        const candidates = clinicSlugCandidates(name);
        expect(candidates[0]).toBe(clinicSlugOf(name));
        expect(candidates[1]).toBe(`${clinicSlugOf(name)}-2`);
        expect(new Set(candidates).size).toBe(candidates.length);
      }),
    );
  });
});
