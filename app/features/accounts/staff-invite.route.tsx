import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { FormAlert } from "~/ui/FormAlert";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { LtrValue } from "~/ui/Bidi";
import type { Route } from "./+types/staff-invite.route";
import { ACCOUNT_FORMS } from "./account-forms";
import { acceptInviteAction } from "./account-actions.server";
import { acceptInviteSchema } from "./accounts.schema";
import { invitedEmail } from "./staff-invite.server";
import { AccountFields } from "./AccountFields";
import { alertClass, AuthCard, PageAlert, SubmitButton } from "./AuthCard";
import { useAccountForm } from "./use-account-form";

/** The form posts here (the same URL, token included) without JavaScript. */
export const action = acceptInviteAction;

/** The link of a staff invitation (staff-invite.server.ts): the invited address chooses a name and password. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const invited = await invitedEmail(context.db, token);
  return { token, email: invited?.email ?? null, teaches: invited?.role === "instructor" };
}

const fields = ["username", "password"] as const;

export default function StaffInvitePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.acceptInvite,
    schema: acceptInviteSchema,
    request: () => ({ path: "/api/staff-invites/accept" }),
    initial: { token: loaderData.token },
    onSuccess: async (answer) => {
      await revalidate();
      // An instructor starts on their classes (decision 074); the admin area is not theirs.
      await navigate(localizePath(answer.role === "instructor" ? "/teaching" : "/admin", lang));
    },
  });

  return (
    <AuthCard title={t("invite.heading")} intro={loaderData.email ? <IntroWithEmail email={loaderData.email} /> : null}>
      <PageMeta title={t("invite.metaTitle")} description={t("invite.metaDescription")} />
      <meta name="robots" content="noindex" />
      {!loaderData.email ? (
        <PageAlert>
          {t("invite.invalid")}{" "}
          <LocalLink to="/admin/login" className="font-medium underline">
            {t("setup.staffLogin")}
          </LocalLink>
        </PageAlert>
      ) : (
        <form {...form.formProps} id={ACCOUNT_FORMS.acceptInvite} className="space-y-4">
          <FormAlert message={form.refusal} className={alertClass} />
          <input type="hidden" {...form.field("token")} />
          <AccountFields names={fields} form={form} />
          <SubmitButton pending={form.pending} label={t(loaderData.teaches ? "invite.submitTeach" : "invite.submit")} pendingLabel={t("invite.submitting")} />
        </form>
      )}
    </AuthCard>
  );
}

function IntroWithEmail({ email }: { email: string }) {
  const { t } = useTranslation("accounts");
  // The address is isolated left to right inside the sentence of either language.
  const [before, after] = t("invite.intro", { email: "__EMAIL__" }).split("__EMAIL__");
  return (
    <>
      {before}
      <LtrValue>{email}</LtrValue>
      {after}
    </>
  );
}
