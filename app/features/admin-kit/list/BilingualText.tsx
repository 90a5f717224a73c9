import type { ReactNode } from "react";
import { useLang } from "~/i18n/use-lang";

/**
 * A staff-entered text kept in both languages, in a list cell: the screen's language when it has
 * one, else the other, marked with its own language and direction; `fallback` when neither exists.
 */
export function BilingualText({ en, ar, fallback = null }: { en: string | null | undefined; ar: string | null | undefined; fallback?: ReactNode }) {
  const lang = useLang();
  const texts = { en: en?.trim() ?? "", ar: ar?.trim() ?? "" };
  const shown = texts[lang] ? lang : texts[lang === "ar" ? "en" : "ar"] ? (lang === "ar" ? "en" : "ar") : null;
  if (!shown) return <>{fallback}</>;
  return (
    <span lang={shown} dir={shown === "ar" ? "rtl" : "ltr"}>
      {texts[shown]}
    </span>
  );
}
