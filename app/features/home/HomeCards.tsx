import { useTranslation } from "react-i18next";
import type { ShownText } from "~/features/site/page-sections";
import { textLangAttrs } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { imageSizes, responsiveImage } from "~/lib/responsive-image";
import { safeUrl } from "~/lib/safe-url";
import type { TeacherProfile, Testimonial } from "./home.server";

/** The home page's cards: a family's testimonial and a teacher. */
export function Quote({ item, showAge = false }: { item: Testimonial; showAge?: boolean }) {
  const { t } = useTranslation("home");
  const attrs = useShownAttrs();
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <blockquote className="flex-1 text-slate-800">
        <p {...attrs(item.review)}>“{item.review.text}”</p>
      </blockquote>
      <figcaption className="mt-4 text-sm text-slate-600">
        <span className="block font-bold text-slate-900" {...attrs(item.name)}>
          {item.name.text}
        </span>
        {showAge && item.age != null ? <span>{t("kids.age", { age: item.age })} · </span> : null}
        <span>
          {t("kids.course")}: <span {...attrs(item.course)}>{item.course.text}</span>
        </span>
      </figcaption>
    </figure>
  );
}

export function TeacherCard({ teacher }: { teacher: TeacherProfile }) {
  const { t } = useTranslation("home");
  const attrs = useShownAttrs();
  const photo = safeUrl(teacher.photo);
  return (
    <article className="flex h-full flex-col items-center rounded-2xl bg-white p-6 text-center shadow-sm">
      {photo ? (
        <img
          src={photo}
          {...responsiveImage(photo, imageSizes.fixed(112))}
          alt=""
          width={112}
          height={112}
          loading="lazy"
          className="h-28 w-28 rounded-full bg-indigo-50 object-cover"
        />
      ) : null}
      <h3 className="mt-4 text-lg font-bold text-slate-900" {...attrs(teacher.name)}>
        {teacher.name.text}
      </h3>
      <p className="mt-1 text-slate-700" {...attrs(teacher.profile)}>
        {teacher.profile.text}
      </p>
      <p className="mt-3 text-sm text-slate-600">
        <span className="font-semibold">{t("teachers.experience")}:</span> <span {...attrs(teacher.experience)}>{teacher.experience.text}</span>
      </p>
    </article>
  );
}

/** `lang` and `dir` of a staff text shown in the other language than the page's. */
function useShownAttrs() {
  const lang = useLang();
  return (shown: ShownText) => textLangAttrs(shown.lang, lang);
}
