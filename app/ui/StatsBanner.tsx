import { useTranslation } from "react-i18next";
import { pageText } from "~/features/site/page-text";
import { useLang } from "~/i18n/use-lang";
import { useRootData } from "~/root";

/** The academy's numbers (specification section 9), on the home and know-more pages; staff edit figures and labels (decision 058). */
const stats = ["students", "classes", "teachers", "years"] as const;

export function StatsBanner() {
  const { t } = useTranslation("pages");
  const lang = useLang();
  const site = pageText(useRootData()?.siteTexts ?? {}, lang);
  return (
    <section aria-label={t("stats.label")} className="bg-indigo-700 text-white">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 text-center md:grid-cols-4">
        {stats.map((key) => (
          <div key={key} className="flex flex-col-reverse">
            <dt className="mt-1 text-lg text-indigo-100" {...site.attrs(`site.stats.${key}`)}>
              {site.text(`site.stats.${key}`)}
            </dt>
            <dd className="text-4xl font-extrabold" dir="ltr">
              {site.text(`site.stats.${key}Value`)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
