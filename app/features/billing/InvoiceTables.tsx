import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { useLocalizePath } from "~/i18n/use-lang";
import type { invoiceLoader } from "./desk-pages.server";
import { adminCreditNotePdfPath, adminRefundPath } from "./paths";

type Invoice = Awaited<ReturnType<typeof invoiceLoader>>["invoice"];

const cell = "border-b border-slate-200 px-2 py-2 text-start align-top";
/** Dates, numbers and amounts stay on one line. */
const nowrap = `${cell} whitespace-nowrap`;

/** A titled table that scrolls on its own on a phone (a focusable section, so a keyboard can scroll it). */
function Table({
  id,
  title,
  caption,
  columns,
  empty,
  children,
}: {
  id: string;
  title: string;
  caption: string;
  columns: string[];
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <div id={id} className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {empty !== null ? (
        <p className="mt-2 text-slate-700">{empty}</p>
      ) : (
        <section className="mt-2 overflow-x-auto" aria-labelledby={`${id}-heading`} tabIndex={0}>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr className="bg-slate-50">
                {columns.map((column) => (
                  <th key={column} scope="col" className={`${cell} font-semibold text-slate-800`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </section>
      )}
    </div>
  );
}

const Ltr = ({ children }: { children: ReactNode }) => <bdi dir="ltr">{children}</bdi>;

/** The invoice's lines with its total and tax. */
export function InvoiceLines({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation("billing");
  return (
    <Table id="lines" title={t("invoice.lines")} caption={t("invoice.linesCaption")} columns={[t("invoice.line"), t("invoice.amount")]} empty={null}>
      {invoice.lines.map((line) => (
        <tr key={line.id}>
          <td className={cell}>{line.label}</td>
          <td className={nowrap}>
            <Ltr>{line.amount}</Ltr>
          </td>
        </tr>
      ))}
      <tr className="font-semibold">
        <th scope="row" className={cell}>
          {t("invoice.total")}
        </th>
        <td className={nowrap}>
          <Ltr>{invoice.total}</Ltr>
          {invoice.tax ? (
            <span className="block text-xs font-normal text-slate-700">
              {t(invoice.tax.inclusive ? "invoice.taxIncluded" : "invoice.taxAdded", {
                name: invoice.tax.name,
                rate: invoice.tax.rate,
                amount: invoice.tax.amount,
              })}
            </span>
          ) : null}
        </td>
      </tr>
    </Table>
  );
}

export function InvoiceInstalments({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation("billing");
  return (
    <Table
      id="instalments"
      title={t("invoice.instalments")}
      caption={t("invoice.instalmentsCaption")}
      columns={[t("invoice.instalment", { position: "" }).trim(), t("invoice.dueOn"), t("invoice.amount")]}
      empty={invoice.instalments.length === 0 ? t("invoice.noInstalments", { date: `\u2068${invoice.dueOn}\u2069` }) : null}
    >
      {invoice.instalments.map((row) => (
        <tr key={row.id}>
          <td className={cell}>{t("invoice.instalment", { position: row.position })}</td>
          <td className={nowrap}>
            <bdi>{row.dueOn}</bdi>
          </td>
          <td className={nowrap}>
            <Ltr>{row.amount}</Ltr>
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Money received and paid back; each payment links to its refund page. */
export function InvoicePayments({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation("billing");
  return (
    <Table
      id="payments"
      title={t("invoice.payments")}
      caption={t("invoice.paymentsCaption")}
      columns={[t("invoice.received"), t("invoice.method"), t("invoice.amount"), t("invoice.reference"), t("invoice.recordedBy"), t("invoice.refund")]}
      empty={invoice.payments.length === 0 ? t("invoice.noPayments") : null}
    >
      {invoice.payments.map((row) => (
        <tr key={row.id} data-payment={row.id}>
          <td className={nowrap}>
            <bdi>{row.received}</bdi>
          </td>
          <td className={cell}>{row.kind === "refund" ? `${t("invoice.refundOf")} · ${t(`method.${row.method}`)}` : t(`method.${row.method}`)}</td>
          <td className={nowrap}>
            <Ltr>{row.kind === "refund" ? `−${row.amount}` : row.amount}</Ltr>
          </td>
          <td className={nowrap}>
            <Ltr>{row.reference}</Ltr>
          </td>
          <td className={cell}>{row.recordedBy ?? ""}</td>
          <td className={cell}>
            {row.refundable ? (
              <LocalLink
                to={adminRefundPath(row.id)}
                aria-label={t("invoice.refundLinkLabel", { amount: row.amount, date: row.received })}
                className="text-indigo-700 underline"
              >
                {t("invoice.refundLink")}
              </LocalLink>
            ) : null}
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function InvoiceCreditNotes({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation("billing");
  const localize = useLocalizePath();
  return (
    <Table
      id="credit-notes"
      title={t("invoice.creditNotes")}
      caption={t("invoice.creditNotesCaption")}
      columns={[t("invoice.number"), t("invoice.issued"), t("invoice.amount"), t("invoice.reason"), t("invoice.creditNotePdf")]}
      empty={invoice.creditNotes.length === 0 ? t("invoice.noCreditNotes") : null}
    >
      {invoice.creditNotes.map((row) => (
        <tr key={row.id}>
          <td className={nowrap}>
            <Ltr>{row.number}</Ltr>
          </td>
          <td className={nowrap}>
            <bdi>{row.created}</bdi>
          </td>
          <td className={nowrap}>
            <Ltr>{row.amount}</Ltr>
          </td>
          <td className={cell}>{row.reason}</td>
          <td className={cell}>
            {/* A file, not a page: a plain link (the PDF route is the refunds helper's). */}
            <a
              href={localize(adminCreditNotePdfPath(row.id))}
              aria-label={t("invoice.creditNotePdfLabel", { number: row.number })}
              className="text-indigo-700 underline"
            >
              {t("invoice.creditNotePdf")}
            </a>
          </td>
        </tr>
      ))}
    </Table>
  );
}
