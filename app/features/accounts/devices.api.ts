import { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { endSession } from "~server/security/session";
import { OWN_ACCOUNT, perAccount, requireAccount } from "./account-space.api";
import { endDevice, listDevices } from "./devices.server";

/** A session reference as sessions.ref holds it; anything else names no session. */
const SESSION_REF = /^[\w-]{10,40}$/;

/** DELETE /api/account/sessions/{id}: ends one of the account's sessions; ending the current one signs this browser out. */
export const endDeviceSession = defineEndpoint({
  method: "DELETE",
  path: "/api/account/sessions/:id",
  ...OWN_ACCOUNT,
  limits: [perAccount("account-sessions-end", 30, 60_000)],
  params: z.object({ id: z.string() }),
  input: z.object({}),
  async run({ deps, caller, params }) {
    const text = (key: string) => serverT(caller.lang, "accounts", `devices.api.${key}`);
    const ref = params.id;
    if (!SESSION_REF.test(ref)) throw new HttpError(404, text("notFound"));
    const current = ref === caller.sessionRef;
    if (!(await endDevice(deps.db, caller.user.id, ref))) throw new HttpError(404, text("notFound"));
    if (current) await endSession(deps, caller);
    return { status: 200, body: { message: text(current ? "signedOut" : "ended"), signedOut: current } };
  },
});

/** GET /api/account/sessions → { sessions }: the account's signed-in devices, this one marked. */
export const listOwnDevices = defineEndpoint({
  method: "GET",
  path: "/api/account/sessions",
  ...OWN_ACCOUNT,
  input: z.object({}),
  run: async ({ deps: { db }, caller }) => ({ status: 200, body: { sessions: await listDevices(db, caller.user.id, caller.sessionRef) } }),
});

/**
 * The signed-in account's devices (issue 25): GET /api/account/sessions lists its live sessions
 * (browser, system, address, last seen; "current" marks this one); DELETE
 * /api/account/sessions/{id} ends one.
 */
export function devicesApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use("/api/account/sessions", requireAccount);
  router.use(jsonRoutes(deps, [listOwnDevices, endDeviceSession]));
  return router;
}
