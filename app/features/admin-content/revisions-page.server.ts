import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "react-router";
import { serverT } from "~server/i18n";
import { requireAdminPage } from "~/lib/page-guards.server";
import { idOr404Page } from "~/features/admin-kit/admin-http.server";
import { getSiteSettings } from "~/features/site/site.server";
import { langFromPath, localizePath } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import { withNotice } from "~/lib/forms/notice";
import { revisableOf } from "./revisable.server";
import { restoreRevision } from "./revisions.api";
import { RESTORE_FORM } from "./revision-forms";
import { compareValues } from "./revision-compare.server";
import { REVISIONS_KEPT, getRevision, listRevisions } from "./revisions.server";

/** The kind of record of a revisions page, from its path (`/admin/{blogs|courses|testimonials|page-sections}/edit/:id/revisions`). */
function collectionOf(request: Request) {
  const name = /\/admin\/(blogs|courses|testimonials|page-sections)\/edit\//.exec(new URL(request.url).pathname)?.[1] ?? "";
  const revisable = revisableOf(name);
  if (!revisable) throw data(null, { status: 404 });
  return revisable;
}

/**
 * A post's or course's revisions page (staff, editors too): the revisions newest first, and with
 * `?compare={revision}` that revision compared field by field with the record as it is now.
 */
export async function loadRevisionsPage({ request, params, context }: Pick<LoaderFunctionArgs, "request" | "params" | "context">) {
  requireAdminPage(context, request);
  const revisable = collectionOf(request);
  const id = idOr404Page(params.id);
  const values = await revisable.values(context.db, id);
  if (!values) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const lang = langFromPath(url.pathname);
  const [revisions, { timeZone }] = await Promise.all([listRevisions(context.db, revisable.table, id), getSiteSettings(context.db)]);
  const asked = url.searchParams.get("compare") ?? "";
  const revision = /^\d{1,9}$/.test(asked) ? await getRevision(context.db, revisable.table, id, Number(asked)) : undefined;
  const yesNo = { yes: serverT(lang, "admin-content", "revisions.yes"), no: serverT(lang, "admin-content", "revisions.no") };
  const comparison = revision
    ? {
        revision: { id: revision.id, createdAt: revision.createdAt, userName: revision.userName },
        changes: compareValues(revision.values, values, revisable.fields(values), yesNo),
      }
    : null;
  const { name, editor } = await revisable.about(context.db, id, values, lang);
  return { collection: revisable.name, id, name, editor, revisions, kept: REVISIONS_KEPT, comparison, timeZone };
}

/** Restore, posted by the page's form (with or without JavaScript): the restore endpoint in process, then back to the list with a notice. */
export async function restoreRevisionAction(args: ActionFunctionArgs) {
  const { request, params } = args;
  requireAdminPage(args.context, request);
  const revisable = collectionOf(request);
  const id = idOr404Page(params.id);
  const posted = await request
    .clone()
    .formData()
    .catch(() => null);
  const revision = posted?.get("revision");
  const base = `/admin/${revisable.name}/edit/${id}/revisions`;
  const endpoint = restoreRevision[revisable.name];
  if (!endpoint) throw data({ message: "Not found." }, { status: 404 });
  return postFormToApi(args, {
    form: RESTORE_FORM,
    endpoint,
    params: { id: String(id), revision: typeof revision === "string" ? revision : "" },
    toBody: () => ({}),
    onSuccess: (_answer, _fields, lang) => withNotice(localizePath(base, lang), "revision-restored"),
  });
}
