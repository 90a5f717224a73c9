import { useTranslation } from "react-i18next";
import { langFromPath } from "~/i18n/lang";
import { requireFamilyPage } from "~/features/family/account-owner.server";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/account-makeups.route";
import { accountMakeups } from "./makeups.api";
import { accountMakeupsAction } from "./makeups-page-actions.server";
import { AnswerNote, ComingClasses, CreditsList, FIRST_SHOWN } from "./MakeupsParts";
import { withCountWords } from "./count-words";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireFamilyPage(context, request, "act");
  const url = new URL(request.url);
  // The page opens short (the credits, then each child's next classes); ?all=1 shows every one.
  return { ...(await accountMakeups(context.db, user.id, langFromPath(url.pathname))), all: url.searchParams.get("all") === "1" };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireFamilyPage(context, request, "act");
  return accountMakeupsAction(request, context);
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

/** /account/makeups: the family's coming classes (report an absence), credits and make-ups (decision 076). */
export default function AccountMakeupsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("makeups");
  const { rules, children, credits, all } = loaderData;
  const limit = all ? undefined : FIRST_SHOWN;
  // Credits that can still buy a class come first: the reason most parents open this page.
  const ordered = [...credits].sort((a, b) => Number(b.status === "available") - Number(a.status === "available"));
  return (
    <main id="main" className="mx-auto max-w-3xl space-y-8 px-4 py-10 md:py-14">
      <PageMeta title={t("page.title")} description={t("page.description")} />
      <meta name="robots" content="noindex" />
      <header>
        <h1 className="text-3xl font-extrabold text-slate-900">{t("page.title")}</h1>
        <p className="mt-2 text-slate-700">
          {t(
            "page.intro",
            withCountWords({ hours: rules.absenceNoticeHours, days: rules.makeupCreditDays }, (word, count) => t(word, { count })),
          )}
        </p>
        <LocalLink to="/account" className="mt-3 inline-block font-medium text-indigo-700 underline hover:text-indigo-900">
          {t("page.back")}
        </LocalLink>
      </header>
      <AnswerNote answer={actionData} />
      <section aria-labelledby="credits-heading">
        <h2 id="credits-heading" className="text-2xl font-bold text-slate-900">
          {t("page.credits")}
        </h2>
        <CreditsList credits={ordered} limit={limit} moreHref="?all=1#credits-heading" />
      </section>
      <section aria-labelledby="coming-heading">
        <h2 id="coming-heading" className="text-2xl font-bold text-slate-900">
          {t("page.coming")}
        </h2>
        {children.length === 0 ? <p className="mt-3 text-slate-700">{t("page.noClasses")}</p> : null}
        {children.map((group) => (
          <div key={group.enrolmentId} className="mt-6">
            <h3 id={`child-${group.enrolmentId}`} className="text-lg font-bold text-slate-900">
              {t("page.child", { child: group.childName, course: group.courseName })}
            </h3>
            <ComingClasses
              group={group}
              hidden={{ enrolmentId: String(group.enrolmentId) }}
              noticeHours={rules.absenceNoticeHours}
              limit={limit}
              moreHref={`?all=1#child-${group.enrolmentId}`}
            />
          </div>
        ))}
      </section>
    </main>
  );
}
