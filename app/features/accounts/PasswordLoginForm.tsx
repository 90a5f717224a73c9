import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { PasswordInput } from "~/ui/PasswordInput";
import { toast } from "~/ui/toast";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { ACCOUNT_FORMS } from "./account-forms";
import { alertClass, SubmitButton } from "./AuthCard";
import { useAccountForm } from "./use-account-form";
import { staffLanding } from "~/lib/next-path";

/**
 * The two password sign-ins: parents' at /login, staff's at /admin/login with its own endpoint.
 * The staff page also shows the refusal beside the form once enhanced (it explains why a parent
 * cannot enter); without JavaScript every refusal is shown there.
 */
const kinds = {
  login: { id: ACCOUNT_FORMS.login, endpoint: "/login", home: "/", texts: "login", showRefusal: false },
  staff: { id: ACCOUNT_FORMS.adminLogin, endpoint: "/api/admin/login", home: "/admin", texts: "adminLogin", showRefusal: true },
} as const;

/**
 * E-mail and password, sent as typed (no client-side rules, specification section 5). Without
 * JavaScript it posts to its page (account-actions.server.ts), which signs in and redirects to
 * `next` or the area's start, as the enhanced form navigates.
 */
export function PasswordLoginForm({
  kind,
  next,
}: {
  kind: keyof typeof kinds;
  /** The page's `?next=`, already checked; posted along so the page's action checks it again. */
  next: string | null;
}) {
  const { id, endpoint, home, texts, showRefusal } = kinds[kind];
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const goTo = next ?? localizePath(home, lang);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [shown, setShown] = useState<string>();
  const form = useAccountForm("login", {
    id,
    // zod arrives with the first send, not with the page (decision 070).
    schema: () => import("./accounts.schema").then((module) => module.loginSchema),
    request: () => ({ path: endpoint }),
    successToast: false,
    onSuccess: async (answer) => {
      if ((answer as { secondFactor?: boolean } | null)?.secondFactor) {
        // Staff with a second factor: the code comes next, on its own page (decision 046).
        await navigate(`${localizePath("/admin/login/second-factor", lang)}${next ? `?next=${encodeURIComponent(next)}` : ""}`);
        return;
      }
      toast.success(t("toast.loginSuccess"));
      await revalidate();
      // Instructors land on their classes (decision 074): the admin area is not theirs.
      const role = (answer as { user?: { role?: string } } | null)?.user?.role;
      const homes = { admin: localizePath("/admin", lang), teaching: localizePath("/teaching", lang) };
      const landing = kind === "staff" ? staffLanding(role, next, homes) : (next ?? (role === "instructor" ? homes.teaching : goTo));
      // The teaching pages ship without React (decision 074): a document load, not this app's render.
      if (/^\/(ar\/)?teaching(?=$|[/?#])/.test(landing)) window.location.assign(landing);
      else await navigate(landing);
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
          <input
            id={inputId}
            type="email"
            autoComplete="username"
            dir="ltr"
            className={inputClass}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            {...form.field("email")}
          />
        )}
      </Field>
      <Field label={t("fields.password")} error={form.error("password")}>
        {({ id: inputId, describedBy, invalid }) => (
          <PasswordInput
            id={inputId}
            autoComplete="current-password"
            dir="ltr"
            className={inputClass}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            {...form.field("password")}
          />
        )}
      </Field>
      <SubmitButton pending={form.pending} label={t(`${texts}.submit`)} pendingLabel={t(`${texts}.submitting`)} />
    </form>
  );
}
