import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useWatch, type Control, type FieldValues } from "react-hook-form";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";

/** Title, back link and body of an admin editor page. */
function EditorShell({ title, backTo, backLabel, children }: { title: string; backTo: string; backLabel: string; children: ReactNode }) {
  const { t } = useTranslation("admin-content");
  return (
    <div className="space-y-6">
      <LocalLink to={backTo} className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true" className="rtl:rotate-180">
          ←
        </span>{" "}
        {backLabel || t("actions.back")}
      </LocalLink>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

/**
 * The page of a collection's editor: "New ..." or "Edit ..." (texts under `{prefix}.newTitle` and
 * `.editTitle`), the way back to the list, and the form, remounted for each record (client
 * navigation from one record to another keeps the route mounted).
 */
export function EditorPage({ collection, prefix, id, children }: { collection: string; prefix: string; id: number | null; children: ReactNode }) {
  const { t } = useTranslation("admin-content");
  const title = id ? t(`${prefix}.editTitle`) : t(`${prefix}.newTitle`);
  return (
    <EditorShell title={title} backTo={`/admin/${collection}`} backLabel={t(`${prefix}.back`)}>
      <PageMeta title={title} description={title} />
      <Fragment key={id ?? "new"}>{children}</Fragment>
    </EditorShell>
  );
}

/** Two tabs, English and Arabic, for a form's bilingual fields. */
export function LanguageTabs({
  value,
  onChange,
  invalid,
}: {
  value: "En" | "Ar";
  onChange: (tab: "En" | "Ar") => void;
  invalid: { En: boolean; Ar: boolean };
}) {
  const { t } = useTranslation("admin-content");
  return (
    <div role="tablist" aria-label={t("tabs.label")} className="flex gap-2 border-b border-slate-200">
      {(["En", "Ar"] as const).map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`tab-${tab}`}
          aria-selected={value === tab}
          aria-controls={`panel-${tab}`}
          onClick={() => onChange(tab)}
          className={`-mb-px rounded-t-lg border px-4 py-2 text-sm font-semibold ${value === tab ? "border-slate-200 border-b-white bg-white text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
        >
          {t(`tabs.${tab}`)}
          {invalid[tab] ? (
            <span className="ms-1 text-red-700" aria-label={t("tabs.hasErrors")}>
              •
            </span>
          ) : null}
        </button>
      ))}
    </div>
  );
}

const filled = (value: unknown) => (Array.isArray(value) ? value.length > 0 : typeof value === "string" && value.trim() !== "");

/**
 * Names the bilingual fields given in one language but not the other ("Not in Arabic yet: Title,
 * Description"), so staff see what visitors of the other language will get in the wrong language.
 * `fields` are base names (`title` for titleEn/titleAr) with their labels.
 */
export function TranslationGaps({ control, fields }: { control: Control<FieldValues>; fields: readonly { name: string; label: string }[] }) {
  const { t } = useTranslation("admin-content");
  const names = fields.flatMap(({ name }) => [`${name}En`, `${name}Ar`]);
  const values = useWatch({ control, name: names });
  const gaps = (["Ar", "En"] as const)
    .map((lang) => ({
      lang,
      labels: fields.filter((_, i) => filled(values[i * 2 + (lang === "Ar" ? 0 : 1)]) && !filled(values[i * 2 + (lang === "Ar" ? 1 : 0)])).map((f) => f.label),
    }))
    .filter((gap) => gap.labels.length > 0);
  if (gaps.length === 0) return null;
  return (
    <div role="note" className="space-y-1 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {gaps.map((gap) => (
        <p key={gap.lang}>{t(`tabs.missing${gap.lang}`, { fields: gap.labels.join(t("tabs.listSeparator")) })}</p>
      ))}
    </div>
  );
}

export const primaryButton = "rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60";
export const secondaryButton = "rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50";
