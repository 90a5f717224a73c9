import { useTranslation } from "react-i18next";
import type { Lang } from "~/i18n/lang";
import { LtrValue } from "~/ui/Bidi";
import type { AccountInvoice, AccountInvoices } from "./money-types";
import { formatMoney } from "~/lib/money";
import { formatDay } from "./money-format";

const STATUS_CLASS: Record<AccountInvoice["status"], string> = {
  open: "bg-amber-100 text-amber-950",
  overdue: "bg-red-100 text-red-900",
  paid: "bg-emerald-100 text-emerald-900",
  void: "bg-slate-200 text-slate-800",
};

/** The family's balance, one line per currency (never added across currencies). */
export function Balances({ balances, lang }: { balances: AccountInvoices["balances"]; lang: Lang }) {
  const { t } = useTranslation("money");
  if (balances.length === 0) return <p className="mt-2 text-slate-700">{t("account.balanceNone")}</p>;
  return (
    <ul className="mt-2 space-y-1" data-testid="balances">
      {balances.map((b) => (
        <li key={b.currency} className="text-lg font-semibold text-slate-900" data-currency={b.currency}>
          {b.balanceMinor > 0
            ? t("account.owes", { amount: formatMoney(b.balanceMinor, b.currency, lang) })
            : b.balanceMinor < 0
              ? t("account.owed", { amount: formatMoney(-b.balanceMinor, b.currency, lang) })
              : t("account.settled", { currency: b.currency })}
        </li>
      ))}
    </ul>
  );
}

/** One card per invoice: a phone shows it as a column, a desktop as a grid (no sideways scrolling). */
export function InvoiceCards({ invoices, lang }: { invoices: AccountInvoice[]; lang: Lang }) {
  const { t } = useTranslation("money");
  return (
    <ul className="mt-4 space-y-4">
      {invoices.map((invoice) => {
        const money = (minor: number) => formatMoney(minor, invoice.currency, lang);
        return (
          <li key={invoice.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-invoice={invoice.number} data-status={invoice.status}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="text-lg font-bold text-slate-900">
                {t("account.number")} <LtrValue>{invoice.number}</LtrValue>
              </h3>
              <span className={`rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS_CLASS[invoice.status]}`}>
                {t(`account.statuses.${invoice.status}`)}
              </span>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
              <Item label={t("account.child")}>{invoice.childName}</Item>
              <Item label={t("account.for")} wide>
                {invoice.description}
              </Item>
              <Item label={t("account.issued")}>{formatDay(invoice.issuedOn, lang)}</Item>
              <Item label={t("account.due")}>{formatDay(invoice.dueOn, lang)}</Item>
              <Item label={t("account.total")}>{money(invoice.totalMinor)}</Item>
              <Item label={t("account.paid")}>{money(invoice.paidMinor)}</Item>
              <Item label={t("account.outstanding")}>{money(invoice.outstandingMinor)}</Item>
            </dl>
            <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
              {invoice.payUrl ? (
                <a href={invoice.payUrl} className="rounded-md bg-indigo-700 px-4 py-2 font-semibold text-white hover:bg-indigo-800">
                  {t("account.pay", { amount: money(invoice.outstandingMinor) })}
                </a>
              ) : null}
              <a href={invoice.pdfUrl} className="font-medium text-indigo-700 underline hover:text-indigo-900">
                {t("account.pdf")} <LtrValue>{invoice.number}</LtrValue>
              </a>
              {invoice.creditNotes.map((note) => (
                <a key={note.id} href={note.pdfUrl} className="font-medium text-indigo-700 underline hover:text-indigo-900">
                  {t("account.creditNote")} <LtrValue>{note.number}</LtrValue>
                </a>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Item({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 sm:col-span-3" : undefined}>
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}
