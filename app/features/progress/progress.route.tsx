import { useTranslation } from "react-i18next";
import { useServedState } from "~/lib/forms/served-state";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import { AdminRouteError } from "~/features/admin-kit/AdminError";
import { TaughtGroupHeader } from "~/features/teaching/TaughtGroupHeader";
import type { Route } from "./+types/progress.route";
import { PROGRESS_FORMS, noteField } from "./progress-forms";
import { progressPageAction, progressPageData, type ProgressPageData } from "./progress-page.server";

export const loader = ({ request, context, params }: Route.LoaderArgs) => progressPageData(context, request, params.id);
/** Both forms post here without JavaScript (the teaching pages ship none). */
export const action = progressPageAction;

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}

const button = "min-h-12 w-full rounded-lg bg-indigo-700 px-4 py-3 text-lg font-semibold text-white hover:bg-indigo-800 sm:w-auto";
const link = "font-medium text-indigo-800 underline";

/**
 * /teaching/sections/:id/progress-reports (and /ar/...): each child's comment and next step in one
 * form, then one button issuing the term's reports (decision 138), phone first, no script.
 */
export default function ProgressPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("progress");
  const { section, children, mayIssue } = loaderData;
  const notes = useServedState(PROGRESS_FORMS.notes);
  const issue = useServedState(PROGRESS_FORMS.issue);
  return (
    <div className="space-y-5">
      <TaughtGroupHeader
        title={`${section.course} · ${t("page.title")}`}
        description={t("page.description")}
        back={t("page.back")}
        heading={t("page.heading", { course: section.course })}
      >
        <p className="mt-1 text-slate-700">{t("page.term", { first: section.first, last: section.last })}</p>
        <p className="mt-1 text-slate-800">{t("page.intro")}</p>
      </TaughtGroupHeader>
      {children.length === 0 ? (
        <p className="text-slate-700">{t("page.none")}</p>
      ) : (
        <>
          <form method="post" id={PROGRESS_FORMS.notes} className="space-y-3">
            <input type="hidden" name="form" value={PROGRESS_FORMS.notes} />
            <FormAlert message={notes?.message} />
            <ul className="space-y-3">
              {children.map((child) => (
                <ChildNotes key={child.enrolmentId} child={child} served={notes?.values} />
              ))}
            </ul>
            <button type="submit" className={button}>
              {t("page.saveNotes")}
            </button>
          </form>
          <section aria-labelledby="issue-heading" className="space-y-2 rounded-xl border border-slate-300 bg-slate-50 p-3">
            <h2 id="issue-heading" className="text-lg font-semibold text-slate-900">
              {t("page.issueHeading")}
            </h2>
            <p className="text-slate-800">{t("page.issueIntro")}</p>
            {mayIssue ? (
              <form method="post" id={PROGRESS_FORMS.issue} className="space-y-2">
                <input type="hidden" name="form" value={PROGRESS_FORMS.issue} />
                {!section.ended ? <p className="text-slate-800">{t("page.issueEarly")}</p> : null}
                <FormAlert message={issue?.message} />
                <button type="submit" className={button}>
                  {t("page.issue")}
                </button>
              </form>
            ) : (
              <p className="font-medium text-slate-900">{t("page.notYet")}</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function ChildNotes({ child, served }: { child: ProgressPageData["children"][number]; served?: Record<string, string> }) {
  const { t } = useTranslation("progress");
  const id = child.enrolmentId;
  return (
    <li className="space-y-2 rounded-xl border border-slate-300 bg-white p-3" data-child={child.name}>
      <h2 className="text-lg font-semibold text-slate-900">{child.name}</h2>
      {child.leftOn ? <p className="text-sm text-amber-900">{t("page.left", { date: child.leftOn })}</p> : null}
      <p className="text-sm text-slate-700">
        {child.report
          ? child.report.version > 1
            ? t("page.updatedOn", { version: child.report.version, date: child.report.issuedOn })
            : t("page.issuedOn", { date: child.report.issuedOn })
          : t("page.notIssued")}
        {child.report ? (
          <a href={child.report.pdf} className={`ms-3 ${link}`}>
            {t("page.openPdf")}
            <span className="sr-only"> · {child.name}</span>
          </a>
        ) : null}
      </p>
      {(["comment", "nextStep"] as const).map((which) => (
        <Field
          key={which}
          label={
            <>
              {t(`page.${which}`)}
              <span className="sr-only"> · {t("page.for", { name: child.name })}</span>
            </>
          }
        >
          {({ id: fieldId, describedBy, invalid }) => (
            <textarea
              id={fieldId}
              name={noteField(id, which)}
              rows={3}
              maxLength={1200}
              dir="auto"
              aria-describedby={describedBy}
              aria-invalid={invalid}
              defaultValue={served?.[noteField(id, which)] ?? child[which]}
              className={inputClass}
            />
          )}
        </Field>
      ))}
    </li>
  );
}
