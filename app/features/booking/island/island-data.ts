import type { Lang } from "~/i18n/lang";
import type { FormState } from "~/lib/forms/form-state";
import type { BookDemoData } from "~/features/booking/BookDemoView";

/**
 * The booking island's data as the page carries it (decision 108), read without React: the
 * enhancement script starts fetching the island's texts while the island's code downloads
 * (decision 117), instead of after it has run.
 */

/** The element carrying the island's props as JSON (a data block: never run, so the CSP is unchanged). */
export const ISLAND_PROPS = "booking-island-props";

/** Everything the booking island renders from: the page's data and the little of the root's it reads. */
export interface BookingIslandProps {
  lang: Lang;
  /** Namespace → URL of its hashed translation file (decision 070). */
  files: Record<string, string>;
  phoneCountry: string;
  data: BookDemoData;
  served: FormState | null;
}

/** Namespace → its texts, as the island's `t` reads them. */
export type IslandTexts = Record<string, Record<string, unknown>>;

export function readIslandProps(from: Document): BookingIslandProps | null {
  const text = from.getElementById(ISLAND_PROPS)?.textContent;
  return text ? (JSON.parse(text) as BookingIslandProps) : null;
}

/** The page's translation files (hashed, so cached for good after the first booking page). */
export async function loadIslandTexts(files: Record<string, string>): Promise<IslandTexts> {
  const texts = await Promise.all(
    Object.entries(files).map(async ([ns, url]) => {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return [ns, (await response.json()) as Record<string, unknown>] as const;
    }),
  );
  return Object.fromEntries(texts);
}
