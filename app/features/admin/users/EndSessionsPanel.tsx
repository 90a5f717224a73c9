import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { ACCOUNT_FORMS } from "~/features/accounts/account-forms";
import { buttonOnlySchema } from "~/features/accounts/accounts.schema";
import { useApiForm } from "~/lib/forms/use-api-form";
import { FormAlert } from "~/ui/FormAlert";

/**
 * /admin/users/{id}: how many devices the account is signed in on, and "End all sessions" (a
 * lost phone, a shared computer). Without JavaScript the form posts to the page (user.route.tsx).
 */
export function EndSessionsPanel({ userId, sessions }: { userId: number; sessions: number }) {
  const { t } = useTranslation("admin");
  const { revalidate } = useRevalidator();
  const form = useApiForm({
    id: ACCOUNT_FORMS.endAllSessions,
    schema: buttonOnlySchema,
    request: () => (window.confirm(t("users.sessions.confirm")) ? { path: `/api/admin/users/${userId}/sessions/end` } : undefined),
    messages: { failed: t("form.saveFailed"), network: t("form.network") },
    onSuccess: () => revalidate(),
  });
  return (
    <form
      {...form.formProps}
      id={ACCOUNT_FORMS.endAllSessions}
      aria-labelledby="sessions-title"
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="sessions-title" className="text-lg font-semibold text-slate-900">
        {t("users.sessions.title")}
      </h2>
      <FormAlert message={form.refusal} />
      <p className="text-slate-800">{t("users.sessions.count", { count: sessions })}</p>
      <p className="text-sm text-slate-600">{t("users.sessions.hint")}</p>
      <button
        type="submit"
        disabled={form.pending || sessions === 0}
        className="rounded-lg bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700 disabled:opacity-60"
      >
        {t("users.sessions.end")}
      </button>
    </form>
  );
}
