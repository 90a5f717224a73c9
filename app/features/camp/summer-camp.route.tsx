import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { getSiteSettings } from "~/features/site/site.server";
import { pageTexts } from "~/features/site/page-sections.server";
import { sayer } from "~/features/site/page-text";
import { CAMP_TOPICS, fillText } from "~/features/site/page-sections";
import { langFromPath, localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { isFormState } from "~/lib/forms/form-state";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/summer-camp.route";
import { CampCard } from "./CampCard";
import { formatCampDate, formatCampYear, type Camp } from "./camp";
import { listCamps } from "./camps.server";
import { CurriculumModal, CurriculumSection, CurriculumTable, type CurriculumHeading } from "./CurriculumModal";
import { useStaticPage } from "~/root";
import { StaticDialog } from "~/ui/StaticDialog";
import { BrochureForm } from "./BrochureForm";
import { brochureFormAction } from "./brochure.action.server";
import { BrochureDownload, BrochureSection } from "./BrochureSection";
import { BrochureModal } from "./BrochureModal";
import { BROCHURE_FORM } from "./camp-forms";
import { BROCHURE_QUERY, CURRICULUM_QUERY } from "./paths";

/** The brochure form posts here when JavaScript is not running. */
export const action = brochureFormAction;

// No React for visitors who are not signed in: the two dialogs are native <dialog>s opened by the
// enhancement script, the brochure form is sent by it (decision 055).
export const handle = { hydrate: false };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const [camps, settings, texts] = await Promise.all([listCamps(context.db, lang), getSiteSettings(context.db), pageTexts(context.db, ["summer-camp"], lang)]);
  return {
    camps,
    // The page's own words outside the camp cards, as staff edit them (decision 058).
    texts,
    // Formatted here so the server and the browser show the same text.
    startDate: formatCampDate(settings.campStartDate, lang),
    // The season's year follows the start date in settings, never a year written in the texts.
    year: formatCampYear(settings.campStartDate, lang),
    startIso: settings.campStartDate,
    recentSignups: settings.campRecentSignups,
    // ?brochure=1: the Brochure button before script runs; the form shows on the page itself.
    brochureOnPage: url.searchParams.has(BROCHURE_QUERY),
    brochureSent: url.searchParams.get("notice") === "brochure-sent",
    curriculumOnPage: url.searchParams.get(CURRICULUM_QUERY),
  };
}

const reasons = ["handsOn", "mentors", "future", "showcase"] as const;

