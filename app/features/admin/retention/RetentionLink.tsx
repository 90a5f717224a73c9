import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";

/** The dashboard's way to the retention and occupancy figures (decision 136): a link, the figures on their own page. */
export function RetentionLink() {
  const { t } = useTranslation("retention");
  return (
    <section aria-labelledby="retention-link-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="retention-link-title" className="mb-1 text-lg font-semibold text-slate-900">
        <LocalLink to="/admin/retention" className="text-indigo-700 underline hover:text-indigo-900">
          {t("dashboardLink")}
        </LocalLink>
      </h2>
      <p className="text-sm text-slate-700">{t("dashboardText")}</p>
    </section>
  );
}
