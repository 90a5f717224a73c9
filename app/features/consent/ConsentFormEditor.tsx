import { useTranslation } from "react-i18next";
import { inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import type { FormState } from "~/lib/forms/form-state";
import { CONSENT_KINDS } from "./consent-kinds";

/** The staff form of a consent form: kind (new forms only), required, texts in both languages. */
export function ConsentFormEditor({
  values,
  served,
  isNew,
  submit,
}: {
  values: Record<string, string>;
  served: FormState | null;
  isNew: boolean;
  submit: string;
}) {
  const { t } = useTranslation("consent");
  const value = (name: string) => served?.values[name] ?? values[name] ?? "";
  const error = (name: string) => served?.errors[name];
  const text = (name: "titleEn" | "titleAr" | "bodyEn" | "bodyAr") => {
    const id = `cf-${name}`;
    const long = name.startsWith("body");
    const props = {
      id,
      name,
      defaultValue: value(name),
      className: inputClass,
      "aria-invalid": error(name) ? true : undefined,
      "aria-describedby": error(name) ? `${id}-error` : undefined,
      dir: name.endsWith("Ar") ? "rtl" : "ltr",
    };
    return (
      <div key={name}>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {t(`admin.${name}`)}
        </label>
        {long ? <textarea rows={6} {...props} /> : <input type="text" {...props} />}
        {error(name) ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error(name)}
          </p>
        ) : null}
      </div>
    );
  };
  const checked = (name: string) => (served ? served.values[name] === "yes" : values[name] === "yes");
  return (
    <form method="post" className="space-y-4">
      <FormAlert message={served && Object.keys(served.errors).length === 0 ? served.message : undefined} />
      {isNew ? (
        <div>
          <label htmlFor="cf-kind" className="mb-1 block text-sm font-medium text-slate-800">
            {t("admin.kind")}
          </label>
          <select id="cf-kind" name="kind" defaultValue={value("kind") || "liability"} className={inputClass}>
            {CONSENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p className="flex items-center gap-2">
        <input id="cf-required" type="checkbox" name="required" value="yes" defaultChecked={checked("required")} className="h-5 w-5" />
        <label htmlFor="cf-required">{t("admin.required")}</label>
      </p>
      {isNew ? null : (
        <p className="flex items-center gap-2">
          <input id="cf-active" type="checkbox" name="active" value="yes" defaultChecked={checked("active")} className="h-5 w-5" />
          <label htmlFor="cf-active">{t("admin.active")}</label>
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">{(["titleEn", "titleAr", "bodyEn", "bodyAr"] as const).map(text)}</div>
      <button type="submit" className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700">
        {submit}
      </button>
    </form>
  );
}
