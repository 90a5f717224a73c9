import { useTranslation } from "react-i18next";

/** The academy's numbers (specification section 9), on the home and know-more pages. */
const stats = [
  { key: "students", value: 156 },
  { key: "classes", value: 568 },
  { key: "teachers", value: 40 },
  { key: "years", value: 6 },
] as const;

export function StatsBanner() {
  const { t } = useTranslation("pages");
  return (
    <section aria-label={t("stats.label")} className="bg-indigo-700 text-white">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 text-center md:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.key} className="flex flex-col-reverse">
            <dt className="mt-1 text-lg text-indigo-100">{t(`stats.${stat.key}`)}</dt>
            <dd className="text-4xl font-extrabold" dir="ltr">
              {stat.value}+
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
