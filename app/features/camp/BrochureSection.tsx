import { useTranslation } from "react-i18next";
import { useLang } from "~/i18n/use-lang";
import { BrochureForm } from "./BrochureForm";
import { BROCHURE_FORM } from "./camp-forms";
import { brochurePdfPath } from "./paths";

const box = "mx-auto max-w-2xl px-4 py-10";

/** The brochure form on the camp page itself: where the Brochure button leads before script runs. */
export function BrochureSection() {
  const { t } = useTranslation("camp");
  return (
    <section id={BROCHURE_FORM} aria-labelledby="brochure-title" className="scroll-mt-24 bg-amber-50">
      <div className={box}>
        <h2 id="brochure-title" className="text-2xl font-bold text-slate-900">
          {t("brochureForm.title")}
        </h2>
        <p className="mt-2 text-slate-700">{t("brochureForm.intro")}</p>
        <div className="mt-4 rounded-2xl bg-white px-6 pt-2 pb-6 shadow-sm ring-1 ring-slate-200">
          <BrochureForm />
        </div>
      </div>
    </section>
  );
}

/**
 * After a brochure request posted without script: the page (with the thank-you notice) starts the
 * PDF download by a refresh to it, which leaves the page in place, and offers the link as well.
 */
export function BrochureDownload() {
  const { t } = useTranslation("camp");
  const pdf = brochurePdfPath(useLang());
  return (
    <div className={box}>
      <meta httpEquiv="refresh" content={`0;url=${pdf}`} />
      <p className="text-center text-slate-800">
        {t("brochureForm.downloadNote")}{" "}
        <a href={pdf} download className="font-semibold text-indigo-700 underline">
          {t("brochureForm.downloadLink")}
        </a>
      </p>
    </div>
  );
}
