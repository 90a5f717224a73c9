import { useTranslation } from "react-i18next";
import { BulkFeedback } from "~/features/admin-kit/list/BulkFeedback";
import { data, useActionData, useLocation } from "react-router";
import { requireAdminPage } from "~/lib/page-guards.server";
import { getSiteSettings } from "~/features/site/site.server";
import { langFromPath, stripLang } from "~/i18n/lang";
import { inputClass } from "~/ui/Field";
import { useLang } from "~/i18n/use-lang";
import { PageMeta } from "~/ui/PageMeta";
import type { Route } from "./+types/submission-list.route";
import { formatDateTime } from "~/features/admin-kit/format";
import { AdminTable, ListFilter, type AdminColumn } from "~/features/admin-kit/list/AdminTable";
import { listRows, parseListQuery } from "~/features/admin-kit/list/list-query.server";
import { StatusBadge } from "./StatusBadge";
import { kindFromPath, submissionKinds, submissionPath, submissionStatuses, type SubmissionKindName, LTR_COLUMN } from "./submission-kinds";
import { changeSubmissionStatuses } from "./submissions.api";
import { submissionBase, submissionServer, type SubmissionRow } from "./submissions.server";
import { LtrValue } from "~/ui/Bidi";

/** One page for the four submission lists; the path says which. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const kind = kindFromPath(stripLang(url.pathname));
  if (!kind) throw data(null, { status: 404 });
  const { spec } = submissionServer[kind];
  const settings = await getSiteSettings(context.db);
  const query = parseListQuery(spec, url.searchParams, settings.timeZone);
  const result = await listRows(submissionBase(context.db, kind), spec, query);
  // "Select all on this page" without JavaScript: the link reloads the page with every box ticked.
  return { kind, query, result, timeZone: settings.timeZone, selectAll: url.searchParams.get("select") === "all" };
}

/** What the bulk form shows after a post: the server's answer, or that nothing was ticked. */
type BulkState = { form: "bulk"; ok: boolean; message: string } | { form: "bulk"; none: true };

/**
 * The bulk form's "Change status" (a plain form post, with or without JavaScript): the endpoint of
 * POST /api/admin/submissions/:kind/bulk in process, which checks the staff member, the status and the ids.
 */
export async function action({ request, context }: Route.ActionArgs) {
  requireAdminPage(context, request);
  const url = new URL(request.url);
  const kind = kindFromPath(stripLang(url.pathname));
  if (!kind) throw data(null, { status: 404 });
  const fields = await request.formData().catch(() => null);
  if (!fields || fields.get("intent") !== "bulk") throw data({ message: "Bad request." }, { status: 400 });
  const ids = fields.getAll("ids").map((id) => (typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id));
  if (ids.length === 0) return { form: "bulk", none: true } satisfies BulkState;
  const answer = await context.run(changeSubmissionStatuses, {
    input: { status: fields.get("status"), ids },
    params: { kind },
    lang: langFromPath(url.pathname),
  });
  const ok = answer.status >= 200 && answer.status < 300;
  return data({ form: "bulk", ok, message: answer.body.message ?? "" } satisfies BulkState, {
    status: answer.status,
    headers: { "Cache-Control": "private, no-store" },
  });
}

export { AdminRouteError as ErrorBoundary } from "~/features/admin-kit/AdminError";

type Row = SubmissionRow;

function useColumns(kind: SubmissionKindName, timeZone: string): AdminColumn<Row>[] {
  const { t } = useTranslation("admin");
  const lang = useLang();
  const text = (key: string, column: string, sort?: string): AdminColumn<Row> => ({
    key: column,
    header: t(`fields.${key}`),
    sort,
    cell: (row) => (LTR_COLUMN.test(column) ? <LtrValue>{String(row[column] ?? "")}</LtrValue> : String(row[column] ?? "")),
  });
  const received: AdminColumn<Row> = {
    key: "created_at",
    header: t("fields.created_at"),
    sort: "created",
    cell: (row) => formatDateTime(row.created_at, lang, timeZone),
  };
  const status: AdminColumn<Row> = { key: "status", header: t("fields.status"), sort: "status", cell: (row) => <StatusBadge status={row.status} /> };
  switch (kind) {
    case "school":
      return [
        text("name", "name", "name"),
        text("school_name", "school_name", "school"),
        text("city", "city", "city"),
        text("email", "email"),
        text("preferred_date", "preferred_date", "date"),
        status,
        received,
      ];
    case "contact":
      return [
        text("email", "email", "email"),
        { key: "description", header: t("fields.description"), cell: (row) => <span className="line-clamp-2 max-w-md">{String(row.description)}</span> },
        status,
        received,
      ];
    case "enrollments":
      return [
        text("student_name", "student_name", "student"),
        text("parent_name", "parent_name", "parent"),
        text("email", "email"),
        text("camp_title", "camp_title", "camp"),
        text("session", "session", "session"),
        status,
        received,
      ];
    case "brochure-leads":
      return [
        text("student_name", "student_name", "student"),
        text("student_email", "student_email"),
        text("grade", "grade", "grade"),
        text("school", "school", "school"),
        status,
        received,
      ];
  }
}

