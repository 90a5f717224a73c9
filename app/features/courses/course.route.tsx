import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { ContentBlocks } from "~/features/blog/ContentBlocks";
import { imageUrlsOf } from "~/features/blog/content-blocks";
import { libraryAlts as mediaAlts } from "~/features/media/media.server";
import { CourseJsonLd } from "./CourseJsonLd";
import { langFromPath, localizePath, textLangAttrs } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { formatPrice } from "~/lib/money";
import { safeUrl } from "~/lib/safe-url";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/course.route";
import { courseFacts } from "~/features/sections/course-facts";
import { CourseCtaBar, CourseGroupFacts } from "./CourseGroupFacts";
import { courseSlugById, getCourseDetail } from "./course-detail.server";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";
import { isFormState } from "~/lib/forms/form-state";
import { CourseSections } from "~/features/sections/CourseSections";
import { courseSectionsFor } from "~/features/sections/course-sections.server";
import { enrolFormAction } from "~/features/sections/enrol.action.server";
import { ENROL_FORM } from "~/features/sections/forms";

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

/** The enrolment form posts here, with or without JavaScript (issue 29). */
export const action = enrolFormAction;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const lang = langFromPath(new URL(request.url).pathname);
  // The footer of the original linked /courses/{id}: send those visitors to the slug for good.
  if (/^\d{1,15}$/.test(params.slug)) {
    const slug = await courseSlugById(context.db, Number(params.slug));
    if (slug) throw redirect(localizePath(`/courses/${slug}`, lang), 301);
  }
  const course = await getCourseDetail(context.db, params.slug, lang);
  if (!course) throw data(null, { status: 404 });
  // The media library's alt texts for the course's images, which carry none of their own.
  const libraryAlts = await mediaAlts(context.db, [course.courseImage, ...imageUrlsOf(course.blocks)], lang);
  const sections = await courseSectionsFor(context, Number(course._id), lang, new URL(request.url).searchParams);
  // Length and instructors as its open groups run them; the course's own fields without one (decision 115).
  const groups = sections.sections.map((card) => ({ ...card, meetings: card.meetingTimes.map((meeting) => ({ startsAt: meeting.at })) }));
  const facts = courseFacts(groups, { sessions: course.courseDuration, instructor: course.instructorName });
  // A demo follow-up's link fills in a child's and parent's details: that page is theirs alone.
  if (sections.fromDemo) return data({ course, libraryAlts, sections, facts }, { headers: { "Cache-Control": "private, no-store" } });
  return { course, libraryAlts, sections, facts };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-hidden="true" className="text-amber-500">
      {"★".repeat(Math.round(rating))}
      <span className="text-slate-300">{"★".repeat(Math.max(0, 5 - Math.round(rating)))}</span>
    </span>
  );
}

/** One course: everything a parent needs to decide, and the way to a demo class. */
export default function CoursePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("courses");
  const { course, libraryAlts, sections, facts } = loaderData;
  const lang = useLang();
  const image = safeUrl(course.courseImage);
  const demoPath = `/courses/${course.slug}/bookdemoclass`;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <PageMeta title={course.metaTitle} description={course.metaDescription} image={image} />
      <CourseJsonLd course={course} />
      {/* The top part holds the phones' sticky trial/enrol bar: it stops where the groups begin. */}
      <div>
        <LocalLink to="/courses" className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:underline">
          <span aria-hidden="true" className="flip-rtl">
            ←
          </span>
          {t("detail.back")}
        </LocalLink>
        <div className="mt-6 grid gap-10 lg:grid-cols-2">
          {image ? (
            <img
              src={image}
              {...responsiveImage(image, imageSizes.main)}
              alt={libraryAlts[course.courseImage] ?? ""}
              width={800}
              height={500}
              fetchPriority="high"
              className="aspect-[8/5] w-full rounded-2xl border border-slate-200 object-cover"
            />
          ) : null}
          <div>
            <h1 className="text-4xl font-extrabold text-slate-900" {...textLangAttrs(course.lang, lang)}>
              {course.courseName}
            </h1>
            <p className="mt-4 text-lg text-slate-700" {...textLangAttrs(course.lang, lang)}>
              {course.courseDescription}
            </p>
            <h2 className="sr-only">{t("detail.facts")}</h2>
            <dl className="mt-6 grid grid-cols-2 gap-4 rounded-2xl bg-slate-50 p-5 text-slate-800">
              <div>
                <dt className="text-sm text-slate-600">{t("detail.ages")}</dt>
                <dd className="font-semibold">{t("detail.agesValue", { min: course.ageGroup.min, max: course.ageGroup.max })}</dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{t("detail.price")}</dt>
                <dd className="font-semibold">
                  <span>{formatPrice(course.coursePrice, course.currency, lang)}</span>
                  {course.originalPrice != null ? (
                    <>
                      {" "}
                      <span className="sr-only">{t("detail.originalPrice")}: </span>
                      <s className="font-normal text-slate-500" dir="ltr">
                        {formatPrice(course.originalPrice, course.currency, lang)}
                      </s>
                    </>
                  ) : null}
                </dd>
              </div>
              <CourseGroupFacts facts={facts} lang={lang} />
              {course.courseRating != null ? (
                <div className="col-span-2">
                  <dt className="text-sm text-slate-600">{t("detail.rating")}</dt>
                  <dd className="flex items-center gap-2 font-semibold">
                    <Stars rating={course.courseRating} />
                    {t("detail.ratingValue", { rating: course.courseRating })}
                  </dd>
                </div>
              ) : null}
            </dl>
            <div className="mt-6 rounded-2xl border border-indigo-100 bg-indigo-50 p-5">
              <p className="text-slate-800">{t("detail.bookDemoText")}</p>
              <LocalLink to={demoPath} className="mt-4 inline-block rounded-lg bg-indigo-600 px-5 py-3 font-semibold text-white hover:bg-indigo-700">
                {t("detail.bookDemo")}
              </LocalLink>
            </div>
          </div>
        </div>
        <CourseCtaBar demoPath={demoPath} canEnrol={sections.sections.length > 0} />
      </div>
      <CourseSections
        data={sections}
        courseSlug={course.slug}
        action={lang === "ar" ? `/ar/courses/${course.slug}` : `/courses/${course.slug}`}
        served={isFormState(actionData, ENROL_FORM) ? actionData : null}
      />
      {course.blocks.length > 0 ? (
        <section aria-labelledby="course-about" className="mt-14 max-w-3xl">
          <h2 id="course-about" className="text-3xl font-bold text-slate-900">
            {t("detail.about")}
          </h2>
          <ContentBlocks blocks={course.blocks} libraryAlts={libraryAlts} className="mt-6 space-y-5 text-lg leading-8 text-slate-800" />
        </section>
      ) : null}
      {course.faqs.length > 0 ? (
        <section aria-labelledby="course-faqs" className="mt-14 max-w-3xl">
          <h2 id="course-faqs" className="text-3xl font-bold text-slate-900">
            {t("detail.faqs")}
          </h2>
          <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200">
            {course.faqs.map((faq) => (
              <details key={faq.question} className="group p-5">
                <summary className="cursor-pointer font-semibold text-slate-900">{faq.question}</summary>
                <p className="mt-3 text-slate-700">{faq.answer}</p>
              </details>
            ))}
          </div>
        </section>
      ) : null}
    </main>
  );
}
