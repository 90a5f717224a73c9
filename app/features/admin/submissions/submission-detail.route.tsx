import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { getSiteSettings } from "~/features/site/site.server";
import { stripLang } from "~/i18n/lang";
import { useLang } from "~/i18n/use-lang";
import { Field, inputClass } from "~/ui/Field";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/submission-detail.route";
import { idOr404Page } from "~/features/admin-kit/admin-http.server";
import { formatDateTime } from "~/features/admin-kit/format";
import { ChoiceFormPanel } from "~/features/admin-kit/StaffForm";
import { useAdminForm } from "~/features/admin-kit/use-admin-form";
import { StatusBadge } from "./StatusBadge";
import { kindFromPath, submissionKinds, submissionStatuses, LTR_COLUMN } from "./submission-kinds";
import { submissionUpdateSchema } from "./submission.schema";
import { getSubmission } from "./submissions.server";
import { BackArrow, LtrValue } from "~/ui/Bidi";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const kind = kindFromPath(stripLang(new URL(request.url).pathname));
  if (!kind) throw data(null, { status: 404 });
  const [submission, settings] = await Promise.all([getSubmission(context.db, kind, idOr404Page(params.id)), getSiteSettings(context.db)]);
  if (!submission) throw data(null, { status: 404 });
  return { kind, submission, timeZone: settings.timeZone };
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

// A fresh form for each record: client navigation from one to the next keeps the route mounted.
export default function SubmissionDetailPage(props: Route.ComponentProps) {
  return <SubmissionDetail key={`${props.loaderData.kind}-${props.loaderData.submission.id}`} {...props} />;
}

function SubmissionDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const { kind, submission, timeZone } = loaderData;
  const info = submissionKinds[kind];
  const form = useAdminForm({
    id: "submission",
    schema: submissionUpdateSchema,
    defaults: { status: submission.status, notes: submission.notes },
    request: (values) => ({ method: "PATCH", path: `${info.api}/${submission.id}`, body: values }),
  });

  const title = `${t(info.titleKey)} #${submission.id}`;
  return (
    <div className="space-y-6">
      <PageMeta title={title} description={t(info.titleKey)} />
      <LocalLink to={info.page} className="text-sm font-medium text-indigo-700 hover:underline">
        <BackArrow /> {t("form.backToList")}
      </LocalLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <StatusBadge status={submission.status} />
      </div>
      <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[12rem_1fr]">
        {info.detail.map((column) => (
          <div key={column} className="contents">
            <dt className="font-medium text-slate-600">{t(`fields.${column}`)}</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">
              {LTR_COLUMN.test(column) && submission[column] ? <LtrValue>{String(submission[column])}</LtrValue> : String(submission[column] ?? "") || "—"}
            </dd>
          </div>
        ))}
        <dt className="font-medium text-slate-600">{t("fields.created_at")}</dt>
        <dd>{formatDateTime(submission.created_at, lang, timeZone)}</dd>
        <dt className="font-medium text-slate-600">{t("fields.updated_at")}</dt>
        <dd>{formatDateTime(submission.updated_at, lang, timeZone)}</dd>
      </dl>

      <ChoiceFormPanel
        form={form}
        name="status"
        titleId="follow-up-title"
        title={t("submissions.followUp")}
        label={t("fields.status")}
        options={submissionStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
      >
        <Field label={t("fields.notes")} hint={t("submissions.notesHint")} error={form.error("notes")}>
          {({ id, describedBy, invalid }) => (
            <textarea id={id} rows={5} className={inputClass} aria-describedby={describedBy} aria-invalid={invalid} {...form.field("notes")} />
          )}
        </Field>
      </ChoiceFormPanel>
    </div>
  );
}
