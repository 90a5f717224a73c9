import type { Lang } from "~/i18n/lang";
import type { FormState } from "~/lib/forms/form-state";
import type { RootData } from "~/root";
import type { BookDemoData } from "~/features/booking/BookDemoView";

/** The element carrying the island's props as JSON (a data block: never run, so the CSP is unchanged). */
export const ISLAND_PROPS = "booking-island-props";

/** The translation namespaces the booking steps use: their texts, the form's messages, the toasts'. */
const NAMESPACES = ["common", "validation", "booking"] as const;

/** Everything the booking island renders from: the page's data and the little of the root's it reads. */
export interface BookingIslandProps {
  lang: Lang;
  /** Namespace → URL of its hashed translation file (decision 070). */
  files: Record<string, string>;
  phoneCountry: string;
  data: BookDemoData;
  served: FormState | null;
}

export function islandProps(data: BookDemoData, served: FormState | null, root: RootData): BookingIslandProps {
  const files = Object.fromEntries(NAMESPACES.flatMap((ns) => (root.translations.files[ns] ? [[ns, root.translations.files[ns]]] : [])));
  return { lang: root.lang, files, phoneCountry: root.settings.phoneCountry, data, served };
}

/** The props as a JSON data block; no "<" survives, so the text cannot close the element. */
export function IslandProps({ props }: { props: BookingIslandProps }) {
  return <script type="application/json" id={ISLAND_PROPS} dangerouslySetInnerHTML={{ __html: JSON.stringify(props).replace(/</g, "\\u003c") }} />;
}
