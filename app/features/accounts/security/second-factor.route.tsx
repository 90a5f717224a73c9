import { useTranslation } from "react-i18next";
import { Form, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { langFromPath, localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { isFormState } from "~/lib/forms/form-state";
import { withNotice } from "~/lib/forms/notice";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/second-factor.route";
import { AuthCard, alertClass, CardLink, SubmitButton } from "~/features/accounts/AuthCard";
import { safeLocalPath } from "~/lib/next-path";
import { PasskeySignIn } from "./PasskeySignIn";
import { secondFactorSignIn } from "./security.api";

const FORM = "second-factor-form";

/** Without a waiting sign-in (no step cookie) there is nothing to finish: back to the staff sign-in. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!/(?:^|;\s*)sf_step=/.test(request.headers.get("cookie") ?? "")) throw redirect(localizePath("/admin/login", langFromPath(url.pathname)));
  return null;
}

/** The code form, with or without JavaScript: the endpoint of POST /api/login/second-factor, then `next` or the staff area. */
export function action(args: Route.ActionArgs) {
  return postFormToApi(args, {
    form: FORM,
    endpoint: secondFactorSignIn,
    toBody: ({ code }) => ({ code }),
    onSuccess: (_answer, _fields, lang) =>
      withNotice(safeLocalPath(new URL(args.request.url).searchParams.get("next")) ?? localizePath("/admin", lang), "login-ok"),
  });
}

export default function SecondFactorPage() {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const [params] = useSearchParams();
  const state = useActionData<typeof action>();
  const refused = isFormState(state, FORM) ? state : undefined;
  const pending = useNavigation().state === "submitting";
  const goTo = safeLocalPath(params.get("next")) ?? localizePath("/admin", lang);
  return (
    <AuthCard title={t("security.step.title")} intro={t("security.step.intro")}>
      <PageMeta title={t("security.step.title")} description={t("security.step.intro")} />
      <meta name="robots" content="noindex" />
      <Form method="post" className="space-y-4" id={FORM}>
        <FormAlert message={refused && !refused.errors.code ? refused.message : undefined} className={alertClass} />
        <Field label={t("security.step.code")} error={refused?.errors.code}>
          {({ id, describedBy, invalid }) => (
            <input
              type="text"
              id={id}
              name="code"
              required
              maxLength={40}
              autoComplete="one-time-code"
              inputMode="text"
              dir="ltr"
              className={inputClass}
              aria-describedby={describedBy}
              aria-invalid={invalid}
            />
          )}
        </Field>
        <SubmitButton pending={pending} label={t("security.step.submit")} pendingLabel={t("security.step.submitting")} />
      </Form>
      <CardLink to="/admin/login">{t("security.step.restart")}</CardLink>
      {/* Last: it appears once the script runs, and must not move the links above. */}
      <PasskeySignIn goTo={goTo} secondStep lead={t("security.step.orPasskey")} />
    </AuthCard>
  );
}
