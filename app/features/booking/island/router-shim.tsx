import { createContext, type AnchorHTMLAttributes } from "react";

/**
 * React Router as the booking island sees it (decision 108): the island is one React root on a
 * page React Router does not run, so the few router APIs its components use are answered from the
 * page itself. vite.config.ts resolves `react-router` here in the enhancement script's bundle only
 * (the island is a chunk of it); the app and the server keep the real router.
 */

interface IslandRouterState {
  actionData: Record<string, unknown> | null;
}

/** The served refusal of a post made without script (app/lib/forms/served-state.ts reads it). */
export const UNSAFE_DataRouterStateContext = createContext<IslandRouterState | null>(null);

let rootData: unknown = null;

/** The root's data the island's components read (the phone country). */
export function setIslandRootData(data: unknown): void {
  rootData = data;
}

export function useRouteLoaderData<T>(id: string): T | undefined {
  return (id === "root" ? rootData : undefined) as T | undefined;
}

export function useLocation() {
  return { pathname: location.pathname, search: location.search, hash: location.hash, state: null, key: "default" };
}

/** A move to another page is a page load (the next page is not the island's). */
export function useNavigate() {
  return (to: string) => {
    location.assign(to);
    return Promise.resolve();
  };
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string };

/** A plain link, with the attribute React Router's server render gives it (so hydration matches). */
export function Link({ to, ...props }: LinkProps) {
  return <a href={to} data-discover={/^\/(?!\/)/.test(to) ? "true" : undefined} {...props} />;
}

export const NavLink = Link;
