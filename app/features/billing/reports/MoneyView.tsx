import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Lang } from "~/i18n/lang";
import { LtrValue } from "~/ui/Bidi";
import { adminBillingPath } from "~/features/billing/paths";
import { localizePath } from "~/i18n/lang";
import type { FunnelCounts, MoneyRow, MoneySummary } from "./money-types";
import { formatMoney } from "~/lib/money";
import { formatDay } from "./money-format";

const cell = "px-1.5 py-1.5 sm:px-2";

/**
 * The staff dashboard's money view (issue 31 part 7, decision 093): per currency, collected in the
 * chosen period, outstanding and overdue now, by course and by term; the demo → paid funnel. The
 * period is a GET form, so it works without JavaScript.
 */
export function MoneyView({ summary, lang, refused }: { summary: MoneySummary; lang: Lang; refused: string | null }) {
  const { t } = useTranslation("money");
  const { period } = summary;
  return (
    <section id="money" aria-labelledby="money-title" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="money-title" className="text-lg font-semibold text-slate-900">
          {t("view.title")}
        </h2>
        <Link to={localizePath(adminBillingPath, lang)} className="text-sm font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("view.billingLink")}
        </Link>
      </div>
      <p className="text-sm text-slate-700">{t("view.intro", { today: formatDay(summary.today, lang) })}</p>
      <form method="get" action={`${localizePath("/admin", lang)}#money`} className="flex flex-wrap items-end gap-3" aria-label={t("view.period")}>
        <label className="text-sm text-slate-800">
          <span className="block">{t("view.from")}</span>
          <input type="date" name="from" defaultValue={period.from} required className="rounded-md border border-slate-400 px-2 py-1" />
        </label>
        <label className="text-sm text-slate-800">
          <span className="block">{t("view.to")}</span>
          <input type="date" name="to" defaultValue={period.to} required className="rounded-md border border-slate-400 px-2 py-1" />
        </label>
        <button type="submit" className="rounded-md bg-indigo-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-indigo-800">
          {t("view.show")}
        </button>
        <Link to={`${localizePath("/admin", lang)}#money`} className="py-1.5 text-sm font-medium text-indigo-700 underline">
          {t("view.thisMonth")}
        </Link>
      </form>
      {refused ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {refused}
        </p>
      ) : null}
      <p className="text-sm font-medium text-slate-900" data-testid="money-period">
        {t("view.periodLabel", { from: formatDay(period.from, lang), to: formatDay(period.to, lang) })}
      </p>
      {summary.totals.length === 0 ? (
        <p className="text-slate-600">{t("view.none")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="money-totals">
          {summary.totals.map((total) => {
            const overdue = summary.overdueInvoices.find((o) => o.currency === total.currency)?.count ?? 0;
            return (
              <li key={total.currency} className="rounded-lg border border-slate-200 p-3" data-currency={total.currency}>
                <p className="text-sm font-semibold text-slate-600">
                  <LtrValue>{total.currency}</LtrValue>
                </p>
                <dl className="mt-1 grid grid-cols-3 gap-2">
                  {(["collected", "outstanding", "overdue"] as const).map((key) => (
                    <div key={key} data-figure={key}>
                      <dt className="text-xs text-slate-600">{t(`view.${key}`)}</dt>
                      <dd className="text-lg font-bold text-slate-900">{formatMoney(total[`${key}Minor`], total.currency, lang)}</dd>
                    </div>
                  ))}
                </dl>
                {overdue > 0 ? <p className="mt-1 text-sm text-red-800">{t("view.overdueCount", { count: overdue })}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
      <Breakdown title={t("view.byCourse")} first={t("view.course")} rows={summary.byCourse} lang={lang} name="course" />
      <Breakdown title={t("view.byTerm")} first={t("view.term")} rows={summary.byTerm} lang={lang} name="term" />
      <Funnel funnel={summary.funnel} />
    </section>
  );
}

function Breakdown({ title, first, rows, lang, name }: { title: string; first: string; rows: MoneyRow[]; lang: Lang; name: string }) {
  const { t } = useTranslation("money");
  if (rows.length === 0) return null;
  return (
    <div>
      <h3 className="mb-1 font-semibold text-slate-900">{title}</h3>
      {/* Four columns fit a phone (each amount carries its currency's sign): no sideways scrolling region to reach by keyboard. */}
      <table className="w-full text-start text-xs sm:text-sm" data-breakdown={name}>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            {[first, t("view.collected"), t("view.outstanding"), t("view.overdue")].map((label) => (
              <th key={label} scope="col" className={`${cell} text-start font-medium`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.key}-${row.currency}`} className="border-b border-slate-100" data-row={`${row.key}-${row.currency}`}>
              <th scope="row" className={`${cell} text-start font-medium text-slate-900 [overflow-wrap:anywhere]`}>
                {name === "term" ? <LtrValue>{row.label}</LtrValue> : row.label}
              </th>
              <td className={`${cell} whitespace-nowrap`}>{formatMoney(row.collectedMinor, row.currency, lang)}</td>
              <td className={`${cell} whitespace-nowrap`}>{formatMoney(row.outstandingMinor, row.currency, lang)}</td>
              <td className={`${cell} whitespace-nowrap`}>{formatMoney(row.overdueMinor, row.currency, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Funnel({ funnel }: { funnel: MoneySummary["funnel"] }) {
  const { t } = useTranslation("money");
  const steps = ["booked", "attended", "enrolled", "paid"] as const;
  const label = (step: (typeof steps)[number]) => t(step === "paid" ? "view.paidStep" : `view.${step}`);
  const row = (name: string, counts: FunnelCounts, key: string, strong = false) => (
    <tr key={key} className="border-b border-slate-100" data-funnel-row={key}>
      <th scope="row" className={`${cell} text-start ${strong ? "font-bold" : "font-medium"} text-slate-900 [overflow-wrap:anywhere]`}>
        {name}
      </th>
      {steps.map((step) => (
        <td key={step} className={cell} data-step={step}>
          {counts[step]}
        </td>
      ))}
    </tr>
  );
  return (
    <div>
      <h3 className="font-semibold text-slate-900">{t("view.funnelTitle")}</h3>
      <p className="mb-1 text-sm text-slate-700">{t("view.funnelIntro")}</p>
      {funnel.total.booked === 0 ? (
        <p className="text-slate-600">{t("view.funnelNone")}</p>
      ) : (
        <table className="w-full text-start text-xs sm:text-sm" data-testid="money-funnel">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className={`${cell} text-start font-medium`}>
                {t("view.course")}
              </th>
              {steps.map((step) => (
                <th key={step} scope="col" className={`${cell} text-start font-medium`}>
                  {label(step)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {row(t("view.allCourses"), funnel.total, "all", true)}
            {funnel.byCourse.map((course, i) => row(course.label, course, String(i)))}
          </tbody>
        </table>
      )}
    </div>
  );
}
