import { useTranslation } from "react-i18next";
import { BilingualText } from "~/features/admin-kit/list/BilingualText";
import type { Route } from "./+types/courses.route";
import { CollectionList } from "./CollectionList";
import { courseCollection } from "./course-admin.server";
import { listLoader } from "./record-loader.server";

export const loader = listLoader(courseCollection);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

export default function CoursesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  return (
    <CollectionList
      collection="courses"
      prefix="course"
      {...loaderData}
      columns={[
        { key: "name", header: t("course.fields.name"), sort: "name", cell: (r) => <BilingualText en={r.name_en} ar={r.name_ar} fallback={r.key} /> },
        { key: "sessions", header: t("course.fields.sessions"), sort: "sessions", cell: (r) => r.sessions },
        { key: "ages", header: t("course.ages"), sort: "minAge", cell: (r) => `${r.min_age}-${r.max_age}` },
        { key: "price", header: t("course.fields.price"), sort: "price", cell: (r) => `$${r.price}` },
        { key: "instructor", header: t("course.fields.instructor"), sort: "instructor", cell: (r) => r.instructor },
        { key: "rating", header: t("course.fields.rating"), cell: (r) => r.rating ?? "—" },
      ]}
    />
  );
}
