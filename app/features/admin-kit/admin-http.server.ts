import type { Response } from "express";
import { data } from "react-router";
import type { SessionUser } from "~server/security/session";
import { HttpError } from "~server/http/errors";
import { parseRecordId } from "~/lib/record-id";

/** Small helpers shared by the admin API routers and page loaders. */

/** For API routes: the id, or 404. */
export function idOr404(value: unknown, message = "Not found."): number {
  const id = parseRecordId(value);
  if (id === null) throw new HttpError(404, message);
  return id;
}

/** For page loaders: the id, or a 404 page. */
export function idOr404Page(value: unknown): number {
  const id = parseRecordId(value);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/** The staff member of a request that passed requireStaff. */
export function staffOf(res: Response): SessionUser {
  return res.locals.user as SessionUser;
}
