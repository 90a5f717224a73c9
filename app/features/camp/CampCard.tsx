import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { useLang } from "~/i18n/use-lang";
import { Money } from "~/ui/Money";
import type { Camp } from "./camp";
import { CURRICULUM_QUERY, curriculumAnchor } from "./paths";

/** One camp: grades, price against the old price, discount, features, batches, and its actions. */
export function CampCard({
  camp,
  onDetails,
  dialog,
}: {
  camp: Camp;
  onDetails: () => void;
  /** A page without React: the id of the `<dialog>` the button opens (app/enhance/dialogs.ts). */ dialog?: string;
}) {
  const { t } = useTranslation("camp");
  const lang = useLang();
  const titleId = `camp-${camp.slug}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-1 hover:shadow-lg"
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={titleId} className="text-2xl font-bold text-slate-900">
            {camp.title}
          </h3>
          <p className="mt-1 text-slate-700">{camp.grades}</p>
          <p className="text-sm text-slate-600">{camp.duration}</p>
        </div>
        <span className="shrink-0 rounded-full bg-red-100 px-3 py-1 text-sm font-bold text-red-700">{t("card.discount", { discount: camp.discount })}</span>
      </div>
      <p className="mt-4 flex items-baseline gap-3">
        <span className="sr-only">{t("card.price")}</span>
        <Money price={camp.price} currency={camp.currency} lang={lang} className="text-3xl font-extrabold text-indigo-700" />
        <span className="sr-only">{t("card.oldPrice")}</span>
        <del className="text-lg text-slate-500">
          <Money price={camp.oldPrice} currency={camp.currency} lang={lang} />
        </del>
      </p>
      <h4 className="mt-5 font-semibold text-slate-900">{t("card.features")}</h4>
      <ul className="mt-2 space-y-1 text-slate-700">
        {camp.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden="true" className="text-green-600">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <h4 className="mt-5 font-semibold text-slate-900">{t("card.batches")}</h4>
      <ul className="mt-2 flex flex-wrap gap-2">
        {camp.batches.map((batch) => (
          <li key={batch.value} className="rounded-lg bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
            {batch.label}
          </li>
        ))}
      </ul>
      <div className="mt-auto flex flex-wrap gap-3 pt-6">
        {/* Before script runs the button submits this GET form: the curriculum shows on the page.
            Once hydrated it opens the dialog instead (the Brochure button works the same way). */}
        <form id={`${curriculumAnchor(camp.slug)}-open`} method="get" action={`#${curriculumAnchor(camp.slug)}`} hidden />
        <button
          type="submit"
          form={`${curriculumAnchor(camp.slug)}-open`}
          name={CURRICULUM_QUERY}
          value={camp.slug}
          data-dialog={dialog}
          onClick={(event) => {
            event.preventDefault();
            onDetails();
          }}
          className="rounded-lg border border-indigo-600 px-4 py-2 font-semibold text-indigo-700 hover:bg-indigo-50"
        >
          {t("card.viewDetails")}
          <span className="sr-only">: {camp.title}</span>
        </button>
        <LocalLink
          to={`/enroll?camp=${encodeURIComponent(camp.slug)}`}
          className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700"
        >
          {t("card.enrollNow")}
          <span className="sr-only">: {camp.title}</span>
        </LocalLink>
      </div>
    </article>
  );
}
