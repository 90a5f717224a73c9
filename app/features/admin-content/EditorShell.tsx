import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";

/** Title, back link and body of an admin editor page. */
function EditorShell({ title, backTo, backLabel, children }: { title: string; backTo: string; backLabel: string; children: ReactNode }) {
  const { t } = useTranslation("admin-content");
  return (
    <div className="space-y-6">
      <LocalLink to={backTo} className="inline-flex items-center gap-1 text-sm font-semibold text-indigo-700 hover:underline">
        <span aria-hidden="true" className="rtl:rotate-180">←</span> {backLabel || t("actions.back")}
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
export function LanguageTabs({ value, onChange, invalid }: { value: "En" | "Ar"; onChange: (tab: "En" | "Ar") => void; invalid: { En: boolean; Ar: boolean } }) {
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

export const primaryButton = "rounded-lg bg-indigo-600 px-5 py-2 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60";
export const secondaryButton = "rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50";
