import { useCallback } from "react";
import { useLocation } from "react-router";
import { parse } from "cookie";
const languages = ["en", "ar"];
const LANG_COOKIE = "lang";
function remembersArabic(cookieHeader) {
  return Boolean(cookieHeader) && parse(cookieHeader)[LANG_COOKIE] === "ar";
}
function isLang(value) {
  return value === "en" || value === "ar";
}
function dirOf(lang) {
  return lang === "ar" ? "rtl" : "ltr";
}
function textLangAttrs(textLang, pageLang) {
  return textLang !== pageLang ? { lang: textLang, dir: dirOf(textLang) } : {};
}
function langOfDir(dir) {
  return dir === void 0 ? void 0 : dir === "rtl" ? "ar" : "en";
}
function langFromPath(pathname) {
  return pathname === "/ar" || pathname.startsWith("/ar/") ? "ar" : "en";
}
function stripLang(pathname) {
  if (pathname === "/ar") return "/";
  return pathname.startsWith("/ar/") ? pathname.slice(3) : pathname;
}
function localizePath(path, lang) {
  if (lang === "en") return path;
  return path === "/" ? "/ar" : `/ar${path}`;
}
function twinPath(pathname, search, lang) {
  return localizePath(stripLang(pathname), lang) + search;
}
function useLang() {
  return langFromPath(useLocation().pathname);
}
function useLocalizePath() {
  const lang = useLang();
  return useCallback((path) => localizePath(path, lang), [lang]);
}
export {
  LANG_COOKIE as L,
  useLocalizePath as a,
  langFromPath as b,
  textLangAttrs as c,
  dirOf as d,
  languages as e,
  langOfDir as f,
  isLang as i,
  localizePath as l,
  remembersArabic as r,
  stripLang as s,
  twinPath as t,
  useLang as u
};
