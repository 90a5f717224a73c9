import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "~/ui/toast";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { Field, inputClass } from "~/ui/Field";
import { PasswordInput } from "~/ui/PasswordInput";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { resetPasswordSchema, type ResetPasswordInput } from "./accounts.schema";
import { AuthCard, FormAlert, primaryButton } from "./AuthCard";
import { applyServerErrors } from "./server-errors";
import { ScriptedForm } from "~/ui/UntilHydrated";
import type { Route } from "./+types/reset-password.route";
import { resetTokenUsable } from "./password-reset.server";

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
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { token, password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    let result;
    try {
      result = await apiRequest("POST", "/api/password/reset", { body: values, lang });
    } catch {
      toast.error(t("toast.network", { host: window.location.origin }));
      return;
    }
    if (!result.ok) {
      if (!applyServerErrors(result.data, ["password"], setError)) setFailure(result.data?.message || result.statusText);
      return;
    }
    if (result.data?.message) toast.success(result.data.message);
    await navigate(localizePath("/login", lang));
  });

  const invalidLink = !tokenShape.test(token) ? t("reset.missingToken") : !loaderData.usable || errors.token ? t("api.resetInvalid") : null;
  return (
    <AuthCard title={t("reset.heading")} intro={t("reset.intro")}>
      <PageMeta title={t("meta.resetTitle")} description={t("meta.resetDescription")} />
      <meta name="robots" content="noindex" />
      {invalidLink || failure ? (
        <FormAlert>
          {invalidLink ?? failure}{" "}
          <LocalLink to="/forgot-password" className="font-medium underline">
            {t("reset.askAgain")}
          </LocalLink>
        </FormAlert>
      ) : null}
      {invalidLink ? null : (
        <ScriptedForm onSubmit={onSubmit} controlsClassName="space-y-4">
          <Field label={t("fields.newPassword")} error={errors.password?.message} hint={t("fields.passwordHint")}>
            {({ id, describedBy, invalid }) => (
              <PasswordInput id={id} autoComplete="new-password" dir="ltr" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("password")} />
            )}
          </Field>
          <button type="submit" disabled={isSubmitting} className={primaryButton}>
            {isSubmitting ? t("reset.submitting") : t("reset.submit")}
          </button>
        </ScriptedForm>
      )}
    </AuthCard>
  );
}