export default function SubmissionListPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const { kind, query, result, timeZone, selectAll } = loaderData;
  const info = submissionKinds[kind];
  const columns = useColumns(kind, timeZone);
  return (
    <div className="space-y-4">
      <PageMeta title={t(info.titleKey)} description={t(info.titleKey)} />
      <h1 className="text-2xl font-bold text-slate-900">{t(info.titleKey)}</h1>
      <BulkForm kind={kind} />
      <AdminTable
        key={selectAll ? "all" : "some"}
        select={{ form: BULK_FORM_ID, checked: () => selectAll, label: (row) => t("bulk.chooseRow", { id: row.id }) }}
        dateRange
        caption={t(info.titleKey)}
        columns={columns}
        result={result}
        query={query}
        rowKey={(row) => row.id}
        rowHref={(row) => submissionPath(kind, row.id)}
        csvHref={info.api}
        emptyText={t("submissions.empty")}
        filters={
          <ListFilter
            name="status"
            label={t("fields.status")}
            value={query.filters.status}
            options={submissionStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
          />
        }
      />
    </div>
  );
}

const BULK_FORM_ID = "submissions-bulk";

const isBulkState = (value: unknown): value is BulkState => typeof value === "object" && value !== null && (value as BulkState).form === "bulk";

/**
 * Change the status of, or export, the ticked rows (their checkboxes name this form). A plain form,
 * so both work before and without JavaScript: "Change status" posts to the page's action, "Export
 * chosen rows" sends the ids to the CSV endpoint (GET), which answers with a download.
 */
function BulkForm({ kind }: { kind: SubmissionKindName }) {
  const { t } = useTranslation("admin");
  const answer = useActionData<typeof action>();
  const state = isBulkState(answer) ? answer : undefined;
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("select");
  // After a change the page comes back with nothing ticked (not "all" again).
  const postTo = `${location.pathname}${params.size > 0 ? `?${params.toString()}` : ""}`;
  params.set("select", "all");
  const button = "rounded-md border px-3 py-2 text-sm font-semibold";
  // With JavaScript the link ticks the boxes in place instead of reloading.
  const tickAll = (event: React.MouseEvent) => {
    event.preventDefault();
    for (const box of document.querySelectorAll<HTMLInputElement>(`input[name="ids"][form="${BULK_FORM_ID}"]`)) box.checked = true;
  };
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-3">
      <form method="post" action={postTo} id={BULK_FORM_ID} className="flex flex-wrap items-end gap-2" aria-label={t("bulk.legend")}>
        <input type="hidden" name="intent" value="bulk" />
        <p className="basis-full text-sm text-slate-700">
          {t("bulk.hint")}{" "}
          <a href={`?${params.toString()}`} onClick={tickAll} className="font-medium text-indigo-700 underline">
            {t("bulk.selectAll")}
          </a>
        </p>
        <div>
          <label htmlFor="bulk-status" className="mb-1 block text-sm font-medium text-slate-800">
            {t("bulk.statusLabel")}
          </label>
          <select id="bulk-status" name="status" className={inputClass}>
            {submissionStatuses.map((status) => (
              <option key={status} value={status}>
                {t(`status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={`${button} border-indigo-600 bg-indigo-600 text-white hover:bg-indigo-700`}>
          {t("bulk.apply")}
        </button>
        <button
          type="submit"
          formMethod="get"
          formAction={`${submissionKinds[kind].api}/export`}
          className={`${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-100`}
        >
          {t("bulk.export")}
        </button>
      </form>
      <BulkFeedback state={state} noneText={t("bulk.none")} />
    </div>
  );
}
