import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/root";
import { DEFAULT_PHONE_COUNTRY } from "~/lib/phone-country";

/**
 * The site's default phone country for the phone fields' schemas (the server checks the same).
 * Read with React Router's hook, not `useRootData` of app/root.tsx: the booking page's island
 * (decision 108) imports this without the root layout's module.
 */
export function usePhoneCountry(): string {
  return useRouteLoaderData<RootData>("root")?.settings.phoneCountry ?? DEFAULT_PHONE_COUNTRY;
}
