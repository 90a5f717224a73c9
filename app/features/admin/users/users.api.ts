import { Router } from "express";
import type { EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { requireAdmin } from "~server/security/access";
import { idOr404, staffOf } from "~/features/admin/admin-http.server";
import { sendList } from "~/features/admin/list/list-query.server";
import { endAllDevices } from "~/features/accounts/devices.server";
import { inviteStaff, recentlyInvited } from "~/features/accounts/staff-invite.server";
import { userUpdateSchema } from "./users.schema";
import { changeUser, getAdminUser, usersBase, usersCsv, usersList } from "./users.server";

/**
 * /api/admin/users: list (JSON or ?format=csv), one account, PATCH of role / disabled, and
 * POST /api/admin/users/{id}/sessions/end (signs the account out everywhere). Admins only.
 */
export function usersApi(deps: EndpointDeps): Router {
  const { db, config } = deps;
  const router = Router();
  router.use("/api/admin/users", requireAdmin);

  router.get("/api/admin/users", async (req, res) => {
    await sendList(req, res, usersBase(db), usersList, { db, filename: "users", columns: usersCsv, toJson: (u) => ({ ...u, disabled: Boolean(u.disabled) }) });
  });

  router.get("/api/admin/users/:id", async (req, res) => {
    const user = await getAdminUser(db, idOr404(req.params.id));
    if (!user) throw new HttpError(404, serverT(requestLang(req), "admin", "api.notFound"));
    res.json({ user: { ...user, disabled: Boolean(user.disabled) } });
  });

  router.patch("/api/admin/users/:id", async (req, res) => {
    const id = idOr404(req.params.id);
    const change = parseBody(userUpdateSchema, req);
    const result = await changeUser(db, staffOf(res).id, id, change);
    const lang = requestLang(req);
    if (!result.ok && result.reason === "unproven") {
      // Not promoted with a password nobody proved: the invitation link goes to the address
      // instead, and whoever opens it takes the account over (decision 042). A repeated click
      // within minutes sends no second e-mail.
      if (!(await recentlyInvited(db, result.email))) {
        await inviteStaff(db, { email: result.email, role: result.role, invitedBy: staffOf(res).id, lang, secret: config.sessionSecret });
      }
      throw new HttpError(409, serverT(lang, "admin", "api.unprovenInvited"));
    }
    if (!result.ok) throw new HttpError(result.reason === "notFound" ? 404 : 409, serverT(lang, "admin", `api.${result.reason}`));
    res.json({ message: serverT(lang, "admin", "api.saved"), user: { ...result.user, disabled: Boolean(result.user.disabled) } });
  });

  router.post("/api/admin/users/:id/sessions/end", async (req, res) => {
    const ended = await endAllDevices(db, staffOf(res).id, idOr404(req.params.id));
    const lang = requestLang(req);
    if (ended === null) throw new HttpError(404, serverT(lang, "admin", "api.notFound"));
    res.json({ message: serverT(lang, "admin", "users.sessions.ended", { count: ended }), ended });
  });
  return router;
}
