import type { ReactNode } from "react";
import { Controller, type Control, type FieldValues, type Path, type UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { langOfDir } from "~/i18n/lang";
import { Field, inputClass } from "~/ui/Field";
import { ConfirmDelete } from "./ConfirmDelete";
import { UnsavedChangesGuard } from "./UnsavedChangesGuard";
import { primaryButton } from "./EditorShell";
import { ImageUpload } from "./ImageUpload";

interface TextFieldProps {
  label: string;
  error: string | undefined;
  /** What register() (or useApiForm's field()) gives for the control. */
  control: UseFormRegisterReturn & { defaultValue?: string };
  dir?: "ltr" | "rtl";
  hint?: string;
  /** A textarea of that many rows instead of a one-line input. */
  rows?: number;
  type?: "text" | "date" | "number";
  className?: string;
  /** A number's step: 1 (whole), or "any" for a price in its currency's decimals. */
  step?: 1 | "any";
}

/** One labelled text control of an admin form, its language set from its direction. */
export function TextField({ label, error, control, dir, hint, rows, type = "text", className, step = 1 }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => {
        const common = { id, dir, lang: langOfDir(dir), className: inputClass, "aria-describedby": describedBy, "aria-invalid": invalid, ...control };
        // A price takes its currency's decimals (step "any", inputMode decimal); the schema checks them.
        const numeric = step === "any" ? { inputMode: "decimal" as const, min: 0, step } : { inputMode: "numeric" as const, min: 0, step };
        return rows ? <textarea rows={rows} {...common} /> : <input type={type} {...(type === "number" ? numeric : {})} {...common} />;
      }}
    </Field>
  );
}

/** Empty number inputs become undefined (a required number) or null (an optional one). */
export const asNumber = (value: unknown) => (value === "" || value === null || value === undefined ? undefined : Number(value));
export const asOptionalNumber = (value: unknown) => (value === "" || value === null || value === undefined ? null : Number(value));

/** An uploaded image of the record (its URL is the field's value). */
export function ImageField<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: Path<T>; label: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ImageUpload label={label} value={(field.value as string | undefined) ?? ""} onChange={field.onChange} error={fieldState.error?.message} />
      )}
    />
  );
}

/** The editor's last row: Save, the editor's own links, and Delete (asked first) once the record exists. */
export function EditorActions({
  pending,
  dirty,
  deleteQuestion,
  onDelete,
  draftKept,
  children,
}: {
  pending: boolean;
  /** Changes are kept as a draft (autosave): the leave question says so. */
  draftKept?: boolean;
  /** The form holds unsaved changes: leaving asks first. */
  dirty: boolean;
  deleteQuestion: string;
  onDelete?: () => Promise<void>;
  children?: ReactNode;
}) {
  const { t } = useTranslation("admin-content");
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
      <UnsavedChangesGuard dirty={dirty} draftKept={draftKept} />
      <button type="submit" disabled={pending} className={primaryButton}>
        {pending ? t("form.saving") : t("form.save")}
      </button>
      {children}
      {onDelete ? (
        <div className="ms-auto">
          <ConfirmDelete question={deleteQuestion} onConfirm={onDelete} />
        </div>
      ) : null}
    </div>
  );
}

/** The search-engine texts of a record (meta title, description, keywords), each drawn by the editor. */
export function SeoFields({ field }: { field: (name: "metaTitle" | "metaDescription" | "metaKeywords", label: string) => ReactNode }) {
  const { t } = useTranslation("admin-content");
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 md:grid-cols-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{t("seo.legend")}</legend>
      {field("metaTitle", t("seo.metaTitle"))}
      {field("metaDescription", t("seo.metaDescription"))}
      {field("metaKeywords", t("seo.metaKeywords"))}
    </fieldset>
  );
}
