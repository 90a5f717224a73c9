import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";

/** The two alt text fields of a form: English left-to-right, Arabic right-to-left. */
export function MediaAltFields({ values, errors, hint }: { values: { altEn: string; altAr: string }; errors?: Record<string, string>; hint?: boolean }) {
  const { t } = useTranslation("admin-content");
  return (
    <>
      <Field label={t("media.altEn")} error={errors?.altEn} hint={hint ? t("media.altHint") : undefined}>
        {({ id, describedBy, invalid }) => (
          <input
            type="text"
            id={id}
            name="altEn"
            defaultValue={values.altEn}
            maxLength={300}
            dir="ltr"
            lang="en"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClass}
          />
        )}
      </Field>
      <Field label={t("media.altAr")} error={errors?.altAr}>
        {({ id, describedBy, invalid }) => (
          <input
            type="text"
            id={id}
            name="altAr"
            defaultValue={values.altAr}
            maxLength={300}
            dir="rtl"
            lang="ar"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClass}
          />
        )}
      </Field>
    </>
  );
}
