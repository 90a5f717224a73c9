import type { Router } from "express";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { startSession } from "~server/security/session";
import { adminSetupSchema } from "./accounts.schema";
import { completeAdminSetup } from "./admin-setup.server";

/**
 * POST /api/first-admin: creates the first staff account with the one-time link's token and
 * signs it in. (Deliberately outside /api/admin: it is the one staff endpoint a non-staff visitor may call.)
 */
export const setUpFirstAdmin = defineEndpoint({
  method: "POST",
  path: "/api/first-admin",
  access: "anyone",
  limits: [{ name: "first-admin-ip", limit: 10, windowMs: 15 * 60_000 }],
  input: adminSetupSchema,
  async run({ deps, caller }, input) {
    const userId = await completeAdminSetup(deps.db, input);
    if (userId === null) throw new HttpError(410, serverT(caller.lang, "accounts", "api.setupInvalid"));
    await startSession(deps, caller, userId, "password");
    return { status: 201, body: { message: serverT(caller.lang, "accounts", "api.setupDone") } };
  },
});

export function adminSetupApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [setUpFirstAdmin]);
}
