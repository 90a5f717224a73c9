import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { PasswordInput } from "~/ui/PasswordInput";
import { toast } from "~/ui/toast";
import { loginSchema } from "./accounts.schema";
import { alertClass, SubmitButton } from "./AuthCard";
import { useAccountForm } from "./use-account-form";

/**
 * E-mail and password, sent as typed (no client-side rules, specification section 5). Used by
 * /login and by the staff page /admin/login with its own endpoint. Without JavaScript it posts to
 * its page (account-actions.server.ts), which signs in and redirects to `next` or `goTo`.
 */
export function PasswordLoginForm({ id, endpoint, goTo, next, submitLabel, submittingLabel, showRefusal = false }: {
  id: string;
  endpoint: string;
  goTo: string;
  /** The page's `?next=`, posted along so the page's action can check it too. */
  next: string | null;
  submitLabel: string;
  submittingLabel: string;
  /** Also show the server's refusal on the enhanced page (the staff page explains why a parent cannot enter). */
  showRefusal?: boolean;
}) {
  const { t } = useTranslation("accounts");
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [shown, setShown] = useState<string>();
  const form = useAccountForm("login", {
    id,
    schema: loginSchema,
    request: () => ({ path: endpoint }),
    successToast: false,
    onSuccess: async () => {
      toast.success(t("toast.loginSuccess"));
      await revalidate();
      await navigate(goTo);
    },
    onRefusal: (answer) => setShown(showRefusal && answer.message ? t("toast.loginFailed", { message: answer.message }) : undefined),
  });

  return (
    <form {...form.formProps} id={id} className="space-y-4">
      {/* A refusal without JavaScript has no toast: the page says it (specification: 'Login failed: ...'). */}
      <FormAlert message={shown ?? form.refusal} className={alertClass} />
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <Field label={t("fields.email")} error={form.error("email")}>
        {({ id: inputId, describedBy, invalid }) => (
          <input id={inputId} type="email" autoComplete="username" dir="ltr" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("email")} />
        )}
      </Field>
      <Field label={t("fields.password")} error={form.error("password")}>
        {({ id: inputId, describedBy, invalid }) => (
          <PasswordInput id={inputId} autoComplete="current-password" dir="ltr" className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("password")} />
        )}
      </Field>
      <SubmitButton pending={form.pending} label={submitLabel} pendingLabel={submittingLabel} />
    </form>
  );
}
