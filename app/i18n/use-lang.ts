import { useCallback } from "react";
import { useLocation } from "react-router";
import { langFromPath, localizePath, type Lang } from "./lang";

/** The language of the current page, read from its path. */
export function useLang(): Lang {
  return langFromPath(useLocation().pathname);
}

/** A function turning a site path into the current language's twin. */
export function useLocalizePath(): (path: string) => string {
  const lang = useLang();
  return useCallback((path: string) => localizePath(path, lang), [lang]);
}
