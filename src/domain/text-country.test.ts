import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTextCountry } from './phone-numbers';
import { FALLBACK_TEXT_COUNTRY, textCountryOfZone } from './text-country';

describe('a new clinic’s text country from its time zone', () => {
  it('is the zone’s country', () => {
    expect(
      [
        'America/Toronto',
        'America/Vancouver',
        'Europe/Madrid',
        'Europe/London',
        'America/New_York',
        'America/Mexico_City',
        'Europe/Paris',
        'America/Argentina/Buenos_Aires',
        'Australia/Sydney',
        'Asia/Kolkata',
      ].map(textCountryOfZone),
    ).toEqual(['CA', 'CA', 'ES', 'GB', 'US', 'MX', 'FR', 'AR', 'AU', 'IN']);
  });

  it('reads older names and the names Intl gives as their zones', () => {
    expect(
      [
        'US/Eastern',
        'Canada/Pacific',
        'GB',
        'Asia/Calcutta',
        'Europe/Kiev',
        'America/Montreal',
      ].map(textCountryOfZone),
    ).toEqual(['US', 'CA', 'GB', 'IN', 'UA', 'CA']);
  });

  it('is US for a zone of no country, or none at all', () => {
    for (const zone of ['UTC', 'Etc/GMT+5', 'Antarctica/McMurdo', 'Mars/Base', '']) {
      expect(textCountryOfZone(zone)).toBe(FALLBACK_TEXT_COUNTRY);
    }
  });

  it('answers, for every zone Intl knows and any string, a country numbers can be read in', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    // Zones spread over most of the world's countries: the table is not silently empty or stale.
    expect(new Set(zones.map(textCountryOfZone)).size).toBeGreaterThan(220);
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...zones), fc.string()), (zone) => {
        const country = textCountryOfZone(zone);
        expect(country).toMatch(/^[A-Z]{2}$/);
        expect(isTextCountry(country)).toBe(true);
      }),
    );
  });
});
