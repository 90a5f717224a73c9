import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { Course } from "~/features/courses/course";
import { useLang } from "~/i18n/use-lang";
import { useRootData } from "~/root";
import { JsonLd } from "~/ui/JsonLd";
import { courseLd } from "~/lib/seo/structured-data";

/** JSON-LD `Course` for a course detail page (rendered by the course page). */
export function CourseJsonLd({ course }: { course: Course }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { pathname } = useLocation();
  const publicUrl = useRootData()?.publicUrl ?? "";
  return <JsonLd data={courseLd(course, { publicUrl, url: publicUrl + pathname, siteName: t("brand"), lang })} />;
}
