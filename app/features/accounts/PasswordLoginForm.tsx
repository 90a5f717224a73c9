import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";
import { PasswordInput } from "~/ui/PasswordInput";
import { primaryButton } from "./AuthCard";
import { useAuth } from "./use-auth";
import { ScriptedForm } from "~/ui/UntilHydrated";

/**
 * E-mail and password, sent as typed (no client-side rules, specification section 5).
 * Used by /login and by the staff page /admin/login with its own endpoint.
 */
export function PasswordLoginForm({ endpoint, goTo, submitLabel, submittingLabel, showRefusal = false }: {
  endpoint: string;
  goTo: string;
  submitLabel: string;
  submittingLabel: string;
  /** Also show the server's refusal on the page (the staff page explains why a parent cannot enter). */
  showRefusal?: boolean;
}) {
  const { t } = useTranslation("accounts");
  const { login, loading } = useAuth();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, handleSubmit } = useForm({ defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    const outcome = await login(endpoint, values, goTo);
    if (!outcome.ok && showRefusal) setRefusal(outcome.message);
  });

  return (
    <ScriptedForm onSubmit={onSubmit} controlsClassName="space-y-4">
      {refusal ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      ) : null}
      <Field label={t("fields.email")}>
        {({ id }) => <input id={id} type="email" autoComplete="username" dir="ltr" className={inputClass} {...register("email")} />}
      </Field>
      <Field label={t("fields.password")}>
        {({ id }) => <PasswordInput id={id} autoComplete="current-password" dir="ltr" className={inputClass} {...register("password")} />}
      </Field>
      <button type="submit" disabled={loading} className={primaryButton}>
        {loading ? submittingLabel : submitLabel}
      </button>
    </ScriptedForm>
  );
}
