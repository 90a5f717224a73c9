import { useTranslation } from "react-i18next";
import { useLang } from "~/i18n/use-lang";
import { Form } from "react-router";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { inputClass } from "~/ui/Field";
import type { Route } from "./+types/admin-billing.route";
import { billingListLoader, resolveNoticeAction } from "./desk-pages.server";
import { INVOICE_FILTERS } from "./desk.schema";
import { adminFamilyStatementPath, adminInvoicePath } from "./paths";
import { StatusBadge } from "./StatusBadge";
import { PaymentNotices } from "./PaymentNoticesPanel";
import { StackLabel } from "~/features/admin-kit/StackLabel";

/** A GET filter form, links and a table: no React ships to the page, signed in too (decision 108). */
export const handle = { hydrate: false, staticWhenSignedIn: true };

export const loader = (args: Route.LoaderArgs) => billingListLoader(args);
export const action = (args: Route.ActionArgs) => resolveNoticeAction(args);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/billing (staff): invoices filtered by status and family, what is owed per currency, the ledger CSV (decision 090). */
export default function AdminBillingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const lang = useLang();
  const { invoices, outstanding, status, q, count, page, pages, previous, next, timeZone, paymentNotices, noticeResolved } = loaderData;
  const cell = "border-b border-slate-200 px-2 py-2 text-start align-top";
  const nowrap = `${cell} whitespace-nowrap`;
  const columns = (["number", "family", "child", "total", "owed", "state", "due"] as const).map((column) => t(`list.${column}`));
  const box = "rounded-2xl border border-slate-200 bg-white p-4";
  return (
    <div className="space-y-6">
      <PageMeta title={t("list.title")} description={t("list.intro")} />
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{t("list.title")}</h1>
        <p className="mt-1 text-slate-700">{t("list.intro")}</p>
      </header>
      <PaymentNotices
        total={paymentNotices.total}
        notices={paymentNotices.notices}
        lang={lang}
        timeZone={timeZone}
        back="billing"
        resolvedNow={noticeResolved}
      />
      <section aria-labelledby="owed-heading" className={box}>
        <h2 id="owed-heading" className="text-lg font-semibold text-slate-900">
          {t("list.outstanding")}
        </h2>
        {outstanding.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("list.nothingOwed")}</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-3">
            {outstanding.map((row) => (
              <li key={row.currency} className="rounded-lg bg-amber-50 px-3 py-2 font-semibold text-amber-950" data-currency={row.currency}>
                <bdi dir="ltr">{row.amount}</bdi> <span className="text-sm font-normal">({row.currency})</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Form method="get" className={`${box} grid items-end gap-3 sm:grid-cols-[auto_1fr_auto]`} role="search" aria-label={t("list.apply")}>
        <div>
          <label htmlFor="billing-status" className="mb-1 block text-sm font-medium text-slate-800">
            {t("list.filterLabel")}
          </label>
          <select id="billing-status" name="status" defaultValue={status} className={inputClass}>
            <option value="">{t("list.all")}</option>
            {INVOICE_FILTERS.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor="billing-q" className="mb-1 block text-sm font-medium text-slate-800">
            {t("list.search")}
          </label>
          <input id="billing-q" name="q" type="search" defaultValue={q} maxLength={100} className={inputClass} />
        </div>
        <button type="submit" className="justify-self-start rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
          {t("list.apply")}
        </button>
      </Form>
      <p className="text-sm text-slate-700">
        <a href="/api/admin/billing/export.csv" download className="font-semibold text-indigo-700 underline">
          {t("list.export")}
        </a>{" "}
        {t("list.exportHint", { zone: timeZone })}
      </p>
      <p className="text-sm text-slate-700" aria-live="polite">
        {t("list.count", { count })}
      </p>
      {invoices.length === 0 ? (
        <p className="text-slate-700">{t("list.none")}</p>
      ) : (
        <section className="sm:overflow-x-auto" aria-labelledby="invoices-caption" tabIndex={0}>
          {/* Below 640 px each invoice is a card (stack-table, app.css): nothing hides behind a sideways scroll. */}
          <table role="table" className="stack-table w-full border-collapse text-sm">
            <caption id="invoices-caption" className="sr-only">
              {t("list.caption")}
            </caption>
            <thead role="rowgroup">
              <tr role="row" className="bg-slate-50">
                {columns.map((column) => (
                  <th key={column} role="columnheader" scope="col" className={`${cell} font-semibold text-slate-800`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {invoices.map((row) => (
                <tr key={row.id} role="row" data-invoice={row.number}>
                  <th role="rowheader" scope="row" className={`${nowrap} font-semibold`}>
                    <StackLabel>{t("list.number")}</StackLabel>
                    <LocalLink to={adminInvoicePath(row.id)} className="text-indigo-700 underline">
                      <bdi dir="ltr">{row.number}</bdi>
                    </LocalLink>
                  </th>
                  <td role="cell" className={cell}>
                    <StackLabel>{t("list.family")}</StackLabel>
                    <LocalLink to={adminFamilyStatementPath(row.familyKey)} className="text-indigo-700 underline">
                      {row.parentName}
                    </LocalLink>
                    <span className="block text-xs text-slate-600">
                      <bdi dir="ltr">{row.familyKey}</bdi>
                    </span>
                  </td>
                  <td role="cell" className={cell}>
                    <StackLabel>{t("list.child")}</StackLabel>
                    {row.childName}
                  </td>
                  <td role="cell" className={nowrap}>
                    <StackLabel>{t("list.total")}</StackLabel>
                    <bdi dir="ltr">{row.total}</bdi>
                  </td>
                  <td role="cell" className={nowrap}>
                    <StackLabel>{t("list.owed")}</StackLabel>
                    <bdi dir="ltr">{row.owed}</bdi>
                  </td>
                  <td role="cell" className={cell}>
                    <StackLabel>{t("list.state")}</StackLabel>
                    <StatusBadge status={row.status} />
                  </td>
                  <td role="cell" className={nowrap}>
                    <StackLabel>{t("list.due")}</StackLabel>
                    <bdi>{row.dueOn}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {pages > 1 ? (
        <nav aria-label={t("list.pages")} className="flex flex-wrap items-center gap-4 text-sm">
          {previous ? (
            <a href={previous} className="font-semibold text-indigo-700 underline">
              {t("list.previous")}
            </a>
          ) : null}
          <span>{t("list.pageOf", { page, pages })}</span>
          {next ? (
            <a href={next} className="font-semibold text-indigo-700 underline">
              {t("list.next")}
            </a>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
