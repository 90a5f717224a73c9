import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { toast } from "~/ui/toast";
import { localizePath } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { apiRequest } from "~/lib/api";
import { zodResolver } from "~/lib/zod-form";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/admin-setup.route";
import { adminSetupSchema, type AdminSetupInput } from "./accounts.schema";
import { adminSetupTokenValid } from "./admin-setup.server";
import { AccountFields } from "./AccountFields";
import { AuthCard, FormAlert, primaryButton } from "./AuthCard";
import { applyServerErrors } from "./server-errors";
import { ScriptedForm } from "~/ui/UntilHydrated";

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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdminSetupInput>({
    resolver: zodResolver(adminSetupSchema),
    defaultValues: { token: loaderData.token, username: "", email: "", password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    let result;
    try {
      result = await apiRequest("POST", "/api/first-admin", { body: values, lang });
    } catch {
      toast.error(t("toast.network", { host: window.location.origin }));
      return;
    }
    if (!result.ok) {
      applyServerErrors(result.data, fields, setError);
      toast.error(t("toast.requestFailed", { message: result.data?.message || result.statusText || String(result.status) }));
      return;
    }
    if (result.data?.message) toast.success(result.data.message);
    await revalidate();
    await navigate(localizePath("/admin", lang));
  });

  return (
    <AuthCard title={t("setup.heading")} intro={t("setup.intro")}>
      <PageMeta title={t("meta.setupTitle")} description={t("meta.setupDescription")} />
      <meta name="robots" content="noindex" />
      {!loaderData.valid ? (
        <FormAlert>
          {t("setup.invalid")}{" "}
          <LocalLink to="/admin/login" className="font-medium underline">
            {t("setup.staffLogin")}
          </LocalLink>
        </FormAlert>
      ) : (
        <ScriptedForm onSubmit={onSubmit} controlsClassName="space-y-4">
          <AccountFields names={fields} register={register} errors={errors} />
          <button type="submit" disabled={isSubmitting} className={primaryButton}>
            {isSubmitting ? t("setup.submitting") : t("setup.submit")}
          </button>
        </ScriptedForm>
      )}
    </AuthCard>
  );
}
