import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { formatInstant } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { useLang } from "~/i18n/use-lang";
import type { BroadcastRow } from "./broadcasts.server";

const FIGURES = ["sent", "delivered", "read", "failed", "pending"] as const;

/**
 * The recent broadcasts (decision 134): when, to whom, what, its status, the families it reached,
 * its estimated cost and delivery figures counted from its messages; a scheduled one can be called off.
 */
export function BroadcastList({ broadcasts, zone }: { broadcasts: readonly BroadcastRow[]; zone: string }) {
  const { t } = useTranslation("messaging");
  const lang = useLang();
  return (
    <section aria-labelledby="broadcast-list-heading">
      <h2 id="broadcast-list-heading" className="text-xl font-bold text-slate-900">
        {t("broadcasts.list")}
      </h2>
      {broadcasts.length === 0 ? <p className="mt-2 text-slate-700">{t("broadcasts.none")}</p> : null}
      <ul className="mt-3 space-y-3">
        {broadcasts.map((row) => (
          <li key={row.id} className="rounded-xl border border-slate-200 bg-white p-4">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-800">{t(`broadcasts.status.${row.status}`)}</span>
              <span className="font-semibold text-slate-900">
                <time dateTime={row.sendAt}>{formatInstant(row.sendAt, lang, zone)}</time>
              </span>
              <span className="text-slate-700">
                {t(`broadcasts.kind.${row.audience}`)}
                {row.audienceLabel ? `: ${row.audienceLabel}` : ""} · {t(`broadcasts.categoryName.${row.category}`)}
              </span>
            </p>
            <p lang={lang} dir={lang === "ar" ? "rtl" : "ltr"} className="mt-2 line-clamp-3 whitespace-pre-line text-slate-900">
              {lang === "ar" ? row.bodyAr : row.bodyEn}
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-slate-600">{t("broadcasts.families")}</dt>
                <dd className="font-semibold text-slate-900">{row.recipients}</dd>
              </div>
              {FIGURES.map((name) => (
                <div key={name}>
                  <dt className="text-slate-600">{t(`broadcasts.figures.${name}`)}</dt>
                  <dd className="font-semibold text-slate-900">{row.figures[name]}</dd>
                </div>
              ))}
              <div>
                <dt className="text-slate-600">{t("broadcasts.cost")}</dt>
                <dd className="font-semibold text-slate-900">{formatMoney(row.estimate.minor, row.estimate.currency, lang)}</dd>
              </div>
            </dl>
            {row.status === "scheduled" ? (
              <Form method="post" className="mt-3">
                <button
                  type="submit"
                  name="intent"
                  value={`cancel-${row.id}`}
                  className="rounded-lg border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                >
                  {t("broadcasts.cancel")}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
