import { useTranslation } from "react-i18next";
import { useServedState } from "~/lib/forms/served-state";
import { PageMeta } from "~/ui/PageMeta";
import { AdminRouteError } from "~/features/admin-kit/AdminError";
import type { Route } from "./+types/pickup.route";
import { PICKUP_FORM } from "./attendance-forms";
import { pickupPageAction, pickupPageData, type PickupPageData } from "./pickup-page.server";
import { ChildView, PassView, ScanForm } from "./PickupViews";

/** Every form posts POST /api/teaching/pickups in process (the page ships no script). */
export const action = pickupPageAction;
export const loader = ({ request, context }: Route.LoaderArgs) => pickupPageData(context, request);

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

/**
 * /teaching/pickup (issue 45 item 4, decision 142): the instructor checks who collects a child. A
 * guardian's pickup pass opens it with `?token=` (their name, photo, and their children in today's
 * classes, each with a button); from the roster, `?meeting=&enrolment=` shows one child with who
 * may collect (photos), a field for a pass and the pickup list with a PIN. Plain forms, no script.
 */
export default function PickupPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("teaching");
  const served = useServedState(PICKUP_FORM);
  const data = loaderData as PickupPageData;
  return (
    <div className="space-y-5">
      <PageMeta title={t("pickup.title")} description={t("pickup.intro")} />
      <h1 className="text-2xl font-bold text-slate-900">{t("pickup.title")}</h1>
      {served?.message ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">
          {served.message}
        </p>
      ) : null}
      {data.kind !== "scan" && data.message ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-900">
          {data.message}
        </p>
      ) : null}
      {data.kind === "pass" && data.pass ? <PassView pass={data.pass} /> : null}
      {data.kind === "child" && data.child ? <ChildView screen={data.child} /> : null}
      {data.kind !== "child" || !data.child ? <ScanForm /> : null}
    </div>
  );
}
