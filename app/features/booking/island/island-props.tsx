import type { FormState } from "~/lib/forms/form-state";
import type { RootData } from "~/root";
import type { BookDemoData } from "~/features/booking/BookDemoView";
import { ISLAND_PROPS, type BookingIslandProps } from "./island-data";

/** The translation namespaces the booking steps use: their texts, the form's messages, the toasts', the WhatsApp / SMS opt-in's (decision 132). */
const NAMESPACES = ["common", "validation", "booking", "messaging"] as const;

export function islandProps(data: BookDemoData, served: FormState | null, root: RootData): BookingIslandProps {
  const files = Object.fromEntries(NAMESPACES.flatMap((ns) => (root.translations.files[ns] ? [[ns, root.translations.files[ns]]] : [])));
  return { lang: root.lang, files, phoneCountry: root.settings.phoneCountry, data, served };
}

/** The props as a JSON data block; no "<" survives, so the text cannot close the element. */
export function IslandProps({ props }: { props: BookingIslandProps }) {
  return <script type="application/json" id={ISLAND_PROPS} dangerouslySetInnerHTML={{ __html: JSON.stringify(props).replace(/</g, "\\u003c") }} />;
}
