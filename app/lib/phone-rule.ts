import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/**
 * The site's phone rule, with libphonenumber's metadata: the server's (and the tests'). The browser
 * build resolves this module to phone-rule.browser.ts instead (vite.config.ts, decision 070), so
 * no page ships the metadata; the server's answer is the one that counts.
 */

/** An ISO 3166 two-letter country code that phone numbers can be read for (site setting `phoneCountry`). */
export const isPhoneCountry = (value: string): boolean => /^[A-Z]{2}$/.test(value) && isSupportedCountry(value);

/** The number in E.164 (+countrycode...), or undefined when it is not a valid phone number. */
export function toE164(value: string, defaultCountry: string): string | undefined {
  if (!/^[+\d\s().-]+$/.test(value)) return undefined;
  const number = parsePhoneNumberFromString(value, isPhoneCountry(defaultCountry) ? (defaultCountry as CountryCode) : undefined);
  return number?.isValid() ? number.number : undefined;
}

/** A stored (E.164) number as people read it: "+919876511111" -> "+91 98765 11111". */
export function formatPhone(stored: string): string {
  return parsePhoneNumberFromString(stored)?.formatInternational() ?? stored;
}
