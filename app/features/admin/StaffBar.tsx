import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "~/ui/LanguageSwitch";
import { LocalLink } from "~/ui/LocalLink";

/**
 * The top bar of the staff area, in place of the public navbar: the brand back to the site and the
 * language switch. No public menu, footer or WhatsApp button to cover the screens' own controls.
 */
export function StaffBar() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation("admin");
  return (
    <header className="border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
        <LocalLink to="/" className="flex min-w-0 items-center gap-2 font-bold text-indigo-700">
          <img src="/images/logo.svg" alt="" width={28} height={28} />
          <span className="truncate">{t("brand")}</span>
          <span className="sr-only">: {ta("layout.viewSite")}</span>
        </LocalLink>
        <div className="ms-auto">
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
