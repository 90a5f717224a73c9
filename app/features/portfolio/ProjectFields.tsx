import { useTranslation } from "react-i18next";
import type { FormState } from "~/lib/forms/form-state";
import { Field, inputClass } from "~/ui/Field";

/** A project's own words (title, note, link), the served values after a refusal. */
export function ProjectFields({ served }: { served?: FormState }) {
  const { t } = useTranslation("portfolio");
  return (
    <>
      <Field label={t("roster.projectTitle")} error={served?.errors.title}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="title"
            type="text"
            required
            maxLength={120}
            defaultValue={served?.values.title ?? ""}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClass}
          />
        )}
      </Field>
      <Field label={t("roster.note")} error={served?.errors.note}>
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            name="note"
            rows={3}
            maxLength={1000}
            defaultValue={served?.values.note ?? ""}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClass}
          />
        )}
      </Field>
      <Field
        label={t("roster.link")}
        hint={
          <>
            {t("roster.linkHint")} <span dir="ltr">https://</span>
          </>
        }
        error={served?.errors.link}
      >
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            name="link"
            type="url"
            dir="ltr"
            maxLength={500}
            inputMode="url"
            defaultValue={served?.values.link ?? ""}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            className={inputClass}
          />
        )}
      </Field>
    </>
  );
}
