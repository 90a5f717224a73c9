import type { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type Caller, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { byCallerAccount, type LimitSpec } from "~server/security/rate-limit";
import { startSession } from "~server/security/session";
import { familyEndpoint, familyOf } from "~/features/family/account-owner.server";
import { acceptGuardianInvite, inviteGuardian, listGuardians, removeGuardian } from "./guardians.server";
import { acceptGuardianSchema, guardianRefSchema, inviteGuardianSchema } from "./guardians.schema";
import { pickupCard } from "./pickup.server";

const say = (caller: Caller, key: string, values?: Record<string, string | number>) => serverT(caller.lang, "guardians", `api.${key}`, values);
const perAccount = (name: string, limit: number, windowMs: number): LimitSpec => ({ name, limit, windowMs, keyBy: byCallerAccount });
const SIGNED_OUT = { ns: "accounts", key: "api.notSignedIn" } as const;

/** GET /api/account/guardians → { role, guardians }: the family's guardians and pending invitations (primary and full parents). */
export const listFamilyGuardians = familyEndpoint("guardians-list", {
  method: "GET",
  path: "/api/account/guardians",
  signedOut: SIGNED_OUT,
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    const family = await familyOf(db, caller.user.id);
    return { status: 200, body: { role: family.role, guardians: await listGuardians(db, family.id) } };
  },
});

/** POST /api/account/guardians (the primary guardian): e-mails a one-time link that joins the family with the role. */
export const inviteFamilyGuardian = familyEndpoint("guardians", {
  method: "POST",
  path: "/api/account/guardians",
  signedOut: SIGNED_OUT,
  limits: [perAccount("guardian-invite", 20, 60 * 60_000)],
  input: inviteGuardianSchema,
  async run({ deps, caller }, input) {
    const result = await inviteGuardian(deps.db, { familyUserId: caller.user.id, ...input, lang: caller.lang, secret: deps.config.sessionSecret });
    if (!result.ok) throw new HttpError(409, say(caller, result.reason), { email: say(caller, result.reason) });
    return { status: 201, body: { message: say(caller, "sent") } };
  },
});

/** POST /api/account/guardians/remove `{ ref }` (the primary guardian): removes a guardian (its sessions end at once) or a pending invitation. */
export const removeFamilyGuardian = familyEndpoint("guardians", {
  method: "POST",
  path: "/api/account/guardians/remove",
  signedOut: SIGNED_OUT,
  limits: [perAccount("guardian-remove", 60, 60 * 60_000)],
  input: guardianRefSchema,
  async run({ deps: { db }, caller }, { ref }) {
    if (!(await removeGuardian(db, caller.user.id, ref))) throw new HttpError(404, say(caller, "notFound"));
    return { status: 200, body: { message: say(caller, "removed") } };
  },
});

/**
 * POST /api/guardian-invites/accept `{ token }` (signed in, with any account): joins the family of a
 * live invitation with its role. The account's other sessions end; this browser gets a new one.
 */
export const acceptGuardianInvitation = defineEndpoint({
  method: "POST",
  path: "/api/guardian-invites/accept",
  access: "signed-in",
  signedOut: SIGNED_OUT,
  limits: [{ name: "guardian-invite-accept", limit: 10, windowMs: 15 * 60_000 }],
  input: acceptGuardianSchema,
  async run({ deps, caller }, { token }) {
    const result = await acceptGuardianInvite(deps.db, { token, userId: caller.user.id });
    if (!result.ok) throw new HttpError(result.reason === "invalid" ? 410 : 409, say(caller, `refused.${result.reason}`));
    const kind = caller.sessionKind === "google" || caller.sessionKind === "passkey" ? caller.sessionKind : "password";
    await startSession(deps, caller, caller.user.id, kind);
    return { status: 201, body: { message: say(caller, "joined"), role: result.role } };
  },
});

/** GET /api/account/pickup → { collector, children }: who collects (the account's name and phone) and each child's next classes. */
export const ownPickupCard = familyEndpoint("pickup", {
  method: "GET",
  path: "/api/account/pickup",
  signedOut: SIGNED_OUT,
  input: z.object({}),
  async run({ deps: { db }, caller }) {
    return { status: 200, body: { ...(await pickupCard(db, caller.user.id, caller.lang)) } };
  },
});

export const guardianEndpoints = [listFamilyGuardians, inviteFamilyGuardian, removeFamilyGuardian, acceptGuardianInvitation, ownPickupCard];

export function guardiansApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, guardianEndpoints);
}
