import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server-rendered HTML and until React has taken over the page, then true.
 * Forms with passwords keep their submit button disabled until then: a click before hydration
 * would submit natively and put the password in the URL.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
