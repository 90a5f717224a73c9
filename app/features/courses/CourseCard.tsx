import { useTranslation } from "react-i18next";
import { textLangAttrs } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { Money } from "~/ui/Money";
import { imageLoading } from "~/ui/image-loading";
import { LocalLink } from "~/ui/LocalLink";
import { courseMonths, type Course } from "./course";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";

/** A course in a grid: image, name, description, ages, months, price, sessions, View Course. */
export function CourseCard({ course, first = false }: { course: Course; first?: boolean }) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation("courses");
  const lang = useLang();
  return (
    <article className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <img
        src={course.courseImage}
        {...responsiveImage(course.courseImage, imageSizes.card)}
        alt=""
        width={800}
        height={500}
        {...imageLoading(first)}
        className="aspect-[8/5] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold text-slate-900" {...textLangAttrs(course.lang, lang)}>
          {course.courseName}
        </h3>
        <p className="mt-2 line-clamp-3 text-sm text-slate-700" {...textLangAttrs(course.lang, lang)}>
          {course.courseDescription}
        </p>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm text-slate-700">
          <div>
            <dt className="sr-only">{t("course.ages")}</dt>
            <dd>{t("course.ageRange", { min: course.ageGroup.min, max: course.ageGroup.max })}</dd>
          </div>
          <div>
            <dt className="sr-only">{t("course.duration")}</dt>
            <dd>{t("course.months", { count: courseMonths(course.courseDuration) })}</dd>
          </div>
          <div>
            <dt className="sr-only">{t("course.price")}</dt>
            <dd className="font-semibold text-slate-900">
              <Money price={course.coursePrice} currency={course.currency} lang={lang} />
            </dd>
          </div>
          <div>
            <dt className="sr-only">{t("course.sessions")}</dt>
            <dd>{t("course.sessionCount", { count: course.courseDuration })}</dd>
          </div>
        </dl>
        <LocalLink
          to={`/courses/${course.slug}`}
          className="mt-5 inline-block rounded-lg bg-indigo-600 px-4 py-2 text-center font-semibold text-white hover:bg-indigo-700"
        >
          {tc("viewCourse")}
          <span className="sr-only">: {course.courseName}</span>
        </LocalLink>
      </div>
    </article>
  );
}
