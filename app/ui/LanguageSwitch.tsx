import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { LANG_COOKIE, twinPath, type Lang } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";

/** Moves to the same page in the other language and remembers the choice for "/". */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname, search } = useLocation();
  const other: Lang = lang === "en" ? "ar" : "en";
  return (
    <Link
      to={twinPath(pathname, search, other)}
      hrefLang={other}
      lang={other}
      // Read by the enhancement script of pages without React (decision 055).
      data-remember-lang={`${LANG_COOKIE}=${other}`}
      className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
      onClick={() => {
        document.cookie = `${LANG_COOKIE}=${other}; Path=/; Max-Age=31536000; SameSite=Lax`;
      }}
    >
      {t("nav.switchLanguage")}
    </Link>
  );
}
