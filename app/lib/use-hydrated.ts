import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server-rendered HTML and until React has taken over the page, then true. For
 * controls that only make sense with scripts (a "Show password" toggle), never to disable a form:
 * forms post to their page until hydrated (issue 14).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
