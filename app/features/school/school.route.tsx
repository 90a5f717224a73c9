import { useTranslation } from "react-i18next";
import { PageMeta } from "~/ui/PageMeta";
import { schoolFormAction } from "./school.action.server";
import { SchoolForm } from "./SchoolForm";

/** The school form posts here when JavaScript is not running. */
export const action = schoolFormAction;

/** The school contact form page (specification section 2). */
export default function ContactUsSchool() {
  const { t } = useTranslation("school");
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-16">
      <PageMeta title={t("page.metaTitle")} description={t("page.metaDescription")} />
      <h1 className="text-4xl font-extrabold text-slate-900">{t("page.title")}</h1>
      <p className="mt-4 text-lg text-slate-700">{t("page.intro")}</p>
      <div className="mt-8">
        <SchoolForm />
      </div>
    </main>
  );
}
