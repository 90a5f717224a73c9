import type { Router } from "express";
import { z } from "zod";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { byCallerAccount, type LimitSpec } from "~server/security/rate-limit";
import { v } from "~/lib/validation";
import { PUSH_CATEGORIES, type PushCategory } from "./categories";
import { acceptableEndpoint, pushChoicesOf, saveCategories, saveSubscription } from "./push.server";

const perAccount = (name: string, limit: number): LimitSpec => ({ name, limit, windowMs: 60_000, keyBy: byCallerAccount });

/** GET /api/push/public-key: the VAPID public key a browser subscribes with (applicationServerKey). */
export const pushPublicKey = defineEndpoint({
  method: "GET",
  path: "/api/push/public-key",
  access: "anyone",
  input: z.object({}),
  run: async ({ deps: { config } }) => ({ status: 200, body: { publicKey: config.vapid.publicKey } }),
});

// A P-256 public key, uncompressed (65 bytes: 87 base64url characters starting with "B"), and a 16-byte secret.
const base64url = (length: number) => z.string({ error: v.invalid }).regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`), { error: v.invalid });

/** POST /api/account/push-subscriptions: the browser's PushSubscription (as its toJSON() gives it), stored for the signed-in guardian. */
export const savePushSubscription = defineEndpoint({
  method: "POST",
  path: "/api/account/push-subscriptions",
  access: "signed-in",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  limits: [perAccount("push-subscriptions", 20)],
  input: z
    .object({
      endpoint: z.string({ error: v.invalid }).max(1000, { error: v.invalid }),
      expirationTime: z.number().nullable().optional(),
      keys: z.object({ p256dh: base64url(87).refine((key) => key.startsWith("B"), { error: v.invalid }), auth: base64url(22) }).strict(),
      lang: z.enum(["en", "ar"], { error: v.choice }).optional(),
    })
    .strict(),
  async run({ deps: { db, config }, caller }, input) {
    if (!acceptableEndpoint(input.endpoint, config)) throw new HttpError(400, serverT(caller.lang, "push", "api.badEndpoint"));
    await saveSubscription(db, caller.user.email, {
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh.replace(/=+$/, ""),
      auth: input.keys.auth.replace(/=+$/, ""),
      lang: input.lang ?? caller.lang,
    });
    return { status: 201, body: { message: serverT(caller.lang, "push", "api.subscribed") } };
  },
});

/** GET /api/account/push-choices: each category of notification, on or off, and how many browsers receive them. */
export const ownPushChoices = defineEndpoint({
  method: "GET",
  path: "/api/account/push-choices",
  access: "signed-in",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  input: z.object({}),
  run: async ({ deps: { db }, caller }) => ({ status: 200, body: await pushChoicesOf(db, caller.user.email) }),
});

const flag = z.boolean({ error: v.invalid });

/** POST /api/account/push-choices: every category, true (on) or false (off). */
export const savePushChoices = defineEndpoint({
  method: "POST",
  path: "/api/account/push-choices",
  access: "signed-in",
  signedOut: { ns: "accounts", key: "api.notSignedIn" },
  limits: [perAccount("push-choices", 30)],
  input: z.object(Object.fromEntries(PUSH_CATEGORIES.map((category) => [category, flag])) as Record<PushCategory, typeof flag>).strict(),
  async run({ deps: { db }, caller }, input) {
    await saveCategories(db, caller.user.email, new Set(PUSH_CATEGORIES.filter((category) => input[category])));
    return { status: 200, body: { message: serverT(caller.lang, "push", "api.saved"), ...(await pushChoicesOf(db, caller.user.email)) } };
  },
});

export function pushApi(deps: EndpointDeps): Router {
  return jsonRoutes(deps, [pushPublicKey, savePushSubscription, ownPushChoices, savePushChoices]);
}
