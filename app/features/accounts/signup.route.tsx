import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "~/ui/toast";
import { localizePath } from "~/i18n/lang";
import { usePhoneCountry } from "~/features/site/use-phone-country";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { registerSchemaFor, type RegisterInput } from "./accounts.schema";
import { AccountFields } from "./AccountFields";
import { AuthCard, primaryButton } from "./AuthCard";
import { GoogleButton } from "./GoogleButton";
import { applyServerErrors } from "./server-errors";
import { ScriptedForm } from "~/ui/UntilHydrated";

const fields = ["username", "email", "password", "contactNumber"] as const;

export default function SignupPage() {
  const { t } = useTranslation("accounts");
  const lang = useLang();
  const navigate = useNavigate();
  const phoneCountry = usePhoneCountry();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput>({
    resolver: zodResolver(registerSchemaFor(phoneCountry)),
    defaultValues: { username: "", email: "", password: "", contactNumber: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    let result;
    try {
      result = await apiRequest("POST", "/register", { body: values, lang });
    } catch {
      toast.error(t("toast.network", { host: window.location.origin }));
      return;
    }
    if (result.ok) {
      if (result.data?.message) toast.success(result.data.message);
      await navigate(localizePath("/login", lang));
      return;
    }
    // 400 and 409 name the fields; show them where they belong, and the summary as a toast.
    applyServerErrors(result.data, fields, setError);
    toast.error(t("toast.signupFailed", { message: result.data?.message || result.statusText || String(result.status) }));
  });


  return (
    <AuthCard title={t("signup.heading")} intro={t("signup.intro")}>
      <PageMeta title={t("meta.signupTitle")} description={t("meta.signupDescription")} />
      <ScriptedForm onSubmit={onSubmit} controlsClassName="space-y-4">
        <AccountFields names={fields} register={register} errors={errors} />
        <button type="submit" disabled={isSubmitting} className={primaryButton}>
          {isSubmitting ? t("signup.submitting") : t("signup.submit")}
        </button>
      </ScriptedForm>
      <GoogleButton next={localizePath("/", lang)} />
      <p className="mt-6 text-sm text-slate-700">
        {t("signup.haveAccount")}{" "}
        <LocalLink to="/login" className="font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("signup.loginLink")}
        </LocalLink>
      </p>
    </AuthCard>
  );
}
