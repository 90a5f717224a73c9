import { useTranslation } from "react-i18next";
import { AGE_GROUPS, type AgeGroup } from "./age-groups";

/** The age dropdown: All, then the presets (specification section 2). */
export function AgeGroupSelect({
  value,
  onChange,
  id,
  className,
  ...rest
}: {
  value: AgeGroup | null;
  /** `age`: the select belongs to a GET form (the no-JS path and the enhancement script's). */
  name?: string;
  onChange: (value: string) => void;
  id: string;
  className?: string;
  "aria-labelledby"?: string;
}) {
  const { t } = useTranslation("courses");
  return (
    <select
      id={id}
      value={value ?? "all"}
      onChange={(event) => onChange(event.target.value)}
      className={
        className ??
        "rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30"
      }
      {...rest}
    >
      <option value="all">{t("catalogue.all")}</option>
      {AGE_GROUPS.map((group) => (
        <option key={group} value={group} dir="ltr">
          {group}
        </option>
      ))}
    </select>
  );
}

/**
 * The age form's button for visitors without script. With script a choice applies at once, so the
 * button is hidden once the page is enhanced or hydrated (app.css, .without-script). It stays in
 * the document rather than in <noscript>: a form needs a submit button for keyboard users and
 * checkers (WCAG 3.2.2, HTML_CodeSniffer H32.2) even before the script has run.
 */
export function NoScriptSubmit() {
  const { t } = useTranslation("courses");
  return (
    <button type="submit" className="without-script rounded-lg bg-indigo-600 px-4 py-2 text-base font-semibold text-white hover:bg-indigo-700">
      {t("catalogue.apply")}
    </button>
  );
}
