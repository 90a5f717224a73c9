import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";
import { requireAdmin } from "~server/security/access";
import { listEndpoint, listSource } from "~/features/admin-kit/list/list-query.server";
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
    const ended = await endAllDevices(db, caller.user.id, id);
    if (ended === null) throw new HttpError(404, serverT(caller.lang, "admin", "api.notFound"));
    return { status: 200, body: { message: serverT(caller.lang, "admin", "users.sessions.ended", { count: ended }), ended } };
  },
});

const notFound = (lang: Lang) => new HttpError(404, serverT(lang, "admin", "api.notFound"));

/** GET /api/admin/users/{id} → { user } (never a password hash). */
export const readUser = defineEndpoint({
  method: "GET",
  path: "/api/admin/users/:id",
  access: "admin",
  params: idParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params: { id } }) {
    const user = await getAdminUser(db, id);
    if (!user) throw notFound(caller.lang);
    return { status: 200, body: { user: { ...user, disabled: Boolean(user.disabled) } } };
  },
});

/** PATCH /api/admin/users/{id}: role, instructor profile or disabled → { message, user }, audited in the change's transaction. */
export const changeUserEndpoint = defineEndpoint({
  method: "PATCH",
  path: "/api/admin/users/:id",
  access: "admin",
  params: idParams,
  input: userUpdateSchema,
  async run({ deps: { db, config }, caller, params: { id } }, change) {
    const { lang } = caller;
    const result = await changeUser(db, caller.user.id, id, change);
    if (!result.ok && result.reason === "unproven") {
      // Not promoted with a password nobody proved: the invitation link goes to the address
      // instead, and whoever opens it takes the account over (decision 042). A repeated click
      // within minutes sends no second e-mail.
      if (!(await recentlyInvited(db, result.email))) {
        await inviteStaff(db, {
          email: result.email,
          role: result.role,
          teacherId: result.teacherId,
          invitedBy: caller.user.id,
          lang,
          secret: config.sessionSecret,
        });
      }
      throw new HttpError(409, serverT(lang, "admin", "api.unprovenInvited"));
    }
    if (!result.ok && result.reason === "noTeacher")
      throw new HttpError(400, serverT(lang, "admin", "api.noTeacher"), { teacherId: serverT(lang, "admin", "api.noTeacher") });
    if (!result.ok) throw new HttpError(result.reason === "notFound" ? 404 : 409, serverT(lang, "admin", `api.${result.reason}`));
    return { status: 200, body: { message: serverT(lang, "admin", "api.saved"), user: { ...result.user, disabled: Boolean(result.user.disabled) } } };
  },
});

/** GET /api/admin/users: the accounts (search, sort, pages; JSON or ?format=csv), never a password hash. */
export const listUsers = listEndpoint({
  path: "/api/admin/users",
  access: "admin",
  spec: usersList,
  source: ({ db }) => listSource(usersBase(db), { filename: "users", columns: usersCsv, toJson: (u) => ({ ...u, disabled: Boolean(u.disabled) }) }),
});

/**
 * /api/admin/users: list (JSON or ?format=csv), one account, PATCH of role / disabled, and
 * POST /api/admin/users/{id}/sessions/end (signs the account out everywhere). Admins only.
 */
export function usersApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use("/api/admin/users", requireAdmin);
  router.use(jsonRoutes(deps, [listUsers, readUser, changeUserEndpoint, endUserSessions]));
  return router;
}
