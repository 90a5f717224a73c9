import { Router } from "express";
import type { ApiDeps } from "~server/features";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { requireAdmin } from "~server/security/access";
import { createRateLimit } from "~server/security/rate-limit";
import { startSession, type SessionUser } from "~server/security/session";
import { acceptInviteSchema, staffInviteSchema } from "./accounts.schema";
import { acceptStaffInvite, inviteStaff } from "./staff-invite.server";

/**
 * POST /api/admin/invites (staff): e-mails a one-time link that creates a staff account.
 * POST /api/staff-invites/accept (the link's holder): creates that account and signs it in.
 */
export function staffInviteApi(deps: ApiDeps): Router {
  const router = Router();
  const inviteLimit = createRateLimit(deps, { name: "staff-invite", limit: 20, windowMs: 60 * 60_000 });
  const acceptLimit = createRateLimit(deps, { name: "staff-invite-accept", limit: 10, windowMs: 15 * 60_000 });
  const text = (req: Parameters<typeof requestLang>[0], key: string) => serverT(requestLang(req), "accounts", `invite.api.${key}`);

  router.post("/api/admin/invites", requireAdmin, inviteLimit, async (req, res) => {
    const input = parseBody(staffInviteSchema, req);
    const user = res.locals.user as SessionUser;
    const result = await inviteStaff(deps.db, { email: input.email, invitedBy: user.id, lang: requestLang(req), publicUrl: deps.config.publicUrl });
    if (!result.ok) throw new HttpError(409, text(req, "hasAccount"), { email: text(req, "hasAccount") });
    res.status(201).json({ message: text(req, "sent") });
  });

  router.post("/api/staff-invites/accept", acceptLimit, async (req, res) => {
    const input = parseBody(acceptInviteSchema, req);
    const result = await acceptStaffInvite(deps.db, input);
    if (!result.ok) throw new HttpError(result.reason === "invalid" ? 410 : 409, text(req, result.reason));
    await startSession(deps, req, res, result.userId, "password");
    res.status(201).json({ message: text(req, "joined") });
  });
  return router;
}
