import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type Caller, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { startSession } from "~server/security/session";
import { acceptInviteSchema, staffInviteSchema } from "./accounts.schema";
import { acceptStaffInvite, inviteStaff, listPendingInvites, revokeInvite } from "./staff-invite.server";

/** An invitation's public reference as staff_invites.ref holds it; anything else names none. */
const INVITE_REF = /^[\w-]{10,40}$/;
const text = (caller: Caller, key: string) => serverT(caller.lang, "accounts", `invite.api.${key}`);

/** POST /api/admin/invites (admins): e-mails a one-time link that makes a staff account (admin, editor, or instructor of a teacher profile). */
export const inviteStaffMember = defineEndpoint({
  method: "POST",
  path: "/api/admin/invites",
  access: "admin",
  limits: [{ name: "staff-invite", limit: 20, windowMs: 60 * 60_000 }],
  input: staffInviteSchema,
  async run({ deps, caller }, input) {
    const user = caller.user;
    const result = await inviteStaff(deps.db, {
      email: input.email,
      role: input.role,
      teacherId: input.teacherId,
      invitedBy: user.id,
      lang: caller.lang,
      language: input.language,
      secret: deps.config.sessionSecret,
    });
    if (!result.ok && result.reason === "noTeacher") throw new HttpError(400, text(caller, "noTeacher"), { teacherId: text(caller, "noTeacher") });
    if (!result.ok) throw new HttpError(409, text(caller, result.reason), { email: text(caller, result.reason) });
    return { status: 201, body: { message: text(caller, result.takesOver ? "sentTakeover" : "sent") } };
  },
});

/** DELETE /api/admin/invites/{id} (admins): revokes a pending invitation. */
export const revokeStaffInvite = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/invites/:id",
  access: "admin",
  limits: [{ name: "staff-invite-revoke", limit: 60, windowMs: 60 * 60_000 }],
  params: z.object({ id: z.string() }),
  input: z.object({}).passthrough(),
  async run({ deps, caller, params }) {
    const user = caller.user;
    if (!INVITE_REF.test(params.id) || !(await revokeInvite(deps.db, user.id, params.id))) throw new HttpError(404, text(caller, "notFound"));
    return { status: 200, body: { message: text(caller, "revoked") } };
  },
});

/** POST /api/staff-invites/accept (the link's holder): makes that account and signs it in. */
export const acceptStaffInvitation = defineEndpoint({
  method: "POST",
  path: "/api/staff-invites/accept",
  access: "anyone",
  limits: [{ name: "staff-invite-accept", limit: 10, windowMs: 15 * 60_000 }],
  input: acceptInviteSchema,
  async run({ deps, caller }, input) {
    const result = await acceptStaffInvite(deps.db, input);
    if (!result.ok) throw new HttpError(result.reason === "hasAccount" ? 409 : 410, text(caller, result.reason));
    await startSession(deps, caller, result.userId, "password");
    // The role says where the new member starts: an instructor on /teaching (decision 074).
    return { status: 201, body: { message: text(caller, "joined"), role: result.role } };
  },
});

/** GET /api/admin/invites → { invites }: pending staff invitations (never their tokens). */
export const listStaffInvites = defineEndpoint({
  method: "GET",
  path: "/api/admin/invites",
  access: "admin",
  input: z.object({}),
  run: async ({ deps: { db } }) => ({ status: 200, body: { invites: await listPendingInvites(db) } }),
});

/** The invitation endpoints, and GET /api/admin/invites (admins): the pending invitations. */
export function staffInviteApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, [listStaffInvites, inviteStaffMember, revokeStaffInvite, acceptStaffInvitation]));
  return router;
}
