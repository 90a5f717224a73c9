import { useTranslation } from "react-i18next";
import { PhoneLink } from "~/ui/PhoneLink";
import type { HowToPayView } from "./how-to-pay-view";

/** Lines as typed in the settings, each read in its own direction (an IBAN line stays left to right on an Arabic page). */
function Lines({ text }: { text: string }) {
  return (
    <>
      {text
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line, i) => (
          <span key={i} dir="auto" className="block">
            {line}
          </span>
        ))}
    </>
  );
}

const button = "inline-block rounded-lg px-4 py-2 font-semibold";

/**
 * "How to pay" (issue 42): the invoice's reference, amount and due day when there is one, then the
 * desk (address, hours, the methods it takes), the bank details for a transfer, the invoice's own
 * page and PDF from its signed link, and whom to call. Plain links: the same without JavaScript.
 * The invoice's own page passes `self` (its Pay buttons are its own). `referenceMany`: a list of invoices (the account's), where each card carries its own number.
 */
export function HowToPay({
  view,
  headingId = "how-to-pay",
  referenceMany = false,
  self = false,
}: {
  view: HowToPayView;
  headingId?: string;
  referenceMany?: boolean;
  /** On the invoice's own page: no link to itself. */ self?: boolean;
}) {
  const { t } = useTranslation("paying");
  const invoice = view.invoice;
  if (invoice && invoice.state !== "open") {
    return (
      <p role="status" data-testid="how-to-pay-state" className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 font-semibold text-slate-900">
        {t(`howToPay.${invoice.state}`)}
      </p>
    );
  }
  return (
    <section aria-labelledby={headingId} data-testid="how-to-pay" className="rounded-2xl border border-indigo-200 bg-white p-5 sm:p-6">
      <h2 id={headingId} className="text-xl font-bold text-slate-900">
        {t("howToPay.heading")}
      </h2>
      {invoice ? (
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-slate-600">{t("howToPay.reference")}</dt>
            <dd className="font-mono text-lg font-bold text-slate-900">
              <bdi dir="ltr" data-testid="pay-reference">
                {invoice.number}
              </bdi>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("howToPay.amount")}</dt>
            <dd className="text-lg font-bold text-slate-900">
              <bdi dir="ltr" data-testid="pay-amount">
                {invoice.amount}
              </bdi>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">{t("howToPay.due")}</dt>
            <dd className="font-semibold text-slate-900" data-testid="pay-due">
              {invoice.dueOn}
            </dd>
          </div>
        </dl>
      ) : null}
      <p className="mt-3 text-sm text-slate-700">{t(referenceMany || !invoice ? "howToPay.referenceMany" : "howToPay.referenceHint")}</p>
      {invoice?.online && !self ? (
        <a href={invoice.url} className={`${button} mt-4 bg-indigo-600 text-white hover:bg-indigo-700`}>
          {t("howToPay.online")}
        </a>
      ) : null}
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        {view.methods.length > 0 ? (
          <div>
            <h3 className="font-semibold text-slate-900">{t("howToPay.desk")}</h3>
            <dl className="mt-2 space-y-2 text-slate-800">
              <div>
                <dt className="text-sm text-slate-600">{t("howToPay.address")}</dt>
                <dd>{view.address}</dd>
              </div>
              {view.hours.trim() ? (
                <div>
                  <dt className="text-sm text-slate-600">{t("howToPay.hours")}</dt>
                  <dd>
                    <Lines text={view.hours} />
                  </dd>
                </div>
              ) : null}
              <div>
                <dt className="text-sm text-slate-600">{t("howToPay.methods")}</dt>
                <dd data-testid="pay-methods">{view.methods.map((method) => t(`method.${method}`)).join(" · ")}</dd>
              </div>
            </dl>
          </div>
        ) : null}
        {view.bank ? (
          <div>
            <h3 className="font-semibold text-slate-900">{t("howToPay.bank")}</h3>
            <p className="mt-2 break-words rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900" data-testid="pay-bank">
              <Lines text={view.bank} />
            </p>
          </div>
        ) : null}
      </div>
      {invoice ? (
        <div className="mt-5 flex flex-wrap gap-3">
          {!invoice.online && !self ? (
            <a href={invoice.url} className={`${button} border border-indigo-600 text-indigo-700 hover:bg-indigo-50`}>
              {t("howToPay.openInvoice")}
            </a>
          ) : null}
          <a href={invoice.pdfUrl} className={`${button} border border-indigo-600 text-indigo-700 hover:bg-indigo-50`}>
            {t("howToPay.pdf")}
          </a>
        </div>
      ) : null}
      <p className="mt-5 text-sm text-slate-700">
        {t("howToPay.questions")} <PhoneLink phone={view.phone} className="whitespace-nowrap font-semibold text-indigo-700 underline" />
      </p>
    </section>
  );
}
