import { StrictMode, useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { BookDemoView } from "~/features/booking/BookDemoView";
import { ISLAND_PROPS, type BookingIslandProps } from "./island-props";
import { setIslandTexts } from "./i18n-shim";
import { setIslandRootData, UNSAFE_DataRouterStateContext } from "./router-shim";

/**
 * The booking page's island (decision 108): on the page without React, only the booking steps
 * (calendar, times, form) are hydrated, by React DOM alone, from the props the server wrote into
 * the page. Loaded by the enhancement script (app/enhance/enhance.ts) after the first paint. Should
 * the translation files not load, nothing is hydrated and the page keeps working as the server
 * sent it (the day, time and month buttons load the page; the form posts).
 */
export async function hydrateBookingIsland(container: HTMLElement): Promise<void> {
  const props = readProps(document);
  if (!props) return;
  const texts = await Promise.all(
    Object.entries(props.files).map(async ([ns, url]) => {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return [ns, (await response.json()) as Record<string, unknown>] as const;
    }),
  );
  setIslandTexts(props.lang, Object.fromEntries(texts));
  setIslandRootData({ settings: { phoneCountry: props.phoneCountry } });
  // Resolved once React has taken the steps over (its first effects ran), not when it was asked to.
  await new Promise<void>((hydrated) =>
    hydrateRoot(
      container,
      <StrictMode>
        <Island initial={props} onHydrated={hydrated} />
      </StrictMode>,
    ),
  );
}

function readProps(from: Document): BookingIslandProps | null {
  const text = from.getElementById(ISLAND_PROPS)?.textContent;
  return text ? (JSON.parse(text) as BookingIslandProps) : null;
}

function Island({ initial, onHydrated }: { initial: BookingIslandProps; onHydrated: () => void }) {
  const [data, setData] = useState(initial.data);
  useEffect(onHydrated, [onHydrated]);
  // A refused post's form state, as React Router's action data would carry it.
  const [routerState] = useState(() => ({ actionData: initial.served ? { page: initial.served } : null }));
  // After a lost seat: the same page's fresh seat counts (what the app's revalidation does).
  const refresh = () => {
    void fetch(location.pathname + location.search, { headers: { accept: "text/html" }, credentials: "same-origin" })
      .then(async (response) => (response.ok ? readProps(new DOMParser().parseFromString(await response.text(), "text/html")) : null))
      .then((fresh) => fresh && setData(fresh.data))
      .catch(() => undefined);
  };
  return (
    <UNSAFE_DataRouterStateContext.Provider value={routerState}>
      <BookDemoView data={data} served={initial.served} onRefresh={refresh} />
    </UNSAFE_DataRouterStateContext.Provider>
  );
}
