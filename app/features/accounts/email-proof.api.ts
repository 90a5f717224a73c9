import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { localizePath } from "~/i18n/lang";
import { withNotice } from "~/lib/forms/notice";
import { OWN_ACCOUNT, perAccount } from "./account-space.api";
import { proveEmail, queueEmailProof } from "./email-proof.server";

/**
 * POST /api/account/email-proof: the signed-in parent's "send the confirmation link again" (issue
 * 42, step 5), instead of the forgot-password detour. 409 once the address is proven.
 */
export const sendEmailProof = defineEndpoint({
  method: "POST",
  path: "/api/account/email-proof",
  ...OWN_ACCOUNT,
  noBody: true,
  limits: [perAccount("account-email-proof", 5, 60 * 60_000)],
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    const user = caller.user;
    const row = await db.selectFrom("users").select(["id", "email", "email_verified_at"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    if (row.email_verified_at) throw new HttpError(409, serverT(caller.lang, "email-proof", "api.alreadyProven"));
    await queueEmailProof(db, row, caller.lang);
    return { status: 200, body: { message: serverT(caller.lang, "email-proof", "notice.sent") } };
  },
});

/**
 * GET /account/confirm-email?token= (and /ar/...): the e-mail's link. One tap proves the address
 * and opens the account with the news (signed out, the account page asks to sign in first).
 */
const confirmEmail = (lang: "en" | "ar") =>
  defineEndpoint({
    method: "GET",
    path: localizePath("/account/confirm-email", lang),
    access: "anyone",
    redirects: "always: 303 to the account page with the news (proven, or the link was not valid)",
    // Anything but a string is no token: the link is not valid.
    input: z.object({ token: z.string().optional().catch(undefined) }),
    async run({ deps }, { token = "" }) {
      const result = await proveEmail(deps.db, deps.config.sessionSecret, token);
      return { status: 303, location: withNotice(localizePath("/account", lang), result === "proven" ? "email-proven" : "email-proof-invalid") };
    },
  });

export function emailProofApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, [confirmEmail("en"), confirmEmail("ar"), sendEmailProof]));
  return router;
}
