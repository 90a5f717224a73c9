import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";
import { CURRENCY_CODES, currencyLabel, type CurrencyCode } from "~/lib/money";
import { useLang } from "~/i18n/use-lang";

/** The values of a new code's form. */
export const NEW_PROMO_VALUES: Record<string, string> = { kind: "percent", appliesTo: "all", perFamily: "1", maxUses: "10", active: "on" };

/** A promo code's fields (staff), as posted without JavaScript: amounts in major units, days in the academy's calendar. */
export function PromoFields({ values, errors, idPrefix }: { values: Record<string, string>; errors: Record<string, string>; idPrefix: string }) {
  const { t } = useTranslation("discounts");
  const lang = useLang();
  const value = (name: string) => values[name] ?? "";
  const input = (name: string, type: string, extra: Record<string, unknown> = {}) => (
    <Field label={t(`admin.${name}`)} error={errors[name === "amount" ? "amountMinor" : name]} hint={extra.hint as string | undefined}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type={type}
          defaultValue={value(name)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClass}
          {...(extra.attrs as object)}
        />
      )}
    </Field>
  );
  const select = (name: string, options: readonly string[], label: (option: string) => string) => (
    <Field label={t(`admin.${name}`)} error={errors[name]}>
      {({ id, describedBy, invalid }) => (
        <select id={id} name={name} defaultValue={value(name)} aria-describedby={describedBy} aria-invalid={invalid || undefined} className={inputClass}>
          {options.map((option) => (
            <option key={option} value={option}>
              {label(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <>
      {input("code", "text", { hint: t("admin.codeHint"), attrs: { maxLength: 64, dir: "ltr", autoComplete: "off", spellCheck: false } })}
      {select("kind", ["percent", "amount"], (kind) => t(`admin.kinds.${kind}`))}
      {input("percent", "number", { attrs: { min: 1, max: 100, step: 1 } })}
      {input("amount", "text", { hint: t("admin.amountHint"), attrs: { inputMode: "decimal", dir: "ltr" } })}
      {select("currency", ["", ...CURRENCY_CODES], (currency) => (currency ? currencyLabel(currency as CurrencyCode, lang) : "—"))}
      {select("appliesTo", ["all", "courses", "camp"], (target) => t(`admin.targets.${target}`))}
      {input("validFrom", "date", { hint: t("admin.datesHint") })}
      {input("validUntil", "date")}
      {input("maxUses", "number", { attrs: { min: 1, max: 100000, step: 1 } })}
      {input("perFamily", "number", { attrs: { min: 1, max: 100, step: 1 } })}
      <div className="flex items-center gap-2 sm:col-span-2">
        <input id={`${idPrefix}-active`} name="active" type="checkbox" defaultChecked={value("active") === "on"} className="h-4 w-4" />
        <label htmlFor={`${idPrefix}-active`} className="text-sm font-medium text-slate-800">
          {t("admin.active")}
        </label>
      </div>
    </>
  );
}
