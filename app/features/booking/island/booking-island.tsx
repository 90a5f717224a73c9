import { StrictMode, startTransition, useEffect, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { BookDemoView } from "~/features/booking/BookDemoView";
import { readIslandProps, type BookingIslandProps, type IslandTexts } from "./island-data";
import { setIslandTexts } from "./i18n-shim";
import { setIslandRootData, UNSAFE_DataRouterStateContext } from "./router-shim";

/**
 * The booking page's island (decision 108): on the page without React, only the booking steps
 * (calendar, times, form) are hydrated, by React DOM alone, from the props the server wrote into
 * the page and the page's texts (fetched by the enhancement script meanwhile, decision 117). Loaded
 * by the enhancement script (app/enhance/enhance.ts) after the first paint. Should the translation
 * files not load, nothing is hydrated and the page keeps working as the server sent it (the day,
 * time and month buttons load the page; the form posts).
 */
export async function hydrateBookingIsland(container: HTMLElement, props: BookingIslandProps, texts: IslandTexts): Promise<void> {
  setIslandTexts(props.lang, texts);
  setIslandRootData({ settings: { phoneCountry: props.phoneCountry } });
  // Resolved once React has taken the steps over (its first effects ran), not when it was asked to.
  // As a transition, React hydrates in slices of a few milliseconds that a tap can interrupt (a tap
  // on a part not yet hydrated is replayed once it is); otherwise the whole tree is one long task,
  // the page's largest blocking time (decision 117).
  await new Promise<void>((hydrated) =>
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <Island initial={props} onHydrated={hydrated} />
        </StrictMode>,
      );
    }),
  );
}

function Island({ initial, onHydrated }: { initial: BookingIslandProps; onHydrated: () => void }) {
  const [data, setData] = useState(initial.data);
  useEffect(onHydrated, [onHydrated]);
  // A refused post's form state, as React Router's action data would carry it.
  const [routerState] = useState(() => ({ actionData: initial.served ? { page: initial.served } : null }));
  // After a lost seat: the same page's fresh seat counts (what the app's revalidation does).
  const refresh = () => {
    void fetch(location.pathname + location.search, { headers: { accept: "text/html" }, credentials: "same-origin" })
      .then(async (response) => (response.ok ? readIslandProps(new DOMParser().parseFromString(await response.text(), "text/html")) : null))
      .then((fresh) => fresh && setData(fresh.data))
      .catch(() => undefined);
  };
  return (
    <UNSAFE_DataRouterStateContext.Provider value={routerState}>
      <BookDemoView data={data} served={initial.served} onRefresh={refresh} />
    </UNSAFE_DataRouterStateContext.Provider>
  );
}
