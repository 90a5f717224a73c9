import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/camp-certificates.route";
import { campCertificatesAction, campCertificatesPageData } from "./camp-certificates-page.server";
import { link } from "./CertificateChildCard";
import { CertificatesBoard } from "./CertificatesBoard";

export const loader = ({ request, context }: Route.LoaderArgs) => campCertificatesPageData(context, request);
export const action = campCertificatesAction;

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

/**
 * /teaching/camp/certificates (and /ar/...): staff and instructors choose a camp period, see each
 * child's check-out days against a threshold, issue certificates to the period or one child, and
 * revoke them (decision 089). Plain forms: the period and threshold are a GET form.
 */
export default function CampCertificatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("certificates");
  const { periods, period } = loaderData;
  return (
    <div className="space-y-5">
      <PageMeta title={t("camp.title")} description={t("camp.intro")} />
      <meta name="robots" content="noindex" />
      <p className="text-sm">
        <LocalLink to="/teaching/camp" className={link}>
          {t("camp.back")}
        </LocalLink>
      </p>
      <h1 className="text-2xl font-bold text-slate-900">{period ? t("camp.heading", { camp: period.camp }) : t("camp.title")}</h1>
      <p className="text-slate-700">{t("camp.intro")}</p>
      {period === null ? (
        <p className="text-slate-700">{t("camp.noPeriods")}</p>
      ) : (
        <CertificatesBoard
          board={loaderData}
          held={period.held}
          heldText={t("camp.held", { count: period.held })}
          thresholdHint={t("camp.thresholdHint")}
          noneHeldText={t("camp.noDays")}
          noChildrenText={t("camp.noPeriods")}
          caption={t("camp.caption")}
          choose={
            <p className="flex flex-col gap-1">
              <label htmlFor="batch" className="font-semibold text-slate-800">
                {t("camp.period")}
              </label>
              <select id="batch" name="batch" defaultValue={period.value} className="max-w-full rounded-lg border border-slate-400 px-3 py-2">
                {periods.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            </p>
          }
          keep={
            <>
              <input type="hidden" name="batch" value={period.value} />
              <input type="hidden" name="camp" value={period.campId} />
              <input type="hidden" name="session" value={period.session} />
            </>
          }
          actionData={actionData}
        />
      )}
    </div>
  );
}
