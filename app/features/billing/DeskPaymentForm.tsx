import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import type { FormState } from "~/lib/forms/form-state";
import { DESK_METHODS } from "./desk.schema";

interface Props {
  currency: string;
  /** What is still owed, as a major-unit text ("120.50"): the form's default and its ceiling. */
  maxPayment: string;
  /** This render's idempotency key (decision 101): the same form posted twice records one payment. */
  paymentKey: string;
  instalments: { id: number; position: number; dueOn: string; amount: string }[];
  /** The refused post rendered back (no JavaScript), or null. */
  served: FormState | null;
}

/**
 * Money taken at the desk (decision 090): a plain form post to the invoice page, whose action runs
 * POST /api/admin/billing/invoices/:id/payments. The amount is typed in major units, as on the receipt.
 */
export function DeskPaymentForm({ currency, maxPayment, paymentKey, instalments, served }: Props) {
  const { t } = useTranslation("billing");
  const values = served?.values ?? {};
  const errors = served?.errors ?? {};
  return (
    <section id="desk-payment" aria-labelledby="desk-payment-heading" className="rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="desk-payment-heading" className="text-lg font-semibold text-slate-900">
        {t("invoice.pay")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("invoice.payHint")}</p>
      <form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
        {/* A refused post rendered back keeps its key: the retry is the same payment. */}
        <input type="hidden" name="idempotencyKey" value={values.idempotencyKey ?? paymentKey} />
        <FormAlert message={served?.message} className="sm:col-span-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" />
        <Field label={t("invoice.payMethod")} error={errors.method}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              name="method"
              defaultValue={values.method ?? "cash"}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={inputClass}
            >
              {DESK_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t(`method.${method}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("invoice.payAmount", { currency })} hint={t("invoice.payAmountHint", { amount: maxPayment })} error={errors.amountMinor}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="amount"
              type="text"
              inputMode="decimal"
              dir="ltr"
              required
              autoComplete="off"
              defaultValue={values.amount ?? maxPayment}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={inputClass}
            />
          )}
        </Field>
        <Field label={t("invoice.payReference")} hint={t("invoice.payReferenceHint")} error={errors.reference} className="sm:col-span-2">
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="reference"
              type="text"
              maxLength={200}
              dir="auto"
              autoComplete="off"
              defaultValue={values.reference ?? ""}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className={inputClass}
            />
          )}
        </Field>
        {instalments.length > 0 ? (
          <Field label={t("invoice.payInstalment")} error={errors.instalmentId} className="sm:col-span-2">
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                name="instalmentId"
                defaultValue={values.instalmentId ?? ""}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className={inputClass}
              >
                <option value="">{t("invoice.payNoInstalment")}</option>
                {instalments.map((row) => (
                  <option key={row.id} value={row.id}>
                    {`${t("invoice.instalment", { position: row.position })} · ${row.dueOn} · ${row.amount}`}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        <div className="sm:col-span-2">
          <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700">
            {t("invoice.paySubmit")}
          </button>
        </div>
      </form>
    </section>
  );
}
