import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { useLang } from "~/i18n/use-lang";
import { PHONE_COUNTRIES, phoneCountryDefault } from "~/lib/phone-countries";
import { Field, inputClass } from "./Field";

/** The props a form gives a control (useApiForm's `field(name)`): its name, handlers and first value. */
type ControlProps = { name: string; defaultValue?: string } & Record<string, unknown>;

interface PhoneFieldProps {
  label: ReactNode;
  /** The number's control (`form.field("phone")`) and its message. */
  number: ControlProps;
  error?: string;
  /** The country code's select (`form.field("phoneCountry")`) and its message. */
  country: ControlProps;
  countryError?: string;
  autoComplete?: string;
  className?: string;
  /** A fixed id (Field's `id`, for a form hydrated as an island). */
  id?: string;
}

/**
 * A phone number as families type it (issue 42 step 6, decision 112): a country-code select beside
 * the number, posted with the form as `phoneCountry` (without script too), so "050 123 4567" with
 * +971 is read as +971501234567 by the server's rule (phoneField). It starts on the academy's
 * country, or the UAE on an Arabic page of an academy elsewhere (phoneCountryDefault). The code and
 * the number read left to right on Arabic pages too; the hint's example is isolated in its text.
 */
export function PhoneField({ label, number, error, country, countryError, autoComplete = "tel", className, id: fixedId }: PhoneFieldProps) {
  const { t } = useTranslation("common");
  const lang = useLang();
  const academyCountry = usePhoneCountry();
  const { defaultValue: chosen, ...select } = country;
  const startsOn = chosen && PHONE_COUNTRIES.some((c) => c.code === chosen) ? chosen : phoneCountryDefault(academyCountry, lang);
  return (
    <Field label={label} error={error ?? countryError} hint={t("phone.hint")} className={className} id={fixedId}>
      {({ id, describedBy, invalid }) => (
        <div dir="ltr" className="flex gap-2">
          <select
            // Chromium draws a closed select's text by its own direction: in Arabic the name comes first
            // and a left-to-right mark keeps the "+" before the code ("الهند +91", not "91+").
            dir={lang === "ar" ? "rtl" : "ltr"}
            aria-label={t("phone.country")}
            autoComplete="tel-country-code"
            className={`${inputClass.replace("w-full", "w-auto")} shrink-0`}
            aria-invalid={Boolean(countryError) || undefined}
            defaultValue={startsOn}
            {...select}
          >
            {PHONE_COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {lang === "ar" ? `${t(`phone.countries.${c.code}`)} \u200E+${c.dial}` : `+${c.dial} ${t(`phone.countries.${c.code}`)}`}
              </option>
            ))}
          </select>
          <input
            id={id}
            type="tel"
            inputMode="tel"
            // "tel" (the whole number, +code included: the rule reads it whatever the select says); "tel-national" is not allowed on type="tel".
            autoComplete={autoComplete}
            dir="ltr"
            className={`${inputClass} min-w-0 flex-1`}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            {...number}
          />
        </div>
      )}
    </Field>
  );
}
