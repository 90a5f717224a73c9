import { useTranslation } from "react-i18next";
import { BilingualText } from "~/features/admin-kit/list/BilingualText";
import type { Route } from "./+types/testimonials.route";
import { CollectionList } from "./CollectionList";
import { testimonialCollection } from "./testimonial-admin.server";
import { listLoader } from "./record-loader.server";

export const loader = listLoader(testimonialCollection);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** `/admin/testimonials`: the parents' and children's testimonials of the home page (issue 28). */
export default function TestimonialsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin-content");
  return (
    <CollectionList
      collection="testimonials"
      prefix="testimonial"
      {...loaderData}
      columns={[
        { key: "name", header: t("testimonial.fields.name"), sort: "name", cell: (r) => <BilingualText en={r.name_en} ar={r.name_ar} /> },
        { key: "kind", header: t("testimonial.fields.kind"), sort: "kind", cell: (r) => t(`testimonial.kinds.${r.kind}`) },
        { key: "review", header: t("testimonial.fields.review"), cell: (r) => <BilingualText en={r.review_en} ar={r.review_ar} /> },
        {
          key: "translation",
          header: t("testimonial.translation"),
          cell: (r) => (r.review_ar.trim() && r.name_ar.trim() ? t("testimonial.translated") : t("testimonial.notTranslated")),
        },
        { key: "sort", header: t("testimonial.fields.sort"), sort: "sort", cell: (r) => r.sort },
      ]}
    />
  );
}
