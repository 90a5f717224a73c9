import { getCountries, getCountryCallingCode } from "libphonenumber-js";
import type { Lang } from "~/i18n/lang";
import { TIME_ZONES } from "./time-zones";

/**
 * The settings page's pickers (issue 42 step 9): every country the phone rule knows (libphonenumber's
 * list, the same one `isPhoneCountry` checks) named in the reader's language with its calling code,
 * and the listed time zones. A stored value off the list is offered first, so the page shows what is
 * saved; saving it again is refused until a listed one is chosen.
 */
export function settingsChoices(lang: Lang, stored: { timeZone: string; phoneCountry: string }) {
  const names = new Intl.DisplayNames([lang === "ar" ? "ar" : "en"], { type: "region" });
  const countries = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, calling: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => a.name.localeCompare(b.name, lang));
  const zones = TIME_ZONES.includes(stored.timeZone) ? [...TIME_ZONES] : [stored.timeZone, ...TIME_ZONES];
  const listedCountry = countries.some((country) => country.code === stored.phoneCountry);
  return { zones, countries: listedCountry ? countries : [{ code: stored.phoneCountry, name: stored.phoneCountry, calling: "" }, ...countries] };
}
