import { useTranslation } from "react-i18next";
import type { Lang } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";

/** A visible badge on a post shown in the other language ("الإنجليزية" on the Arabic blog); nothing otherwise. */
export function PostLanguage({ lang: postLang, className = "" }: { lang: Lang; className?: string }) {
  const { t } = useTranslation("blog");
  const lang = useLang();
  if (postLang === lang) return null;
  return (
    <span className={`inline-block rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ${className}`}>
      <span className="sr-only">{t("language.label")} </span>
      {t(`language.${postLang}`)}
    </span>
  );
}
