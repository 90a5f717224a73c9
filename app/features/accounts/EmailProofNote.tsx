import { useTranslation } from "react-i18next";
import { FormAlert } from "~/ui/FormAlert";
import { ACCOUNT_FORMS } from "./account-forms";
import { buttonOnlySchema } from "./accounts.schema";
import { alertClass } from "./AuthCard";
import { useAccountForm } from "./use-account-form";

/**
 * An account whose e-mail is not proven yet (issue 42, step 5): why the family's bookings and
 * enrolments are not shown, and a button that sends the "confirm your e-mail" link again, in its
 * own words (it was a link to the forgot-password page). With or without JavaScript.
 */
export function EmailProofNote() {
  const { t } = useTranslation("email-proof");
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.emailProof,
    schema: buttonOnlySchema,
    endpoint: { path: "/api/account/email-proof" },
  });
  return (
    <div className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-slate-900" data-testid="email-proof-note">
      <p>{t("account.unproven")}</p>
      <form {...form.formProps} id={ACCOUNT_FORMS.emailProof} className="mt-2">
        <input type="hidden" name="form" value={ACCOUNT_FORMS.emailProof} />
        <FormAlert message={form.refusal} className={alertClass} />
        <button
          type="submit"
          disabled={form.pending}
          className="rounded-lg border border-indigo-600 bg-white px-3 py-1.5 font-semibold text-indigo-700 hover:bg-indigo-50 disabled:opacity-60"
        >
          {t("account.send")}
        </button>
      </form>
    </div>
  );
}
