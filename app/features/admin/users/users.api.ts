import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { requireAdmin } from "~server/security/access";
import { idOr404, staffOf } from "~/features/admin-kit/admin-http.server";
import { sendList } from "~/features/admin-kit/list/list-query.server";
import { endAllDevices } from "~/features/accounts/devices.server";
import { inviteStaff, recentlyInvited } from "~/features/accounts/staff-invite.server";
import { idParams } from "~/lib/record-id";
import { userUpdateSchema } from "./users.schema";
import { changeUser, getAdminUser, usersBase, usersCsv, usersList } from "./users.server";

/** POST /api/admin/users/{id}/sessions/end: signs the account out on every device → { message, ended }. No body. */
export const endUserSessions = defineEndpoint({
  method: "POST",
  path: "/api/admin/users/:id/sessions/end",
  access: "admin",
  noBody: true,
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params: { id } }) {
    const ended = await endAllDevices(db, caller.user!.id, id);
    if (ended === null) throw new HttpError(404, serverT(caller.lang, "admin", "api.notFound"));
    return { status: 200, body: { message: serverT(caller.lang, "admin", "users.sessions.ended", { count: ended }), ended } };
  },
});

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
        await inviteStaff(db, { email: result.email, role: result.role, teacherId: result.teacherId, invitedBy: staffOf(res).id, lang, secret: config.sessionSecret });
      }
      throw new HttpError(409, serverT(lang, "admin", "api.unprovenInvited"));
    }
    if (!result.ok && result.reason === "noTeacher") throw new HttpError(400, serverT(lang, "admin", "api.noTeacher"), { teacherId: serverT(lang, "admin", "api.noTeacher") });
    if (!result.ok) throw new HttpError(result.reason === "notFound" ? 404 : 409, serverT(lang, "admin", `api.${result.reason}`));
    res.json({ message: serverT(lang, "admin", "api.saved"), user: { ...result.user, disabled: Boolean(result.user.disabled) } });
  });

  router.use(jsonRoutes(deps, [endUserSessions]));
  return router;
}
