import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ApiForm } from "~/lib/forms/use-api-form";
import { Field, inputClass } from "~/ui/Field";

/** The submit button of a staff form: disabled and saying so while the save is under way. */
export function SaveButton({ pending, label }: { pending: boolean; label?: string }) {
  const { t } = useTranslation("admin");
  return (
    <button type="submit" disabled={pending} className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60">
      {pending ? t("form.saving") : (label ?? t("form.save"))}
    </button>
  );
}

/**
 * A titled staff form changing one thing of a record, starting with a choice among `options`
 * (a submission's status, an account's role); `children` come after it.
 */
export function ChoiceFormPanel({
  form,
  name,
  titleId,
  title,
  label,
  options,
  save,
  children,
}: {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any record form; only its helpers are used
  form: ApiForm<any>;
  name: string;
  titleId: string;
  title: string;
  label: string;
  options: { value: string; label: string }[];
  save?: string;
  children?: ReactNode;
}) {
  return (
    <form {...form.formProps} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={titleId}>
      <h2 id={titleId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <Field label={label} error={form.error(name)}>
        {({ id, describedBy, invalid }) => (
          <select id={id} className={`${inputClass} max-w-xs`} aria-describedby={describedBy} aria-invalid={invalid} {...form.field(name)}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {children}
      <SaveButton pending={form.pending} label={save} />
    </form>
  );
}
