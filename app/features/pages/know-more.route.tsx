import { useTranslation } from "react-i18next";
import { FeatureGrid, icons } from "~/ui/FeatureGrid";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { StatsBanner } from "~/ui/StatsBanner";
import { langFromPath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { pageTexts } from "~/features/site/page-sections.server";
import { sayer } from "~/features/site/page-text";
import type { Route } from "./+types/know-more.route";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { texts: await pageTexts(context.db, ["know-more"], langFromPath(new URL(request.url).pathname)) };
}

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

/** The know-more page (specification section 2): intro, image, numbers, four areas, call to action. */
export default function KnowMore({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const say = sayer(loaderData.texts, useLang());
  const area = (key: "stem" | "robotics" | "coding" | "modeling") => ({
    title: <span {...say(`areas.${key}Title`)} />,
    text: <span {...say(`areas.${key}Text`)} />,
  });
  return (
    <main id="main">
      <PageMeta title={t("knowMore.metaTitle")} description={t("knowMore.metaDescription")} />
      <section className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2">
        <div>
          <h1 className="text-4xl font-extrabold leading-tight text-slate-900" {...say("intro.title")} />
          <p className="mt-4 text-lg text-slate-700" {...say("intro.intro")} />
          <p className="mt-4 text-lg text-slate-700" {...say("intro.intro2")} />
        </div>
        <img src="/images/pages/know-more.svg" alt={t("knowMore.imageAlt")} width={640} height={440} className="w-full" />
      </section>
      <StatsBanner />
      <section aria-labelledby="areas-title" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="areas-title" className="text-3xl font-bold text-slate-900" {...say("areas.title")} />
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
          <h2 id="cta-title" className="text-3xl font-bold" {...say("cta.title")} />
          <p className="mt-3 max-w-2xl text-lg text-indigo-100" {...say("cta.text")} />
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
