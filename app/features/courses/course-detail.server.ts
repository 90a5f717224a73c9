import type { DB } from "~server/db/db";
import { fromDbJson } from "~server/db/values";
import { pick } from "~/i18n/localized";
import type { Lang } from "~/i18n/lang";
import type { CourseDetail, CourseFaq } from "./course-detail";
import { toCourse } from "./courses.server";
import { catalogueCourses, courseById } from "~/features/admin-content/queries.server";

interface StoredFaq {
  question?: { en?: string; ar?: string };
  answer?: { en?: string; ar?: string };
}

/** A bilingual stored pair in the wanted language, English when that text is missing. */
const inLang = (pair: { en?: string; ar?: string } | undefined, lang: Lang): string => (pair?.[lang]?.trim() ? pair[lang] : pair?.en) ?? "";

/** One course with everything its page shows, or null when no course has that slug. */
export async function getCourseDetail(db: DB, slug: string, lang: Lang): Promise<CourseDetail | null> {
  const row = await catalogueCourses(db).where("slug", "=", slug).executeTakeFirst();
  if (!row) return null;
  // Arabic content falls back to English blocks when staff have not written them yet.
  const localBlocks = fromDbJson<unknown[]>(lang === "ar" ? row.content_ar : row.content_en, []);
  const blocks = localBlocks.length > 0 ? localBlocks : fromDbJson<unknown[]>(row.content_en, []);
  const faqs: CourseFaq[] = fromDbJson<StoredFaq[]>(row.faqs, [])
    .map((faq) => ({ question: inLang(faq.question, lang), answer: inLang(faq.answer, lang) }))
    .filter((faq) => faq.question !== "" && faq.answer !== "");
  return {
    ...toCourse(row, lang),
    blocks: Array.isArray(blocks) ? blocks : [],
    faqs,
    originalPrice: row.discounted === 1 && row.original_price != null ? row.original_price : null,
    metaTitle: lang === "en" && row.meta_title ? row.meta_title : pick(row, "name", lang),
    metaDescription: lang === "en" && row.meta_description ? row.meta_description : pick(row, "description", lang),
  };
}

/** The slug of the course with this numeric id (old /courses/{id} links), or null. */
export async function courseSlugById(db: DB, id: number): Promise<string | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const row = await courseById(db, id);
  return row?.slug ?? null;
}
