import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// The server's HTML is already painted: its scripts only start loading after the first paint
// (app/scripts-after-paint.server.ts, decision 038), so hydration can begin as soon as they arrive.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
