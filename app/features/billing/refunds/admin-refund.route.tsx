import { data } from "react-router";
import { formatCalendarDay } from "~/lib/dates";
import { useTranslation } from "react-i18next";
import { requireAdminPage } from "~/lib/page-guards.server";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { isFormState } from "~/lib/forms/form-state";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import { LocalLink } from "~/ui/LocalLink";
import { FormAlert } from "~/ui/FormAlert";
import { formatMoney, majorText, parseMajor } from "~/lib/money";
import { adminCreditNotePdfPath, adminInvoicePath, adminInvoicePdfPath } from "~/features/billing/paths";
import type { Route } from "./+types/admin-refund.route";
import { refundPaymentEndpoint } from "./refunds.api";
import { paymentForRefund } from "./refunds.server";

const ID = /^\d{1,9}$/;
/** A prefilled amount from the drop screen's link: digits and one separator, nothing else. */
const PREFILL = /^\d{1,9}(?:[.,]\d{1,3})?$/;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const payment = ID.test(params.id) ? await paymentForRefund(context.db, Number(params.id)) : undefined;
  if (!payment) throw data({ message: "Not found." }, { status: 404 });
  // Isolated left to right (U+2066 … U+2069): some amounts sit inside translated sentences.
  const money = (minor: number) => `\u2066${formatMoney(minor, payment.currency, lang)}\u2069`;
  const amount = url.searchParams.get("amount") ?? "";
  const policy = Number(url.searchParams.get("policy") ?? "NaN");
  const done = Number(url.searchParams.get("done") ?? "NaN");
  const doneNote = payment.refunds.find((refund) => refund.creditNoteId === done);
  return {
    payment: {
      id: payment.id,
      invoiceId: payment.invoiceId,
      invoiceNumber: payment.invoiceNumber,
      invoiceStatus: payment.invoiceStatus,
      family: payment.familyKey,
      parentName: payment.parentName,
      childName: payment.childName,
      currency: payment.currency,
      method: payment.method,
      paid: money(payment.amountMinor),
      received: formatCalendarDay(payment.receivedAt, lang),
      left: money(payment.refundableMinor),
      leftMinor: payment.refundableMinor,
    },
    refunds: payment.refunds.map((refund) => ({ ...refund, amount: money(refund.amountMinor), day: formatCalendarDay(refund.at, lang) })),
    prefill: {
      amount: PREFILL.test(amount) ? amount : payment.refundableMinor > 0 ? majorText(payment.refundableMinor, payment.currency) : "",
      reason: (url.searchParams.get("reason") ?? "").slice(0, 500),
    },
    policy: Number.isInteger(policy) && policy >= 0 && policy <= 100 ? policy : null,
    done: doneNote?.creditNoteId ? { id: doneNote.creditNoteId, number: doneNote.creditNoteNumber ?? "", pending: doneNote.state === "pending" } : null,
  };
}

