import { useTranslation } from "react-i18next";
import { AGE_GROUPS } from "~/features/courses/age-groups";
import { StatsBanner } from "~/ui/StatsBanner";
import { SchoolForm } from "~/features/school/SchoolForm";
import { schoolFormAction } from "~/features/school/school.action.server";
import { langFromPath } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/home.route";
import { CourseSlider } from "./CourseSlider";
import { FeatureGrid, icons } from "~/ui/FeatureGrid";
import { homeContent } from "./home.server";
import { Quote, TeacherCard } from "./HomeCards";
import { pageText } from "~/features/site/page-text";
import { useLang } from "~/i18n/use-lang";

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

/** The school form in the for-schools section posts here when JavaScript is not running. */
export const action = schoolFormAction;

export async function loader({ request, context }: Route.LoaderArgs) {
  return homeContent(context.db, langFromPath(new URL(request.url).pathname));
}

const primaryButton = "rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700";
const secondaryButton = "rounded-lg border border-indigo-600 px-5 py-3 font-semibold text-indigo-700 hover:bg-indigo-50";
const sectionTitle = "text-3xl font-bold text-slate-900";

/** The home page, its sections in the original's order (original-site-facts.md). */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("home");
  const page = pageText(loaderData.texts, useLang());
  // A staff-edited text with its language (marked when it is the English standing in for Arabic).
  const say = (key: string) => ({ ...page.attrs(key), children: page.text(key) });
  const card = (base: string) => ({ title: <span {...say(`${base}Title`)} />, text: <span {...say(`${base}Text`)} /> });
  return (
    <main id="main">
      <PageMeta title={t("metaTitle")} description={t("metaDescription")} />
      <Hero say={say} />

      <section aria-labelledby="why-title" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="why-title" className={sectionTitle} {...say("why.title")} />
        <p className="mt-3 max-w-2xl text-lg text-slate-700" {...say("why.intro")} />
        <FeatureGrid
          features={[
            { key: "mentors", icon: icons.mentor, ...card("why.mentors") },
            { key: "projects", icon: icons.build, ...card("why.projects") },
            { key: "batches", icon: icons.group, ...card("why.batches") },
            { key: "flexible", icon: icons.clock, ...card("why.flexible") },
          ]}
        />
      </section>

      <section aria-labelledby="about-title" className="bg-slate-50">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2">
          <img
            src="/images/pages/about.svg"
            {...page.attrs("about.imageAlt")}
            alt={page.text("about.imageAlt")}
            width={640}
            height={440}
            loading="lazy"
            className="w-full"
          />
          <div>
            <h2 id="about-title" className={sectionTitle} {...say("about.title")} />
            <p className="mt-4 text-lg text-slate-700" {...say("about.text1")} />
            <p className="mt-4 text-lg text-slate-700" {...say("about.text2")} />
            <LocalLink to="/know-more-info" className={`mt-6 inline-block ${secondaryButton}`}>
              {t("about.more")}
            </LocalLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="latest-title" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="latest-title" className={sectionTitle} {...say("headings.latestTitle")} />
        <p className="mt-3 text-lg text-slate-700" {...say("headings.latestIntro")} />
        <div className="mt-6">
          <CourseSlider courses={loaderData.latest} />
        </div>
        <LocalLink to="/courses" className="mt-4 inline-block font-semibold text-indigo-700 hover:underline">
          {t("latest.all")}
        </LocalLink>
      </section>

      <section aria-labelledby="age-title" className="mx-auto max-w-7xl px-4 pb-16">
        <h2 id="age-title" className={sectionTitle} {...say("ageFilter.title")} />
        <p className="mt-3 text-lg text-slate-700" {...say("ageFilter.text")} />
        <ul className="mt-6 flex flex-wrap gap-3">
          {AGE_GROUPS.map((group) => (
            <li key={group}>
              <LocalLink
                to={`/courses?age=${group}`}
                className="block rounded-full border-2 border-indigo-200 bg-white px-5 py-2 font-semibold text-indigo-700 hover:border-indigo-600"
              >
                {t("ageFilter.years", { range: group })}
              </LocalLink>
            </li>
          ))}
          <li>
            <LocalLink
              to="/courses"
              className="block rounded-full border-2 border-slate-200 bg-white px-5 py-2 font-semibold text-slate-700 hover:border-slate-500"
            >
              {t("ageFilter.all")}
            </LocalLink>
          </li>
        </ul>
      </section>

      <StatsBanner />

      <section aria-labelledby="parents-title" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="parents-title" className={sectionTitle} {...say("headings.parentsTitle")} />
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {loaderData.parents.map((item) => (
            <li key={item.id}>
              <Quote item={item} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="teachers-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="teachers-title" className={sectionTitle} {...say("headings.teachersTitle")} />
          <p className="mt-3 text-lg text-slate-700" {...say("headings.teachersIntro")} />
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {loaderData.teachers.map((teacher) => (
              <li key={teacher.id}>
                <TeacherCard teacher={teacher} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="why2-title" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="why2-title" className={sectionTitle} {...say("why2.title")} />
        <FeatureGrid
          features={[
            { key: "certificates", icon: icons.award, ...card("why2.certificates") },
            { key: "progress", icon: icons.chart, ...card("why2.progress") },
            { key: "safe", icon: icons.shield, ...card("why2.safe") },
            { key: "future", icon: icons.rocket, ...card("why2.future") },
          ]}
        />
      </section>

      <section aria-labelledby="kids-title" className="bg-amber-50">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="kids-title" className={sectionTitle} {...say("headings.kidsTitle")} />
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.kids.map((item) => (
              <li key={item.id}>
                <Quote item={item} showAge />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="camp-title" className="mx-auto max-w-7xl px-4 py-16">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-gradient-to-r from-orange-500 to-amber-400 p-8 text-white md:flex-row md:items-center md:justify-between md:p-12">
          <div>
            <h2 id="camp-title" className="text-3xl font-extrabold" {...say("camp.title")} />
            <p className="mt-2 max-w-xl text-lg" {...say("camp.text")} />
          </div>
          <LocalLink to="/summer-camp" className="shrink-0 rounded-lg bg-white px-6 py-3 font-bold text-orange-700 hover:bg-orange-50">
            <span {...say("camp.button")} />
          </LocalLink>
        </div>
      </section>

      <ForSchools say={say} />
    </main>
  );
}

type Say = (key: string) => { children: string; lang?: string; dir?: "ltr" | "rtl" };

function Hero({ say }: { say: Say }) {
  const { t } = useTranslation("home");
  // The picture's description is a staff text too: its words as `alt`, marked when English stands in for Arabic.
  const imageAlt = (key: string) => {
    const { children, ...attrs } = say(key);
    return { ...attrs, alt: children };
  };
  return (
    <section className="bg-gradient-to-br from-indigo-50 to-amber-50">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 md:grid-cols-2 md:py-24">
        <div>
          <h1 className="text-4xl font-extrabold leading-tight text-slate-900 md:text-5xl" {...say("hero.title")} />
          <p className="mt-4 text-lg text-slate-700" {...say("hero.text")} />
          <ul className="mt-6 space-y-2 text-slate-800">
            {(["benefit1", "benefit2", "benefit3"] as const).map((key) => (
              <li key={key} className="flex items-center gap-2">
                <span aria-hidden="true" className="text-green-600">
                  ✓
                </span>
                <span {...say(`hero.${key}`)} />
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <LocalLink to="/book-trial" className={primaryButton}>
              {t("hero.bookTrial")}
            </LocalLink>
            <LocalLink to="/contact-us" className={secondaryButton}>
              {t("hero.contactUs")}
            </LocalLink>
            <LocalLink to="/know-more-info" className={secondaryButton}>
              {t("hero.learnMore")}
              <span className="sr-only"> {t("hero.learnMoreAbout")}</span>
            </LocalLink>
          </div>
        </div>
        <img src="/images/pages/hero.svg" {...imageAlt("hero.imageAlt")} width={640} height={480} fetchPriority="high" className="w-full" />
      </div>
    </section>
  );
}

function ForSchools({ say }: { say: Say }) {
  return (
    <section aria-labelledby="schools-title" className="bg-indigo-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="font-semibold uppercase tracking-wide text-indigo-700" {...say("schools.eyebrow")} />
          <h2 id="schools-title" className={`mt-2 ${sectionTitle}`} {...say("schools.title")} />
          <p className="mt-4 text-lg text-slate-700" {...say("schools.text")} />
        </div>
        <div className="lg:col-span-3">
          <SchoolForm />
        </div>
      </div>
    </section>
  );
}
