import { useTranslation } from "react-i18next";
import type { Lang } from "~/i18n/lang";
import { LocalLink } from "~/ui/LocalLink";
import type { CourseFacts } from "~/features/sections/course-facts";
import { courseMonths } from "./course";

const same = (range: { min: number; max: number }) => range.min === range.max;

/**
 * The course page's length and instructors (issue 42, step 11; decision 115): what its open groups
 * run ("40 sessions · 40 weeks", or a range "depending on the group"), else the course's own fields.
 */
export function CourseGroupFacts({ facts, lang }: { facts: CourseFacts; lang: Lang }) {
  const { t } = useTranslation("courses");
  const { t: tc } = useTranslation();
  const { sessions, weeks, instructors } = facts;
  const sessionsText = same(sessions)
    ? tc("course.sessionCount", { count: sessions.min })
    : t("detail.sessionsRange", { min: sessions.min, count: sessions.max });
  const lengthText = weeks
    ? same(weeks)
      ? t("detail.weeks", { count: weeks.min })
      : t("detail.weeksRange", { min: weeks.min, count: weeks.max })
    : tc("course.months", { count: courseMonths(sessions.min) });
  const varies = !same(sessions) || (weeks !== null && !same(weeks));
  return (
    <>
      <div>
        <dt className="text-sm text-slate-600">{t("detail.sessions")}</dt>
        <dd className="font-semibold" data-course-length={facts.source}>
          {sessionsText} · {lengthText}
          {varies ? <span className="block text-sm font-normal text-slate-600">{t("detail.byGroup")}</span> : null}
        </dd>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <dt className="text-sm text-slate-600">{t(instructors.length > 1 ? "detail.instructors" : "detail.instructor")}</dt>
        <dd className="font-semibold">{instructors.join(lang === "ar" ? "، " : ", ")}</dd>
      </div>
    </>
  );
}

/**
 * Phones: "Free trial class | Enrol now" held at the bottom of the screen while the course's top
 * part (picture, facts, demo box) is read, pure CSS (`position: sticky` inside that part), so it
 * never floats over the groups and the enrolment form below, and it stops short of the WhatsApp
 * button's corner. One line of text, so it stays 58 px tall: inside the 72 px scroll padding that
 * keeps a focused control above the bottom strip (app.css). No script (decision 115).
 */
export function CourseCtaBar({ demoPath, canEnrol }: { demoPath: string; canEnrol: boolean }) {
  const { t } = useTranslation("courses");
  return (
    <nav
      aria-label={t("detail.ctaLabel")}
      className="sticky bottom-2 z-30 me-12 mt-6 flex gap-2 rounded-xl border border-slate-200 bg-white/95 p-2 shadow-lg sm:hidden"
      data-course-cta=""
    >
      <LocalLink
        to={demoPath}
        className="min-w-0 flex-1 whitespace-nowrap rounded-lg bg-indigo-600 px-2 py-2.5 text-center text-sm font-bold text-white hover:bg-indigo-700"
      >
        {t("detail.ctaTrial")}
      </LocalLink>
      {canEnrol ? (
        <a
          href="#enrol"
          className="min-w-0 flex-1 whitespace-nowrap rounded-lg border-2 border-indigo-600 px-2 py-2 text-center text-sm font-bold text-indigo-700 hover:bg-indigo-50"
        >
          {t("detail.ctaEnrol")}
        </a>
      ) : null}
    </nav>
  );
}
