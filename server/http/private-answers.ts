import type { RequestHandler } from "express";
import onHeaders from "on-headers";

const STAFF_API = /^\/api\/admin(?:\/|$)/i;

/**
 * Answers for a signed-in visitor (a page naming them, their account data), answers that set a
 * cookie, and every staff API answer (names, phone numbers, even a 401) are personal: no browser
 * or proxy cache may keep them. Decided when the headers go out, so no handler can loosen it.
 * Runs after the session loader.
 */
export const privateAnswers: RequestHandler = (req, res, next) => {
  const staffApi = STAFF_API.test(req.path);
  onHeaders(res, () => {
    if (staffApi || res.locals.user || res.getHeader("set-cookie") !== undefined) res.setHeader("Cache-Control", "private, no-store");
  });
  next();
};
