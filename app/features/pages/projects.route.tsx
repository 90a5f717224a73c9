import { useTranslation } from "react-i18next";
import { PageMeta } from "~/ui/PageMeta";

/** Works without script: ships without React's runtime, only the enhancement script (decision 055). */
export const handle = { hydrate: false };

/** The one page the specification defines as a coming-soon image. */
export default function Projects() {
  const { t } = useTranslation("pages");
  return (
    <main id="main" className="mx-auto flex max-w-4xl flex-col items-center px-4 py-16">
      <PageMeta title={t("projects.metaTitle")} description={t("projects.metaDescription")} />
      <h1 className="sr-only">{t("projects.title")}</h1>
      <img src="/images/pages/coming-soon.svg" alt={t("projects.imageAlt")} width={800} height={560} className="w-full max-w-3xl" />
    </main>
  );
}
