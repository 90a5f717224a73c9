import { useTranslation } from "react-i18next";
import { PageMeta } from "~/ui/PageMeta";
import { FormAlert } from "~/ui/FormAlert";
import type { Route } from "./+types/admin-broadcasts.route";
import { broadcastsPageAction, broadcastsPageData, type BroadcastFormState } from "./broadcasts-page.server";
import { BroadcastForm } from "./BroadcastForm";
import { BroadcastList } from "./BroadcastList";
import { MessagesNav } from "./MessagesNav";

export const loader = ({ request, context }: Route.LoaderArgs) => broadcastsPageData(context, request);

/** Preview, send and call off post here without JavaScript (decision 134): each runs its endpoint in process. */
export const action = (args: Route.ActionArgs) => broadcastsPageAction(args);

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/** /admin/messages/broadcasts: staff's messages to a group, a course, a camp period or all families, and how they were delivered. */
export default function AdminBroadcastsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("messaging");
  const state = actionData as BroadcastFormState | undefined;
  return (
    <div className="space-y-6">
      <PageMeta title={t("broadcasts.title")} description={t("broadcasts.intro")} />
      <MessagesNav current="broadcasts" />
      <h1 className="text-2xl font-bold text-slate-900">{t("broadcasts.title")}</h1>
      <p className="text-slate-700">{t("broadcasts.intro")}</p>
      {/* A refused call-off (already sent) says so here. */}
      {state && state.form !== "broadcast" ? <FormAlert message={state.message} /> : null}
      <BroadcastForm audiences={loaderData.audiences} zone={loaderData.zone} formKey={loaderData.key} state={state} />
      <BroadcastList broadcasts={loaderData.broadcasts} zone={loaderData.zone} />
    </div>
  );
}
