import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { useLocalizePath } from "~/i18n/use-lang";
import { isFormState } from "~/lib/forms/form-state";
import type { Route } from "./+types/admin-invoice.route";
import { deskPaymentAction, invoiceLoader } from "./desk-pages.server";
import { DeskPaymentForm } from "./DeskPaymentForm";
import { InvoiceCreditNotes, InvoiceInstalments, InvoiceLines, InvoicePayments } from "./InvoiceTables";
import { adminBillingPath, adminFamilyStatementPath, adminInstalmentsPath, adminInvoicePdfPath } from "./paths";
import { StatusBadge } from "./StatusBadge";

export const loader = (args: Route.LoaderArgs) => invoiceLoader(args);
export const action = (args: Route.ActionArgs) => deskPaymentAction(args);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/**
 * /admin/billing/invoices/:id (staff): the invoice's lines, tax, instalments, payments and credit
 * notes; a desk payment form; links to its PDF, its instalments page and each payment's refund page.
 */
export default function AdminInvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("billing");
  const localize = useLocalizePath();
  const { invoice, saved } = loaderData;
  const served = isFormState(actionData, "desk-payment") ? actionData : null;
  const title = t("invoice.title", { number: invoice.number });
  const facts: [string, React.ReactNode][] = [
    [
      t("invoice.family"),
      <>
        {invoice.parentName}
        <bdi dir="ltr" className="block break-all text-sm font-normal text-slate-700">
          {invoice.email}
        </bdi>
      </>,
    ],
    [t("invoice.child"), invoice.childName],
    [t("invoice.for"), invoice.description],
    [t("invoice.issued"), <bdi>{invoice.issued}</bdi>],
    [t("invoice.dueOn"), <bdi>{invoice.dueOn}</bdi>],
    [t("invoice.total"), <bdi dir="ltr">{invoice.total}</bdi>],
    [
      t("invoice.owed"),
      <bdi dir="ltr" data-owed>
        {invoice.owed}
      </bdi>,
    ],
  ];
  const link = "font-semibold text-indigo-700 underline";
  return (
    <div className="space-y-6">
      <PageMeta title={title} description={t("list.intro")} />
      <LocalLink to={adminBillingPath} className="text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true" className="flip-rtl inline-block">
          ←
        </span>{" "}
        {t("invoice.back")}
      </LocalLink>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          {t("invoice.title", { number: "" })}
          <bdi dir="ltr">{invoice.number}</bdi>
        </h1>
        <StatusBadge status={invoice.status} />
      </header>
      {saved === "full" || saved === "part" ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 font-semibold text-emerald-900">
          {t(saved === "full" ? "api.paidInFull" : "api.recorded", { number: invoice.number })}
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-2 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {invoice.overpaid ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950">{t("invoice.overpaid", { amount: invoice.overpaid })}</p>
      ) : null}
      {invoice.taxRegistration ? <p className="text-sm text-slate-700">{t("invoice.taxRegistration", { number: invoice.taxRegistration })}</p> : null}
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          {/* A file, not a page: a plain link (the PDF route is the refunds helper's). */}
          <a href={localize(adminInvoicePdfPath(invoice.id))} className={link}>
            {t("invoice.pdf")}
          </a>
        </li>
        <li>
          <LocalLink to={adminInstalmentsPath(invoice.id)} className={link}>
            {t("invoice.instalmentsLink")}
          </LocalLink>
        </li>
        <li>
          <LocalLink to={adminFamilyStatementPath(invoice.familyKey)} className={link}>
            {t("invoice.statement")}
          </LocalLink>
        </li>
      </ul>
      <InvoiceLines invoice={invoice} />
      {invoice.live && invoice.owedMinor > 0 ? (
        <DeskPaymentForm
          currency={invoice.currency}
          maxPayment={invoice.maxPayment}
          paymentKey={invoice.paymentKey}
          instalments={invoice.instalments}
          served={served}
        />
      ) : (
        <p className="text-slate-700">{invoice.live ? t("invoice.noPay") : t("api.void")}</p>
      )}
      <InvoicePayments invoice={invoice} />
      <InvoiceInstalments invoice={invoice} />
      <InvoiceCreditNotes invoice={invoice} />
    </div>
  );
}
