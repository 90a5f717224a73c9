import { useTranslation } from "react-i18next";
import { PageMeta } from "~/ui/PageMeta";
import type { FormState } from "~/lib/forms/form-state";
import type { Route } from "./+types/admin-templates.route";
import { templatesPageAction, templatesPageData } from "./templates-page.server";
import { TemplateCard } from "./TemplateCard";
import { MessagesNav } from "./MessagesNav";

export const loader = ({ request, context }: Route.LoaderArgs) => templatesPageData(context, request);

/** Each template's form posts here without JavaScript and runs PUT /api/admin/messaging/templates/{key} in process. */
export const action = (args: Route.ActionArgs) => templatesPageAction(args);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/messages/templates: every message's words in English and Arabic and its approved WhatsApp template. */
export default function AdminTemplatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("messaging");
  const state = actionData as FormState | undefined;
  return (
    <div className="space-y-6">
      <PageMeta title={t("templates.title")} description={t("templates.intro")} />
      <MessagesNav current="templates" />
      <h1 className="text-2xl font-bold text-slate-900">{t("templates.title")}</h1>
      <p className="text-slate-700">{t("templates.intro")}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        {loaderData.templates.map((template) => (
          <TemplateCard key={template.key} template={template} state={state?.form === `template-${template.key}` ? state : undefined} />
        ))}
      </div>
    </div>
  );
}
