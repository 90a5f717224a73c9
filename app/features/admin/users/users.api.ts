import { Router } from "express";
import type { ApiDeps } from "~server/features";
import { HttpError } from "~server/http/errors";
import { parseBody } from "~server/http/validate";
import { requestLang, serverT } from "~server/i18n";
import { requireAdmin } from "~server/security/access";
import { idOr404, staffOf } from "~/features/admin/admin-http.server";
import { sendList } from "~/features/admin/list/list-query.server";
import { userUpdateSchema } from "./users.schema";
import { changeUser, getAdminUser, usersBase, usersCsv, usersList } from "./users.server";

/** /api/admin/users: list (JSON or ?format=csv), one account, PATCH of role / disabled. Staff only. */
export function usersApi({ db }: ApiDeps): Router {
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
    if (!result.ok) throw new HttpError(result.reason === "notFound" ? 404 : 409, serverT(lang, "admin", `api.${result.reason}`));
    res.json({ message: serverT(lang, "admin", "api.saved"), user: { ...result.user, disabled: Boolean(result.user.disabled) } });
  });
  return router;
}
