import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";
import type { QuoteView } from "./quote-view";

/**
 * The price before paying (issue 31 part 5): each line, each discount and the total, then the code
 * field with its "Apply code" button. The button posts the form to the page (`intent=quote`),
 * which renders it again with the code's quote: the same with and without JavaScript. Tax is
 * shown as the invoice will carry it: a line above the total when added on top, a row under the
 * total ("Includes VAT (5%)") when inside it, so the total is what the family is charged (scripts that
 * send a form as JSON leave a `data-native-post` button's post to the browser). Amounts are
 * isolated left to right, so a minus sign and a currency symbol stay in place on Arabic pages.
 */
export function PriceSummary({
  quote,
  code = "",
  field,
  error,
}: {
  quote: QuoteView | null;
  /** The code as typed, on a plain form. */
  code?: string;
  /** A form hook's field props for `promoCode` (name, value, handlers), on a form that sends JSON. */
  field?: { name: string; defaultValue?: string | undefined };
  error?: string;
}) {
  const { t } = useTranslation("discounts");
  return (
    <div className="space-y-3 rounded-2xl border border-slate-200 bg-slate-50 p-4" data-price-summary="">
      {quote ? (
        <table className="w-full text-start text-sm">
          <caption className="mb-2 text-start text-lg font-semibold text-slate-900">{t("quote.heading")}</caption>
          <tbody>
            {quote.lines.map((line, i) => (
              <tr key={i} className={line.kind === "discount" ? "text-emerald-800" : "text-slate-800"}>
                <th scope="row" className="py-1 pe-3 text-start font-normal">
                  {line.label}
                </th>
                <td className="py-1 text-end tabular-nums">
                  <bdi dir="ltr">{line.amount}</bdi>
                </td>
              </tr>
            ))}
            <tr className="border-t border-slate-300 font-bold text-slate-900">
              <th scope="row" className="pt-2 pe-3 text-start">
                {t("quote.total")}
              </th>
              <td className="pt-2 text-end tabular-nums" data-total="">
                <bdi dir="ltr">{quote.total}</bdi>
              </td>
            </tr>
            {quote.taxIncluded ? (
              <tr className="text-slate-600" data-tax-included="">
                <th scope="row" className="py-1 pe-3 text-start font-normal">
                  {quote.taxIncluded.label}
                </th>
                <td className="py-1 text-end tabular-nums">
                  <bdi dir="ltr">{quote.taxIncluded.amount}</bdi>
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      ) : null}
      {quote?.code && !error ? (
        <p role="status" className="text-sm font-semibold text-emerald-800">
          {t("quote.applied", { code: quote.code })}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <Field label={t("quote.code")} error={error}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name="promoCode"
                defaultValue={code}
                {...field}
                type="text"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                dir="ltr"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className={inputClass}
              />
            )}
          </Field>
        </div>
        <button
          type="submit"
          name="intent"
          value="quote"
          formNoValidate
          data-native-post=""
          className="rounded-lg border border-indigo-600 bg-white px-4 py-2.5 font-semibold text-indigo-700 hover:bg-indigo-50"
        >
          {t("quote.apply")}
        </button>
      </div>
    </div>
  );
}
