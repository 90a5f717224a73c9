import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import type { FormState } from "~/lib/forms/form-state";

/**
 * A group's status on its own page (issue 42 step 9): close to new enrolments or open again, and
 * cancel the whole group behind a confirmation box. The list page no longer carries these buttons.
 */
export function SectionStatusForms({ status, state, saved }: { status: "open" | "closed" | "cancelled"; state: FormState | null; saved: boolean }) {
  const { t } = useTranslation("sections");
  return (
    <section id="status" aria-labelledby="status-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="status-heading" className="text-xl font-semibold text-slate-900">
        {t("admin.statusHeading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("admin.statusNow", { status: t(`admin.status.${status}`) })}</p>
      {saved && !state ? (
        <p role="status" className="mt-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
          {t("admin.statusSaved")}
        </p>
      ) : null}
      <FormAlert message={state?.message} className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" />
      {status === "cancelled" ? null : (
        <div className="mt-3 space-y-4">
          <form method="post">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value={status === "open" ? "closed" : "open"} />
            <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              {status === "open" ? t("admin.close") : t("admin.reopen")}
            </button>
          </form>
          <form method="post" className="space-y-2 rounded-lg border border-red-200 bg-red-50/50 p-3">
            <input type="hidden" name="intent" value="cancel" />
            <p className="text-sm text-slate-800">{t("admin.cancelHint")}</p>
            <label className="flex items-start gap-2 text-sm text-slate-900">
              <input type="checkbox" name="confirm" required className="mt-1" />
              {t("admin.cancelConfirm")}
            </label>
            <button type="submit" className="rounded-lg border border-red-400 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50">
              {t("admin.cancel")}
            </button>
          </form>
        </div>
      )}
    </section>
  );
}
