import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { FormAlert } from "~/ui/FormAlert";
import { LtrValue } from "~/ui/Bidi";
import { ACCOUNT_FORMS } from "./account-forms";
import { AccountFields } from "./AccountFields";
import { AccountSection, accountButtonClass as buttonClass } from "./AccountSection";
import { alertClass } from "./AuthCard";
import { useAccountForm } from "./use-account-form";

export function ProfileSection({ profile }: { profile: { username: string; email: string; contactNumber: string } }) {
  const { t } = useTranslation("accounts");
  const { revalidate } = useRevalidator();
  const phoneCountry = usePhoneCountry();
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.profile,
    // zod and the rules load with the first send (decision 028's way; decision 108).
    schema: () => import("./accounts.schema").then((schemas) => schemas.profileSchemaFor(phoneCountry)),
    endpoint: { method: "PATCH", path: "/api/account/profile" },
    pendingLabel: t("space.profile.submitting"),
    initial: { username: profile.username, contactNumber: profile.contactNumber },
    // Keep the saved values in the fields; the navbar's initials follow the new name.
    onSuccess: () => revalidate(),
  });
  return (
    <AccountSection id="profile" title={t("space.profile.heading")}>
      <p className="mt-2 text-sm text-slate-700">
        {t("space.profile.email")}: <LtrValue>{profile.email}</LtrValue>
      </p>
      <p className="text-xs text-slate-600">{t("space.profile.emailNote")}</p>
      <form {...form.formProps} id={ACCOUNT_FORMS.profile} className="mt-4 max-w-md space-y-4">
        <input type="hidden" name="form" value={ACCOUNT_FORMS.profile} />
        <FormAlert message={form.refusal} className={alertClass} />
        <AccountFields names={["username", "contactNumber"] as const} form={form} />
        <button type="submit" disabled={form.pending} className={buttonClass}>
          {form.pending ? t("space.profile.submitting") : t("space.profile.submit")}
        </button>
      </form>
    </AccountSection>
  );
}
