import { data, type AppLoadContext } from "react-router";
import type { Endpoint } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { langFromPath } from "~/i18n/lang";
import { requireAdminPage } from "~/lib/page-guards.server";
import { parseRecordId } from "~/lib/record-id";
import { assertTeachesMeeting } from "./teaching-access.server";

/** For the teaching pages: the signed-in member who may teach (staff or an instructor), else the sign-in or 403. */
export const requireTeachingPage = (context: AppLoadContext, request: Request) => requireAdminPage(context, request, "teaching");

/**
 * For a meeting's page: the member and the meeting's id, once they may teach its group: a 404 page
 * for no such meeting, 403 for another instructor's group (assertTeachesMeeting, decision 073).
 */
export async function requireTaughtMeetingPage(context: AppLoadContext, request: Request, rawId: string | undefined) {
  const user = requireTeachingPage(context, request);
  const id = parseRecordId(rawId);
  if (id === null) throw data(null, { status: 404 });
  try {
    await assertTeachesMeeting(context.db, user, id);
  } catch (error) {
    if (error instanceof HttpError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
  return { user, id };
}

/** A taught group's read: GET /api/teaching/sections/:id/..., the group in the path, no input. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schemas and answer; the page reads the endpoint's own output
type TaughtGroupRead = Endpoint<any, any, any>;

/**
 * For a taught group's page (portfolio, skills, progress reports): the member, the page's language
 * and the group as the page's read endpoint answers it, typed. The endpoint decides whether this
 * member may see the group (assertTeachesSection): its 403 or 404 becomes the page's.
 */
export async function requireTaughtGroupPage<E extends TaughtGroupRead>(context: AppLoadContext, request: Request, rawId: string | undefined, read: E) {
  const user = requireTeachingPage(context, request);
  const lang = langFromPath(new URL(request.url).pathname);
  const answer = await context.run(read, { params: { id: rawId ?? "" }, input: {}, lang });
  if (!answer.ok) throw data({ message: answer.body.message }, { status: answer.status });
  return { user, lang, group: answer.body };
}
