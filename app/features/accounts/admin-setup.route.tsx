import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/admin-setup.route";
import { ACCOUNT_FORMS } from "./account-forms";
import { adminSetupAction } from "./account-actions.server";
import { adminSetupSchema } from "./accounts.schema";
import { adminSetupTokenValid } from "./admin-setup.server";
import { AccountFields } from "./AccountFields";
import { alertClass, AuthCard, PageAlert, SubmitButton } from "./AuthCard";
import { useAccountForm } from "./use-account-form";

/** The form posts here (the same URL, token included) without JavaScript. */
export const action = adminSetupAction;

/** The one-time link printed by `npm start` while no staff account exists. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await adminSetupTokenValid(context.db, token) };
}

const fields = ["username", "email", "password"] as const;

export default function AdminSetupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.setup,
    schema: adminSetupSchema,
    request: () => ({ path: "/api/first-admin" }),
    initial: { token: loaderData.token },
    onSuccess: async () => {
      await revalidate();
      await navigate(localizePath("/admin", lang));
    },
  });

  return (
    <AuthCard title={t("setup.heading")} intro={t("setup.intro")}>
      <PageMeta title={t("meta.setupTitle")} description={t("meta.setupDescription")} />
      <meta name="robots" content="noindex" />
      {!loaderData.valid ? (
        <PageAlert>
          {t("setup.invalid")}{" "}
          <LocalLink to="/admin/login" className="font-medium underline">
            {t("setup.staffLogin")}
          </LocalLink>
        </PageAlert>
      ) : (
        <form {...form.formProps} id={ACCOUNT_FORMS.setup} className="space-y-4">
          <FormAlert message={form.refusal} className={alertClass} />
          <input type="hidden" {...form.field("token")} />
          <AccountFields names={fields} form={form} />
          <SubmitButton pending={form.pending} label={t("setup.submit")} pendingLabel={t("setup.submitting")} />
        </form>
      )}
    </AuthCard>
  );
}
