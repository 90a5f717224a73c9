import { useTranslation } from "react-i18next";
import { BilingualText } from "~/features/admin-kit/list/BilingualText";
import { safeUrl } from "~/lib/safe-url";
import type { Route } from "./+types/teachers.route";
import { CollectionList } from "./CollectionList";
import { teacherCollection } from "./teacher-admin.server";
import { listLoader } from "./record-loader.server";

export const loader = listLoader(teacherCollection);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

export default function TeachersPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  return (
    <CollectionList
      collection="teachers"
      prefix="teacher"
      {...loaderData}
      columns={[
        { key: "name", header: t("teacher.fields.teachername"), sort: "name", cell: (r) => <BilingualText en={r.name_en} ar={r.name_ar} /> },
        {
          key: "photo",
          header: t("teacher.fields.photo"),
          cell: (r) => {
            const src = safeUrl(r.photo);
            return src ? <img src={src} alt="" className="h-10 w-10 rounded-full object-cover" /> : "—";
          },
        },
        { key: "subjects", header: t("teacher.fields.subjects"), cell: (r) => <span lang="en">{r.subjects.join(", ")}</span> },
        { key: "experience", header: t("teacher.fields.experience"), cell: (r) => <span lang="en">{r.experience_en}</span> },
      ]}
    />
  );
}
