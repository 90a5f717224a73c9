import { Router } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { requireAdmin } from "~server/security/access";
import { createRateLimit } from "~server/security/rate-limit";
import { startSession, type SessionUser } from "~server/security/session";
import { acceptInviteSchema, staffInviteSchema } from "./accounts.schema";
import { acceptStaffInvite, inviteStaff, listPendingInvites, revokeInvite } from "./staff-invite.server";

/** An invitation's public reference as staff_invites.ref holds it; anything else names none. */
const INVITE_REF = /^[\w-]{10,40}$/;

/**
 * POST /api/admin/invites (admins): e-mails a one-time link that makes a staff account (admin or editor).
 * GET /api/admin/invites and DELETE /api/admin/invites/{id} (admins): pending invitations, and revoking one.
 * POST /api/staff-invites/accept (the link's holder): makes that account and signs it in.
 */
export function staffInviteApi(deps: EndpointDeps): Router {
  const router = Router();
  const inviteLimit = createRateLimit(deps, { name: "staff-invite", limit: 20, windowMs: 60 * 60_000 });
  const revokeLimit = createRateLimit(deps, { name: "staff-invite-revoke", limit: 60, windowMs: 60 * 60_000 });
  const acceptLimit = createRateLimit(deps, { name: "staff-invite-accept", limit: 10, windowMs: 15 * 60_000 });
  const text = (req: Parameters<typeof requestLang>[0], key: string) => serverT(requestLang(req), "accounts", `invite.api.${key}`);

  router.post("/api/admin/invites", requireAdmin, inviteLimit, async (req, res) => {
    const input = parseBody(staffInviteSchema, req);
    const user = res.locals.user as SessionUser;
    const result = await inviteStaff(deps.db, { email: input.email, role: input.role, invitedBy: user.id, lang: requestLang(req), secret: deps.config.sessionSecret });
    if (!result.ok) throw new HttpError(409, text(req, result.reason), { email: text(req, result.reason) });
    res.status(201).json({ message: text(req, result.takesOver ? "sentTakeover" : "sent") });
  });

  router.get("/api/admin/invites", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", "private, no-store").json({ invites: await listPendingInvites(deps.db) });
  });

  router.delete("/api/admin/invites/:id", requireAdmin, revokeLimit, async (req, res) => {
    const ref = req.params.id;
    const user = res.locals.user as SessionUser;
    if (typeof ref !== "string" || !INVITE_REF.test(ref) || !(await revokeInvite(deps.db, user.id, ref))) throw new HttpError(404, text(req, "notFound"));
    res.json({ message: text(req, "revoked") });
  });

  router.post("/api/staff-invites/accept", acceptLimit, async (req, res) => {
    const input = parseBody(acceptInviteSchema, req);
    const result = await acceptStaffInvite(deps.db, input);
    if (!result.ok) throw new HttpError(result.reason === "hasAccount" ? 409 : 410, text(req, result.reason));
    await startSession(deps, req, res, result.userId, "password");
    res.status(201).json({ message: text(req, "joined") });
  });
  return router;
}
