import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * Hydration starts once the browser has painted the server's HTML: on a slow phone the page
 * shows first and React's work (hundreds of milliseconds there) follows, instead of holding the
 * first paint back.
 */
let started = false;
function hydrate() {
  if (started) return;
  started = true;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

requestAnimationFrame(() => setTimeout(hydrate, 0));
// A page loaded in a background tab gets no animation frames until it is shown: start anyway.
setTimeout(hydrate, 200);
