import { Router } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { requestLang, serverT } from "~server/i18n";
import { createRateLimit } from "~server/security/rate-limit";
import { endSession, type SessionUser } from "~server/security/session";
import { byAccount, requireAccount } from "./account-space.api";
import { endDevice, listDevices } from "./devices.server";

/** A session reference as sessions.ref holds it; anything else names no session. */
const SESSION_REF = /^[\w-]{10,40}$/;

/**
 * The signed-in account's devices (issue 25): GET /api/account/sessions lists its live sessions
 * (browser, system, address, last seen; "current" marks this one); DELETE
 * /api/account/sessions/{id} ends one, and ending the current one signs this browser out.
 */
export function devicesApi(deps: EndpointDeps): Router {
  const { db } = deps;
  const router = Router();
  const endLimit = createRateLimit(deps, { name: "account-sessions-end", limit: 30, windowMs: 60_000, keyBy: byAccount });
  const text = (req: Parameters<typeof requestLang>[0], key: string) => serverT(requestLang(req), "accounts", `devices.api.${key}`);

  router.get("/api/account/sessions", requireAccount, async (_req, res) => {
    const user = res.locals.user as SessionUser;
    const sessions = await listDevices(db, user.id, (res.locals.sessionRef as string | null | undefined) ?? null);
    res.set("Cache-Control", "private, no-store").json({ sessions });
  });

  router.delete("/api/account/sessions/:id", requireAccount, endLimit, async (req, res) => {
    const user = res.locals.user as SessionUser;
    const ref = req.params.id;
    if (typeof ref !== "string" || !SESSION_REF.test(ref)) throw new HttpError(404, text(req, "notFound"));
    const current = ref === res.locals.sessionRef;
    if (!(await endDevice(db, user.id, ref))) throw new HttpError(404, text(req, "notFound"));
    if (current) await endSession(deps, req, res);
    res.json({ message: text(req, current ? "signedOut" : "ended"), signedOut: current });
  });
  return router;
}
