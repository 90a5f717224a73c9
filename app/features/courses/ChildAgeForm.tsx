import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { CHILD_AGE_MAX, CHILD_AGE_MIN } from "./age-groups";

/**
 * "My child is 8": every course whose age range includes that age. A plain GET form, so it works
 * before scripts run; the age stays in the URL (`?childAge=8`) like the presets.
 */
export function ChildAgeForm({ childAge }: { childAge: number | null }) {
  const { t } = useTranslation("courses");
  return (
    <Form method="get" preventScrollReset className="flex flex-wrap items-center gap-2">
      <label htmlFor="child-age" className="font-semibold text-slate-800">
        {t("childAge.before")}
      </label>
      <input
        id="child-age"
        name="childAge"
        type="number"
        inputMode="numeric"
        min={CHILD_AGE_MIN}
        max={CHILD_AGE_MAX}
        step={1}
        required
        defaultValue={childAge ?? ""}
        key={childAge ?? "none"}
        aria-label={t("childAge.label")}
        className="w-20 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-600 focus:outline-none focus:ring-2 focus:ring-indigo-600/30"
      />
      <span className="text-slate-800">{t("childAge.after")}</span>
      <button type="submit" className="rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700">
        {t("childAge.submit")}
      </button>
    </Form>
  );
}