export default function SummerCamp({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("camp");
  const lang = useLang();
  const say = sayer(loaderData.texts, lang);
  // Staff texts with a placeholder: the season's year, the camp's name.
  const filled = (key: string, values: Record<string, string>) => {
    const { children, ...attrs } = say(key);
    return { ...attrs, text: fillText(children, values) };
  };
  const eyebrow = filled("banner.eyebrow", { year: loaderData.year });
  const { text: imageAlt, ...imageAltAttrs } = filled("banner.imageAlt", {});
  const curriculumHeading: CurriculumHeading = (camp) => {
    const { text, ...attrs } = filled("headings.curriculumTitle", { camp: camp.title });
    return <span {...attrs}>{text}</span>;
  };
  const { camps, startDate, startIso, year, recentSignups, brochureSent, curriculumOnPage } = loaderData;
  const curriculumCamp = camps.find((camp) => camp.slug === curriculumOnPage);
  const [details, setDetails] = useState<Camp | null>(null);
  const [brochureOpen, setBrochureOpen] = useState(false);
  // The dialog (and its form) is only put in the page once asked for.
  const [brochureWanted, setBrochureWanted] = useState(false);
  // A refused brochure post (no script) comes back with the form on the page.
  const brochureOnPage = loaderData.brochureOnPage || isFormState(actionData, BROCHURE_FORM);
  const page = localizePath("/summer-camp", lang);
  const staticPage = useStaticPage();
  // Once script runs the button opens the dialog; before, it submits the little GET form below.
  const openBrochure = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setBrochureWanted(true);
    setBrochureOpen(true);
  };

  return (
    <main id="main">
      <PageMeta title={t("meta.title", { year })} description={t("meta.description", { date: startDate })} />
      <section className="bg-gradient-to-br from-amber-50 via-white to-indigo-50">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 md:grid-cols-2 md:py-20">
          <div>
            <p className="font-semibold uppercase tracking-wide text-indigo-700" lang={eyebrow.lang} dir={eyebrow.dir}>
              {eyebrow.text}
            </p>
            <h1 className="mt-2 text-4xl font-extrabold leading-tight text-slate-900 md:text-5xl" {...say("banner.title")} />
            <p className="mt-4 text-lg text-slate-700" {...say("banner.intro")} />
            <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 font-semibold text-slate-900 shadow-sm ring-1 ring-slate-200">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 text-indigo-700" fill="none" stroke="currentColor" strokeWidth="2">
                <rect x="3" y="5" width="18" height="16" rx="2" />
                <path d="M3 10h18M8 3v4M16 3v4" />
              </svg>
              <span className="sr-only">{t("banner.startLabel")}: </span>
              <time dateTime={startIso}>{t("banner.startsOn", { date: startDate })}</time>
            </p>
            <section aria-label={t("banner.topicsLabel")} className="mt-5">
              <ul className="flex flex-wrap gap-2">
                {CAMP_TOPICS.map((topic) => (
                  <li key={topic} className="rounded-full bg-indigo-100 px-3 py-1 text-sm font-medium text-indigo-800" {...say(`topics.${topic}`)} />
                ))}
              </ul>
            </section>
            <div className="mt-8 flex flex-wrap gap-3">
              <LocalLink to="/enroll" className="rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
                {t("banner.enrollNow")}
              </LocalLink>
              <form id="brochure-open" method="get" action={`${page}#${BROCHURE_FORM}`} hidden />
              <button
                type="submit"
                form="brochure-open"
                name={BROCHURE_QUERY}
                value="1"
                data-dialog={staticPage ? "brochure-dialog" : undefined}
                onClick={openBrochure}
                className="rounded-lg bg-amber-400 px-5 py-3 font-semibold text-slate-900 hover:bg-amber-300"
              >
                {t("banner.brochure")}
              </button>
              <LocalLink
                to="/courses/stem-learning/bookdemoclass"
                className="rounded-lg border border-indigo-600 px-5 py-3 font-semibold text-indigo-700 hover:bg-indigo-50"
              >
                {t("banner.demoClass")}
              </LocalLink>
            </div>
          </div>
          <img
            src="/images/camp/summer-camp.svg"
            {...imageAltAttrs}
            alt={imageAlt}
            width={640}
            height={480}
            fetchPriority="high"
            className="w-full rounded-3xl"
          />
        </div>
      </section>

      {brochureOnPage ? <BrochureSection /> : null}
      {brochureSent ? <BrochureDownload /> : null}

      <section aria-labelledby="spots-title" className="bg-red-600 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-4 text-center">
          <h2 id="spots-title" className="flex items-center gap-2 text-xl font-extrabold">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor">
              <path d="M12 2c1 4 5 5.5 5 11a5 5 0 0 1-10 0c0-2.5 1.2-4 2.5-5.5C10 10 11 11 12 11c0-3-1.5-5 0-9z" />
            </svg>
            <span {...say("spots.title")} />
          </h2>
          <p className="text-lg">{t("spots.text", { n: recentSignups })}</p>
        </div>
      </section>

      <section aria-labelledby="why-title" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="why-title" className="text-center text-3xl font-bold text-slate-900" {...say("why.title")} />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map((reason) => (
            <li key={reason} className="rounded-2xl bg-indigo-50 p-6">
              <h3 className="text-lg font-bold text-slate-900" {...say(`why.${reason}Title`)} />
              <p className="mt-2 text-slate-700" {...say(`why.${reason}Text`)} />
            </li>
          ))}
        </ul>
      </section>

      <section id="camps" aria-labelledby="camps-title" className="bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="camps-title" className="text-center text-3xl font-bold text-slate-900" {...say("headings.campsTitle")} />
          <div className="mt-10 grid gap-8 md:grid-cols-2">
            {camps.map((camp) => (
              <CampCard key={camp.slug} camp={camp} onDetails={() => setDetails(camp)} dialog={staticPage ? `curriculum-dialog-${camp.slug}` : undefined} />
            ))}
          </div>
        </div>
      </section>

      {curriculumCamp ? <CurriculumSection camp={curriculumCamp} heading={curriculumHeading} /> : null}

      <section aria-labelledby="more-title" className="mx-auto max-w-7xl px-4 py-16 text-center">
        <h2 id="more-title" className="text-2xl font-bold text-slate-900" {...say("headings.moreTitle")} />
        <LocalLink to="/courses" className="mt-6 inline-block rounded-lg bg-indigo-600 px-6 py-3 font-semibold text-white hover:bg-indigo-700">
          {t("moreCourses.button")}
        </LocalLink>
      </section>

      {staticPage ? (
        <StaticDialogs camps={camps} heading={curriculumHeading} />
      ) : (
        <>
          <CurriculumModal camp={details} onClose={() => setDetails(null)} heading={curriculumHeading} />
          {brochureWanted ? <BrochureModal open={brochureOpen} onClose={() => setBrochureOpen(false)} /> : null}
        </>
      )}
    </main>
  );
}

/** Without React: each camp's curriculum and the brochure form as closed native dialogs (app/enhance/dialogs.ts). */
function StaticDialogs({ camps, heading }: { camps: Camp[]; heading: CurriculumHeading }) {
  const { t } = useTranslation("camp");
  const close = "rounded-lg border border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-100";
  return (
    <>
      {camps.map((camp) => (
        <StaticDialog key={camp.slug} id={`curriculum-dialog-${camp.slug}`} title={heading(camp)} className="max-w-5xl">
          <CurriculumTable camp={camp} />
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <LocalLink
              to={`/enroll?camp=${encodeURIComponent(camp.slug)}`}
              className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700"
            >
              {t("curriculum.enroll")}
            </LocalLink>
            <button type="button" data-close-dialog="" className={close}>
              {t("curriculum.close")}
            </button>
          </div>
        </StaticDialog>
      ))}
      <StaticDialog id="brochure-dialog" title={t("brochureForm.title")}>
        <p className="text-slate-700">{t("brochureForm.intro")}</p>
        <BrochureForm staticDialog />
      </StaticDialog>
    </>
  );
}
