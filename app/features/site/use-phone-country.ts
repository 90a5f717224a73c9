import { useRootData } from "~/root";
import { DEFAULT_PHONE_COUNTRY } from "~/lib/phone-country";

/** The site's default phone country for the phone fields' schemas (the server checks the same). */
export function usePhoneCountry(): string {
  return useRootData()?.settings.phoneCountry ?? DEFAULT_PHONE_COUNTRY;
}
