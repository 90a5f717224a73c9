import { useTranslation } from "react-i18next";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { withNotice } from "~/lib/forms/notice";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { LtrValue } from "~/ui/Bidi";
import { ACCOUNT_FORMS } from "./account-forms";
import { AccountSection, accountButtonClass as buttonClass } from "./AccountSection";
import { alertClass } from "./AuthCard";
import { useAccountForm } from "./use-account-form";

/** A copy of the account's data, and deleting the account (the e-mail typed again confirms it). */
export function DataSection({ email }: { email: string }) {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.deleteAccount,
    schema: () => import("./accounts.schema").then((schemas) => schemas.deleteAccountSchema),
    endpoint: { path: "/api/account/delete" },
    pendingLabel: t("space.data.deleting"),
    successToast: false,
    after: { go: withNotice(localizePath("/", lang), "account-deleted") },
    // A full load: every part of the page (navbar, caches) starts again signed out.
    onSuccess: () => window.location.assign(withNotice(localizePath("/", lang), "account-deleted")),
  });
  return (
    <AccountSection id="data" title={t("space.data.heading")}>
      <p className="mt-2 text-sm text-slate-700">{t("space.data.downloadIntro")}</p>
      {/* A plain link: the browser saves the file the API names (Content-Disposition), with or without script. */}
      <a href="/api/account/export" download className={`mt-3 inline-block ${buttonClass}`}>
        {t("space.data.download")}
      </a>
      <h3 className="mt-8 text-lg font-bold text-red-800">{t("space.data.deleteHeading")}</h3>
      <p className="mt-2 text-sm text-slate-700">{t("space.data.deleteIntro")}</p>
      <form {...form.formProps} id={ACCOUNT_FORMS.deleteAccount} className="mt-4 max-w-md space-y-4">
        <input type="hidden" name="form" value={ACCOUNT_FORMS.deleteAccount} />
        <FormAlert message={form.refusal} className={alertClass} />
        <Field
          label={
            <>
              {t("space.data.confirmEmail")} <LtrValue>{email}</LtrValue>
            </>
          }
          error={form.error("email")}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="email"
              autoComplete="off"
              dir="ltr"
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              {...form.field("email")}
            />
          )}
        </Field>
        <button
          type="submit"
          disabled={form.pending}
          className="rounded-lg bg-red-700 px-4 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
        >
          {form.pending ? t("space.data.deleting") : t("space.data.delete")}
        </button>
      </form>
    </AccountSection>
  );
}
