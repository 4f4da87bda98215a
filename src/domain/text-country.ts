// The country a new clinic's patients' numbers are read in, from its time zone (issue 44, ADR
// 050): a clinic in America/Toronto writes numbers as Canadians do. The IANA database's own table
// of zones and countries decides; a zone of no country, or of one without phone numbers of its
// own (Antarctica), is read as US, the default before.
import { isTextCountry } from './phone-numbers';
import { ZONE_COUNTRIES } from './zone-countries';

export const FALLBACK_TEXT_COUNTRY = 'US';

/** The zone's canonical name as Intl knows it ("US/Eastern" → "America/New_York"), else null. */
function canonicalZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** "Europe/Madrid" → "ES"; an unknown zone, UTC or Antarctica → "US". */
export function textCountryOfZone(zone: string): string {
  const canonical = canonicalZone(zone);
  const country = ZONE_COUNTRIES[zone] ?? (canonical ? ZONE_COUNTRIES[canonical] : undefined);
  return country && isTextCountry(country) ? country : FALLBACK_TEXT_COUNTRY;
}
