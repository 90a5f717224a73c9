import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadTranslationFiles } from "./i18n/translations";

// The page's translations are files named in its <head> (decision 070; already on their way as
// preloads): React renders only once they are here, so no text shows as its key. Should they fail
// to load, the page stays as the server sent it, which works without script (forms post, links load).
const translationFiles = [...document.querySelectorAll<HTMLLinkElement>("link[data-translations]")].map((link) => link.getAttribute("href")!);

// The server's HTML is already painted: its scripts only start loading after the first paint
// (app/scripts-after-paint.server.ts, decision 038), so hydration can begin as soon as they arrive.
loadTranslationFiles(translationFiles).then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      );
    }),
  (error: unknown) => console.warn("Translations could not be loaded; the page stays without script.", error),
);
