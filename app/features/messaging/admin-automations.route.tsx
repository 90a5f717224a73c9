import { useTranslation } from "react-i18next";
import { PageMeta } from "~/ui/PageMeta";
import type { FormState } from "~/lib/forms/form-state";
import type { Route } from "./+types/admin-automations.route";
import { automationsPageAction, automationsPageData } from "./automations-page.server";
import { AutomationCard } from "./AutomationCard";
import { AutomationAudit } from "./AutomationAudit";
import { MessagesNav } from "./MessagesNav";

export const loader = ({ request, context }: Route.LoaderArgs) => automationsPageData(context, request);

/** Each automation's form posts here without JavaScript (decision 140) and runs its endpoint in process. */
export const action = (args: Route.ActionArgs) => automationsPageAction(args);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/messages/automations: trial follow-up, unpaid invoice, waitlist offer and absence alert; their switches, N, throttle, conversion and audit trail. */
export default function AdminAutomationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("messaging");
  const state = actionData as FormState | undefined;
  return (
    <div className="space-y-6">
      <PageMeta title={t("automations.title")} description={t("automations.intro")} />
      <MessagesNav current="automations" />
      <h1 className="text-2xl font-bold text-slate-900">{t("automations.title")}</h1>
      <p className="text-slate-700">{t("automations.intro")}</p>
      <div className="grid gap-4 lg:grid-cols-2">
        {loaderData.automations.map((automation) => (
          <AutomationCard
            key={automation.key}
            automation={automation}
            figure={loaderData.figures.find((figure) => figure.key === automation.key)!}
            holdHours={loaderData.holdHours}
            state={state?.form === `automation-${automation.key}` ? state : undefined}
          />
        ))}
      </div>
      <AutomationAudit rows={loaderData.audit} zone={loaderData.zone} />
    </div>
  );
}
