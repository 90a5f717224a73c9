import type { Request, Response } from "express";
import { requestLang, serverT } from "~server/i18n";
import { idOr404, staffOf } from "~/features/admin-kit/admin-http.server";

/** A message of the admin-content namespace in the client's language. */
export const adminT = (req: Request, key: string, values?: Record<string, string | number>): string => serverT(requestLang(req), "admin-content", key, values);

/** The numeric `:id` of a route; anything else is an unknown record (404). */
export const idParam = (req: Request): number => idOr404(req.params.id, adminT(req, "api.notFound"));

/** The id of the staff member making the change (requireStaff ran first). */
export const staffId = (res: Response): number => staffOf(res).id;
