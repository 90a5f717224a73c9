import { Router } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { createRateLimit } from "~server/security/rate-limit";
import { startSession } from "~server/security/session";
import { adminSetupSchema } from "./accounts.schema";
import { completeAdminSetup } from "./admin-setup.server";

/**
 * POST /api/first-admin: creates the first staff account with the one-time link's token and
 * signs it in. (Deliberately outside /api/admin: it is the one staff endpoint a non-staff visitor may call.)
 */
export function adminSetupApi(deps: EndpointDeps): Router {
  const router = Router();
  const limit = createRateLimit(deps, { name: "first-admin-ip", limit: 10, windowMs: 15 * 60_000 });
  router.post("/api/first-admin", limit, async (req, res) => {
    const input = parseBody(adminSetupSchema, req);
    const lang = requestLang(req);
    const userId = await completeAdminSetup(deps.db, input);
    if (userId === null) throw new HttpError(410, serverT(lang, "accounts", "api.setupInvalid"));
    await startSession(deps, req, res, userId, "password");
    res.status(201).json({ message: serverT(lang, "accounts", "api.setupDone") });
  });
  return router;
}
