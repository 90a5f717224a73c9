import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { Field, inputClass } from "~/ui/Field";
import { PasswordInput } from "~/ui/PasswordInput";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/reset-password.route";
import { ACCOUNT_FORMS } from "./account-forms";
import { resetPasswordAction } from "./account-actions.server";
import { resetPasswordSchema } from "./accounts.schema";
import { AuthCard, PageAlert, SubmitButton } from "./AuthCard";
import { resetTokenUsable } from "./password-reset.server";
import { useAccountForm } from "./use-account-form";

/** The form posts here (the same URL, token included) without JavaScript. */
export const action = resetPasswordAction;

const tokenShape = /^[\w-]{20,100}$/;

// A used or expired link says so at once, instead of after the new password is typed.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { usable: tokenShape.test(token) && (await resetTokenUsable(context.db, token)) };
}

export default function ResetPasswordPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  // The link a Google-only account asked for on /account sets a first password (decision 033).
  const setting = params.get("purpose") === "set";
  const [refused, setRefused] = useState<string>();
  const form = useAccountForm("request", {
    id: ACCOUNT_FORMS.reset,
    schema: resetPasswordSchema,
    request: () => ({ path: "/api/password/reset" }),
    // Never echoed back by the page's action (a secret), so the link's own token fills the field.
    initial: { token },
    onSuccess: () => navigate(localizePath("/login", lang)),
    onRefusal: (answer) => setRefused(answer.errors ? undefined : answer.message),
  });

  // The API refuses a spent or expired token with a form-level 400; the link is then dead.
  const invalidLink = !tokenShape.test(token)
    ? t(setting ? "setPassword.missingToken" : "reset.missingToken")
    : !loaderData.usable || form.error("token")
      ? t(setting ? "setPassword.invalid" : "api.resetInvalid")
      : null;
  const failure = invalidLink ?? refused ?? form.refusal;
  return (
    <AuthCard title={t(setting ? "setPassword.heading" : "reset.heading")} intro={t(setting ? "setPassword.intro" : "reset.intro")}>
      <PageMeta title={t("meta.resetTitle")} description={t("meta.resetDescription")} />
      <meta name="robots" content="noindex" />
      {failure ? (
        <PageAlert>
          {failure} {/* A set-password link is asked for again where it was asked for: the account page. */}
          <LocalLink to={setting ? "/account" : "/forgot-password"} className="font-medium underline">
            {t(setting ? "setPassword.askAgain" : "reset.askAgain")}
          </LocalLink>
        </PageAlert>
      ) : null}
      {invalidLink ? null : (
        <form {...form.formProps} id={ACCOUNT_FORMS.reset} className="space-y-4">
          <input type="hidden" {...form.field("token")} />
          <Field label={t("fields.newPassword")} error={form.error("password")} hint={t("fields.passwordHint")}>
            {({ id, describedBy, invalid }) => (
              <PasswordInput
                id={id}
                autoComplete="new-password"
                dir="ltr"
                className={inputClass}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                {...form.field("password")}
              />
            )}
          </Field>
          <SubmitButton pending={form.pending} label={t(setting ? "setPassword.submit" : "reset.submit")} pendingLabel={t("reset.submitting")} />
        </form>
      )}
    </AuthCard>
  );
}
