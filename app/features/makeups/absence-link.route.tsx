import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/absence-link.route";
import { linkedAbsences } from "./makeups.api";
import { linkAbsenceAction } from "./makeups-page-actions.server";
import { AnswerNote, ComingClasses } from "./MakeupsParts";
import { withCountWords } from "./count-words";
import { isLinkToken } from "~/lib/link-token";

async function load(request: Request, context: Route.LoaderArgs["context"], token: string) {
  const found = isLinkToken(token)
    ? await linkedAbsences(context.db, context.config.sessionSecret, token, langFromPath(new URL(request.url).pathname))
    : undefined;
  if (!found) throw data(null, { status: 404 });
  return { ...found, token };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return load(request, context, new URL(request.url).searchParams.get("token") ?? "");
}

// The reminder's link opens this page; the report is its form's POST (no sign-in), with or without JavaScript.
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await linkAbsenceAction(request.clone(), context);
  const form = await request.formData();
  return data({ ...answer.data, page: await load(request, context, String(form.get("token") ?? "")) }, answer.init ?? undefined);
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/** /makeups/absence?token=: report a child's absence from the meeting reminder's link (decision 076). */
export default function AbsenceLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("makeups");
  const { rules, child, token } = actionData?.page ?? loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-10 md:py-14">
      <PageMeta title={t("page.linkHeading")} description={t("page.description")} />
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-extrabold text-slate-900">{t("page.linkHeading")}</h1>
      <p className="text-slate-700">
        {t(
          "page.intro",
          withCountWords({ hours: rules.absenceNoticeHours, days: rules.makeupCreditDays }, (word, count) => t(word, { count })),
        )}
      </p>
      <AnswerNote answer={actionData} />
      {child ? (
        <section aria-labelledby="child-heading">
          <h2 id="child-heading" className="text-xl font-bold text-slate-900">
            {t("page.child", { child: child.childName, course: child.courseName })}
          </h2>
          <ComingClasses group={child} hidden={{ token }} noticeHours={rules.absenceNoticeHours} />
        </section>
      ) : (
        <p className="text-slate-700">{t("page.linkNothing")}</p>
      )}
    </main>
  );
}
