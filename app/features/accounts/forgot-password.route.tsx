import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "~/ui/toast";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { Field, inputClass } from "~/ui/Field";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { forgotPasswordSchema, type ForgotPasswordInput } from "./accounts.schema";
import { AuthCard, primaryButton } from "./AuthCard";
import { applyServerErrors } from "./server-errors";
import { ScriptedForm } from "~/ui/UntilHydrated";

export default function ForgotPasswordPage() {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const [sent, setSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async (values) => {
    let result;
    try {
      result = await apiRequest("POST", "/api/password/forgot", { body: values, lang });
    } catch {
      toast.error(t("toast.network", { host: window.location.origin }));
      return;
    }
    if (!result.ok) {
      applyServerErrors(result.data, ["email"], setError);
      toast.error(t("toast.requestFailed", { message: result.data?.message || result.statusText || String(result.status) }));
      return;
    }
    setSent(result.data?.message ?? "");
  });

  return (
    <AuthCard title={t("forgot.heading")} intro={t("forgot.intro")}>
      <PageMeta title={t("meta.forgotTitle")} description={t("meta.forgotDescription")} />
      {sent !== null ? (
        <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-green-900">
          {sent}
        </p>
      ) : (
        <ScriptedForm onSubmit={onSubmit} controlsClassName="space-y-4">
          <Field label={t("fields.email")} error={errors.email?.message}>
            {({ id, describedBy, invalid }) => (
              <input id={id} type="email" autoComplete="email" dir="ltr" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...register("email")} />
            )}
          </Field>
          {/* Hidden from people; bots that fill it are refused by the server. */}
          <input type="text" tabIndex={-1} autoComplete="off" aria-hidden="true" className="hidden" {...register("website")} />
          <button type="submit" disabled={isSubmitting} className={primaryButton}>
            {isSubmitting ? t("forgot.submitting") : t("forgot.submit")}
          </button>
        </ScriptedForm>
      )}
      <p className="mt-6 text-sm">
        <LocalLink to="/login" className="font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("forgot.back")}
        </LocalLink>
      </p>
    </AuthCard>
  );
}
