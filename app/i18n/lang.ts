import { parse as parseCookies } from "cookie";

/** The site's two languages. English lives at unprefixed paths, Arabic under /ar. */
export const languages = ["en", "ar"] as const;
export type Lang = (typeof languages)[number];
export const LANG_COOKIE = "lang";

/** True when the Cookie header remembers Arabic (parsed like the server parses every cookie). */
export function remembersArabic(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader) && parseCookies(cookieHeader!)[LANG_COOKIE] === "ar";
}

export function isLang(value: unknown): value is Lang {
  return value === "en" || value === "ar";
}

export function dirOf(lang: Lang): "ltr" | "rtl" {
  return lang === "ar" ? "rtl" : "ltr";
}

/**
 * `lang` and `dir` for staff text shown in another language than the page's (the English text of
 * a course or post that has no Arabic yet), so it is read and laid out as what it is.
 */
export function textLangAttrs(textLang: Lang, pageLang: Lang): { lang?: Lang; dir?: "ltr" | "rtl" } {
  return textLang !== pageLang ? { lang: textLang, dir: dirOf(textLang) } : {};
}

/** The content language an editor field's text direction stands for (Arabic fields are rtl). */
export function langOfDir(dir: "ltr" | "rtl" | undefined): Lang | undefined {
  return dir === undefined ? undefined : dir === "rtl" ? "ar" : "en";
}

export function langFromPath(pathname: string): Lang {
  return pathname === "/ar" || pathname.startsWith("/ar/") ? "ar" : "en";
}

/** The path without its language prefix: "/ar/courses" -> "/courses", "/ar" -> "/". */
export function stripLang(pathname: string): string {
  if (pathname === "/ar") return "/";
  return pathname.startsWith("/ar/") ? pathname.slice(3) : pathname;
}

/** A site path in the given language: localizePath("/courses", "ar") -> "/ar/courses". */
export function localizePath(path: string, lang: Lang): string {
  if (lang === "en") return path;
  return path === "/" ? "/ar" : `/ar${path}`;
}

/** The same page in the other language (search and hash kept). */
export function twinPath(pathname: string, search: string, lang: Lang): string {
  return localizePath(stripLang(pathname), lang) + search;
}
