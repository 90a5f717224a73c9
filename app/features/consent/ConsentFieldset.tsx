import { useTranslation } from "react-i18next";
import { inputClass } from "~/ui/Field";
import { PICKUP_ROWS, consentField, type ConsentFormView } from "./consent-fields";

interface Props {
  forms: readonly ConsentFormView[];
  /** A value posted before (a refused post renders back); never a PIN. */
  value: (name: string) => string | undefined;
  /** The server's message for a field. */
  error: (name: string) => string | undefined;
}

/** One text input with its label and the server's message (ids the enhancement script finds: `<id>-error`). */
function Input({
  name,
  label,
  type = "text",
  autoComplete,
  value,
  error,
  dir,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  value?: string;
  error?: string;
  dir?: "ltr";
}) {
  const id = `f-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        dir={dir}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The consent forms as a step of an enrolment form (decision 078): each form's current version,
 * its text, what it asks (medical notes, pickup people) and the box that signs it. Plain fields: the
 * same post with or without JavaScript, checked by the server (a child who already answered a
 * version may leave it). Renders nothing when the academy has no forms.
 */
export function ConsentFieldset({ forms, value, error }: Props) {
  const { t } = useTranslation("consent");
  if (forms.length === 0) return null;
  return (
    <fieldset className="space-y-4" id="consent">
      <legend className="text-lg font-semibold text-slate-900">{t("fieldset.legend")}</legend>
      <p className="text-sm text-slate-700">{t("fieldset.intro")}</p>
      {forms.map((form) => {
        const name = (part?: string) => consentField(form.versionId, part);
        const boxId = `f-${name()}`;
        const boxError = error(name());
        return (
          <fieldset key={form.versionId} className="rounded-2xl border border-slate-200 p-4">
            <legend className="px-1 font-semibold text-slate-900">
              {form.title}{" "}
              <span className="text-sm font-normal text-slate-600">
                ({form.required ? t("fieldset.required") : t("fieldset.optional")} · {t("fieldset.version", { version: form.version })})
              </span>
            </legend>
            <section
              className="max-h-48 overflow-y-auto whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-800"
              tabIndex={0}
              aria-label={form.title}
            >
              {form.body}
            </section>
            {form.kind === "medical" ? (
              <div className="mt-3 grid gap-3 sm:grid-cols-2">
                <Input name={name("allergies")} label={t("fieldset.allergies")} value={value(name("allergies"))} error={error(name("allergies"))} />
                <Input name={name("medical")} label={t("fieldset.medical")} value={value(name("medical"))} error={error(name("medical"))} />
              </div>
            ) : null}
            {form.kind === "pickup" ? (
              <div className="mt-3 space-y-3">
                <p className="text-sm text-slate-700">{t("fieldset.pickupHint")}</p>
                {Array.from({ length: PICKUP_ROWS }, (_, i) => i + 1).map((row) => (
                  <fieldset key={row} className="grid gap-3 sm:grid-cols-3">
                    <legend className="text-sm font-medium text-slate-800">{t("fieldset.person", { n: row })}</legend>
                    <Input
                      name={name(`name${row}`)}
                      label={t("fieldset.name")}
                      autoComplete="off"
                      value={value(name(`name${row}`))}
                      error={error(name(`name${row}`))}
                    />
                    <Input
                      name={name(`phone${row}`)}
                      label={t("fieldset.phone")}
                      type="tel"
                      autoComplete="off"
                      dir="ltr"
                      value={value(name(`phone${row}`))}
                      error={error(name(`phone${row}`))}
                    />
                    <Input
                      name={name(`pin${row}`)}
                      label={t("fieldset.pin")}
                      type="password"
                      autoComplete="new-password"
                      dir="ltr"
                      error={error(name(`pin${row}`))}
                    />
                  </fieldset>
                ))}
              </div>
            ) : null}
            <div className="mt-3 flex items-start gap-2">
              <input
                id={boxId}
                type="checkbox"
                name={name()}
                value="yes"
                defaultChecked={value(name()) === "yes"}
                aria-invalid={boxError ? true : undefined}
                aria-describedby={boxError ? `${boxId}-error` : undefined}
                className="mt-1 h-5 w-5 shrink-0"
              />
              <div>
                <label htmlFor={boxId} className="font-medium text-slate-900">
                  {form.required ? t("fieldset.agree") : t("fieldset.agreeOptional")}
                </label>
                {boxError ? (
                  <p id={`${boxId}-error`} role="alert" className="mt-1 text-sm text-red-700">
                    {boxError}
                  </p>
                ) : null}
              </div>
            </div>
          </fieldset>
        );
      })}
      <p className="text-sm text-slate-600">{t("fieldset.signer")}</p>
    </fieldset>
  );
}
