// Phone numbers as gateways take them (ADR 050): E.164, read with libphonenumber-js's full
// metadata so that a number that cannot exist ("555 0100", an area code of no country) is refused
// rather than texted.
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * `phone` in E.164 ("+12125550100"), read in `country` (ISO 3166-1 alpha-2) when it has no
 * +country code of its own; null when it is not a valid number.
 */
export function toE164(phone: string, country: string): string | null {
  if (!isSupportedCountry(country)) return null;
  const parsed = parsePhoneNumberFromString(phone, country);
  return parsed?.isValid() ? parsed.number : null;
}

/** A number a gateway reports ("+12125550100", or "12125550100" without its plus) in E.164. */
export function gatewayNumberToE164(number: string): string | null {
  const trimmed = number.trim();
  const parsed = parsePhoneNumberFromString(trimmed.startsWith('+') ? trimmed : `+${trimmed}`);
  return parsed?.isValid() ? parsed.number : null;
}

/** Whether numbers can be read in `country` (an ISO 3166-1 alpha-2 code the library knows). */
export const isTextCountry = (country: string): boolean => isSupportedCountry(country);

/**
 * A number as a list shows it to staff (ADR 050): its country code and last four digits, the rest
 * hidden ("+1 ••• 0142"), as a patient's number needs no more to be told apart. Anything that is
 * not a number (an erased one) is shown as it is.
 */
export function maskedNumber(number: string): string {
  const parsed = parsePhoneNumberFromString(number);
  if (!parsed) return number;
  return `+${parsed.countryCallingCode} ••• ${parsed.nationalNumber.slice(-4)}`;
}
