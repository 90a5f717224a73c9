import { useTranslation } from "react-i18next";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/certificates-issue.route";
import { certificatesPageData } from "./certificates-page.server";
import { link } from "./CertificateChildCard";
import { CertificatesBoard } from "./CertificatesBoard";
import { certificatesPageAction } from "./certificates-page.action.server";

export const loader = ({ request, context, params }: Route.LoaderArgs) => certificatesPageData(context, request, params.id);
export const action = certificatesPageAction;

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/**
 * /teaching/sections/:id/certificates (and /ar/...): staff, or the group's instructor, see each
 * child's attendance against a threshold, issue certificates to the group or one child, and revoke
 * them (decision 080). Every form is a plain post; the threshold is a GET form. It renders inside
 * the teaching layout (its <main>, bar and sign-out; issue 42, step 10), static like its siblings.
 */
export default function CertificatesIssuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("certificates");
  const { section, backTo } = loaderData;
  return (
    <div className="space-y-5">
      <PageMeta title={t("issue.title")} description={t("issue.intro")} />
      <meta name="robots" content="noindex" />
      <p className="text-sm">
        <LocalLink to={backTo} className={link}>
          {t("issue.back")}
        </LocalLink>
      </p>
      <h1 className="text-2xl font-bold text-slate-900">{t("issue.heading", { course: section.course })}</h1>
      <p className="text-slate-700">{t("issue.intro")}</p>
      <CertificatesBoard
        board={loaderData}
        held={section.held}
        heldText={t("issue.held", { count: section.held })}
        thresholdHint={t("issue.thresholdHint")}
        noneHeldText={t("issue.noClasses")}
        noChildrenText={t("issue.noChildren")}
        caption={t("issue.caption")}
        actionData={actionData}
      />
    </div>
  );
}
