import { useTranslation } from "react-i18next";
import { FeatureGrid, icons } from "~/ui/FeatureGrid";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { StatsBanner } from "~/ui/StatsBanner";

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

/** The know-more page (specification section 2): intro, image, numbers, four areas, call to action. */
export default function KnowMore() {
  const { t } = useTranslation("pages");
  const area = (key: "stem" | "robotics" | "coding" | "modeling") => ({ title: t(`knowMore.areas.${key}.title`), text: t(`knowMore.areas.${key}.text`) });
  return (
    <main id="main">
      <PageMeta title={t("knowMore.metaTitle")} description={t("knowMore.metaDescription")} />
      <section className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2">
        <div>
          <h1 className="text-4xl font-extrabold leading-tight text-slate-900">{t("knowMore.title")}</h1>
          <p className="mt-4 text-lg text-slate-700">{t("knowMore.intro")}</p>
          <p className="mt-4 text-lg text-slate-700">{t("knowMore.intro2")}</p>
        </div>
        <img src="/images/pages/know-more.svg" alt={t("knowMore.imageAlt")} width={640} height={440} className="w-full" />
      </section>
      <StatsBanner />
      <section aria-labelledby="areas-title" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="areas-title" className="text-3xl font-bold text-slate-900">
          {t("knowMore.areasTitle")}
        </h2>
        <FeatureGrid
          features={[
            { key: "stem", icon: icons.bulb, ...area("stem") },
            { key: "robotics", icon: icons.robot, ...area("robotics") },
            { key: "coding", icon: icons.code, ...area("coding") },
            { key: "modeling", icon: icons.cube, ...area("modeling") },
          ]}
        />
      </section>
      <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 pb-8">
        <div className="rounded-3xl bg-indigo-700 p-8 text-white md:p-12">
          <h2 id="cta-title" className="text-3xl font-bold">
            {t("knowMore.ctaTitle")}
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-indigo-100">{t("knowMore.ctaText")}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <LocalLink to="/courses" className="rounded-lg bg-white px-5 py-3 font-semibold text-indigo-700 hover:bg-indigo-50">
              {t("knowMore.ctaCourses")}
            </LocalLink>
            <LocalLink to="/contact-us" className="rounded-lg border border-white px-5 py-3 font-semibold text-white hover:bg-indigo-600">
              {t("knowMore.ctaContact")}
            </LocalLink>
          </div>
        </div>
      </section>
    </main>
  );
}
