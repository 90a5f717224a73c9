import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { FeatureGrid, icons } from "~/ui/FeatureGrid";
// The page's call to action scrolls to this form and focuses it: it hydrates with the page, not lazily.
import { SCHOOL_FORM_ID, SchoolForm } from "~/features/school/SchoolForm";
import { schoolFormAction } from "~/features/school/school.action.server";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { langFromPath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { pageTexts } from "~/features/site/page-sections.server";
import { sayer } from "~/features/site/page-text";
import type { Route } from "./+types/stemlab.route";

export async function loader({ request, context }: Route.LoaderArgs) {
  return { texts: await pageTexts(context.db, ["stemlab"], langFromPath(new URL(request.url).pathname)) };
}

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

/** The school form at the foot of the page posts here when JavaScript is not running. */
export const action = schoolFormAction;

/** Brings the school form into view and puts the cursor in its first field (the link's #hash does the scrolling without script). */
function scrollToSchoolForm(event: MouseEvent<HTMLAnchorElement>) {
  const form = document.getElementById(SCHOOL_FORM_ID);
  if (!form) return;
  event.preventDefault();
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  form.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
  form.querySelector<HTMLInputElement>("input")?.focus({ preventScroll: true });
}

/** The STEM lab for schools (original-site-facts.md), ending with the school form. */
export default function StemLab({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const say = sayer(loaderData.texts, useLang());
  const card = (key: "equipment" | "guidance" | "projects" | "realWorld") => ({
    title: <span {...say(`expect.${key}Title`)} />,
    text: <span {...say(`expect.${key}Text`)} />,
  });
  return (
    <main id="main">
      <PageMeta title={t("stemlab.metaTitle")} description={t("stemlab.metaDescription")} />
      <section className="bg-gradient-to-br from-indigo-50 to-sky-50">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2">
          <div>
            <h1 className="text-4xl font-extrabold text-slate-900" {...say("intro.title")} />
            <p className="mt-4 text-lg text-slate-700" {...say("intro.intro")} />
          </div>
          <img src="/images/pages/stemlab.svg" alt={t("stemlab.imageAlt")} width={640} height={440} className="w-full" />
        </div>
      </section>
      <section aria-labelledby="expect-title" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="expect-title" className="text-3xl font-bold text-slate-900" {...say("expect.title")} />
        <FeatureGrid
          features={[
            { key: "equipment", icon: icons.robot, ...card("equipment") },
            { key: "guidance", icon: icons.mentor, ...card("guidance") },
            { key: "projects", icon: icons.group, ...card("projects") },
            { key: "realWorld", icon: icons.bulb, ...card("realWorld") },
          ]}
        />
      </section>
      <section aria-labelledby="creativity-title" className="mx-auto max-w-7xl px-4 pb-16">
        <div className="grid gap-10 rounded-3xl bg-indigo-700 p-8 text-white md:p-12 lg:grid-cols-2">
          <div>
            <h2 id="creativity-title" className="text-3xl font-bold" {...say("creativity.title")} />
            <p className="mt-3 text-lg text-indigo-100" {...say("creativity.text")} />
            <div className="mt-6 flex flex-wrap gap-3">
              <a
                href={`#${SCHOOL_FORM_ID}`}
                onClick={scrollToSchoolForm}
                className="rounded-lg bg-white px-5 py-3 font-semibold text-indigo-700 hover:bg-indigo-50"
              >
                {t("stemlab.schedule")}
              </a>
              <LocalLink to="/know-more-info" className="rounded-lg border border-white px-5 py-3 font-semibold text-white hover:bg-indigo-600">
                {t("stemlab.learnMore")}
              </LocalLink>
            </div>
          </div>
          {/* Named on a section, not the list: screen readers often skip a list's name (issue 28). */}
          <section aria-label={t("stemlab.statsLabel")}>
            <dl className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
              {(["stat1", "stat2", "stat3"] as const).map((key) => (
                <div key={key} className="flex flex-col-reverse rounded-2xl bg-white/10 p-5">
                  <dt className="mt-1 text-indigo-100" {...say(`creativity.${key}`)} />
                  <dd className="text-3xl font-extrabold" dir="ltr">
                    {say(`creativity.${key}Value`).children}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      </section>
      <section className="mx-auto max-w-3xl px-4 pb-8">
        <SchoolForm />
      </section>
    </main>
  );
}
