import { useTranslation } from "react-i18next";

/** The submit button of a staff form: disabled and saying so while the save is under way. */
export function SaveButton({ pending, label }: { pending: boolean; label?: string }) {
  const { t } = useTranslation("admin");
  return (
    <button type="submit" disabled={pending} className="rounded-lg bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700 disabled:opacity-60">
      {pending ? t("form.saving") : (label ?? t("form.save"))}
    </button>
  );
}