/** The refund form: the endpoint its JSON route serves (decision 048), with or without JavaScript. */
export async function action(args: Route.ActionArgs) {
  const { request, context, params } = args;
  requireAdminPage(context, request);
  if (!ID.test(params.id)) throw data({ message: "Not found." }, { status: 404 });
  const path = new URL(request.url).pathname;
  // Amounts are typed in the payment's currency's major units (3 decimals for KWD, none for JPY).
  const currency = (await paymentForRefund(context.db, Number(params.id)))?.currency ?? "USD";
  return postFormToApi(args, {
    form: "refund",
    endpoint: refundPaymentEndpoint,
    params: { id: params.id },
    // What does not read as money goes as typed, for the schema to refuse in the page's language.
    toBody: (form) => ({ amountMinor: parseMajor(form.amount ?? "", currency) ?? form.amount ?? "", reason: form.reason ?? "" }),
    onSuccess: (answer) => `${path}?done=${answer.body.creditNote?.id ?? ""}`,
  });
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/billing/payments/:id/refund: staff give back all or part of a payment, with a numbered credit note (decision 092). */
export default function AdminRefundPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("refunds");
  const { payment, refunds, prefill, policy, done } = loaderData;
  const refused = isFormState(actionData, "refund") ? actionData : null;
  const amountError = refused?.errors.amountMinor ?? refused?.errors.amount;
  const reasonError = refused?.errors.reason;
  const box = "rounded-2xl border border-slate-200 bg-white p-5";
  const ltr = (text: string) => <bdi dir="ltr">{text}</bdi>;
  return (
    <div className="max-w-3xl space-y-6">
      <PageMeta title={t("page.title")} description={t("page.description")} />
      <header className="space-y-1">
        <LocalLink to={adminInvoicePath(payment.invoiceId)} className="text-sm font-semibold text-indigo-700 hover:underline">
          <span aria-hidden="true" className="flip-rtl inline-block">
            ←
          </span>{" "}
          {t("page.back")}
        </LocalLink>
        <h1 className="text-3xl font-bold text-slate-900">{t("page.title")}</h1>
      </header>
      {done ? (
        <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900">
          <p className="font-semibold">{t(done.pending ? "api.pending" : "api.refunded", { number: done.number })}</p>
          <a href={adminCreditNotePdfPath(done.id)} className="font-semibold text-indigo-800 underline">
            {t("page.creditNotePdf", { number: done.number })}
          </a>
        </div>
      ) : null}
      <dl className={`${box} grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]`}>
        <dt className="font-semibold text-slate-700">{t("page.invoice")}</dt>
        <dd className="text-slate-900">
          <a href={adminInvoicePdfPath(payment.invoiceId)} className="text-indigo-700 underline">
            {t("page.invoicePdf", { number: payment.invoiceNumber })}
          </a>{" "}
          · {t(`pdf.status.${payment.invoiceStatus}`)}
        </dd>
        <dt className="font-semibold text-slate-700">{t("page.family")}</dt>
        <dd className="break-all text-slate-900">
          {payment.parentName} · {ltr(payment.family)}
        </dd>
        <dt className="font-semibold text-slate-700">{t("page.child")}</dt>
        <dd className="text-slate-900">{payment.childName}</dd>
        <dt className="font-semibold text-slate-700">{t("page.method")}</dt>
        <dd className="text-slate-900">{t(`method.${payment.method}`)}</dd>
        <dt className="font-semibold text-slate-700">{t("page.paid")}</dt>
        <dd className="text-slate-900">
          {ltr(payment.paid)} · <bdi>{payment.received}</bdi>
        </dd>
        <dt className="font-semibold text-slate-700">{t("page.left")}</dt>
        <dd className="font-semibold text-slate-900">{ltr(payment.left)}</dd>
      </dl>
      {payment.leftMinor > 0 ? (
        <section aria-labelledby="refund-form" className={box}>
          <h2 id="refund-form" className="text-xl font-semibold text-slate-900">
            {t("page.submit")}
          </h2>
          <p className="mt-1 text-slate-700">{t(payment.method === "online" ? "page.onlineHint" : "page.deskHint")}</p>
          {policy !== null ? <p className="mt-1 text-slate-700">{t("page.policyPrefill", { percent: policy })}</p> : null}
          <form method="post" className="mt-4 space-y-3">
            <FormAlert message={refused && !amountError && !reasonError ? refused.message : undefined} />
            <div>
              <label htmlFor="refund-amount" className="block font-semibold text-slate-900">
                {t("page.amount", { currency: payment.currency })}
              </label>
              <input
                id="refund-amount"
                name="amount"
                type="text"
                inputMode="decimal"
                dir="ltr"
                required
                maxLength={13}
                defaultValue={refused?.values.amount ?? prefill.amount}
                aria-invalid={amountError ? true : undefined}
                aria-describedby={`refund-amount-hint${amountError ? " refund-amount-error" : ""}`}
                className="mt-1 block w-full max-w-xs rounded-lg border border-slate-400 p-2"
              />
              <p id="refund-amount-hint" className="mt-1 text-sm text-slate-600">
                {t("page.amountHint", { amount: payment.left })}
              </p>
              {amountError ? (
                <p id="refund-amount-error" className="text-sm text-red-700">
                  {amountError}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="refund-reason" className="block font-semibold text-slate-900">
                {t("page.reason")}
              </label>
              <textarea
                id="refund-reason"
                name="reason"
                required
                maxLength={500}
                rows={3}
                defaultValue={refused?.values.reason ?? prefill.reason}
                aria-invalid={reasonError ? true : undefined}
                aria-describedby={reasonError ? "refund-reason-error" : undefined}
                className="mt-1 block w-full rounded-lg border border-slate-400 p-2"
              />
              {reasonError ? (
                <p id="refund-reason-error" className="text-sm text-red-700">
                  {reasonError}
                </p>
              ) : null}
            </div>
            <button type="submit" className="rounded-lg bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800">
              {t("page.submit")}
            </button>
          </form>
        </section>
      ) : (
        <p className={`${box} font-semibold text-slate-900`}>{t("page.nothingLeft")}</p>
      )}
      <section aria-labelledby="refund-list" className={box}>
        <h2 id="refund-list" className="text-xl font-semibold text-slate-900">
          {t("page.earlier")}
        </h2>
        {refunds.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("page.noRefunds")}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {refunds.map((refund) => (
              <li key={refund.id} className="text-slate-900">
                <bdi>{refund.day}</bdi> · {ltr(refund.amount)} · {t(`page.state.${refund.state}`)}
                {refund.creditNoteId ? (
                  <>
                    {" · "}
                    <a href={adminCreditNotePdfPath(refund.creditNoteId)} className="text-indigo-700 underline">
                      {t("page.creditNotePdf", { number: refund.creditNoteNumber ?? "" })}
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
