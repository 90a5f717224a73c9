import type { Lang } from "~/i18n/lang";

/**
 * The country codes a phone field offers (issue 42 step 6, decision 112): the academy's markets
 * first (the Gulf, India), then the other countries its families most often call from. Browser-safe
 * (no libphonenumber): the dial codes are written here, and a test checks them against its metadata.
 * The names are locale keys: common.phone.countries.<code>.
 */
export const PHONE_COUNTRIES = [
  { code: "AE", dial: "971" },
  { code: "SA", dial: "966" },
  { code: "IN", dial: "91" },
  { code: "KW", dial: "965" },
  { code: "QA", dial: "974" },
  { code: "BH", dial: "973" },
  { code: "OM", dial: "968" },
  { code: "EG", dial: "20" },
  { code: "JO", dial: "962" },
  { code: "LB", dial: "961" },
  { code: "PK", dial: "92" },
  { code: "GB", dial: "44" },
  { code: "US", dial: "1" },
] as const;

export type PhoneCountryCode = (typeof PHONE_COUNTRIES)[number]["code"];

/**
 * The country code a phone field starts on: the academy's own country (site setting `phoneCountry`,
 * its market) in both languages, as its families are mostly local; when that country is not among
 * the offered codes, the page's language decides: the UAE (the Gulf's largest market) on an Arabic
 * page, India on an English one. A parent from elsewhere picks another code in one tap (decision 112).
 */
export function phoneCountryDefault(academyCountry: string, lang: Lang): PhoneCountryCode {
  const offered = PHONE_COUNTRIES.find((country) => country.code === academyCountry)?.code;
  return offered ?? (lang === "ar" ? "AE" : "IN");
}

export const isOfferedPhoneCountry = (value: string): value is PhoneCountryCode => PHONE_COUNTRIES.some((country) => country.code === value);
