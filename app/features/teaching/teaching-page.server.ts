import { data, type AppLoadContext } from "react-router";
import { HttpError } from "~server/http/errors";
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
