import { Router } from "express";
import { z } from "zod";
import type { Lang } from "~/i18n/lang";
import { diffFields, recordAudit } from "~server/audit/audit";
import { defineEndpoint, jsonRoutes, type EndpointDeps } from "~server/http/endpoint";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { findChild } from "~/features/family/children.server";
import { saveSiblingPercent, siblingPercent } from "./discount-settings.server";
import { deletePromo, getPromo, listOfferPrices, listPromos, savePromo, setEarlyPrice } from "./promo-admin.server";
import { earlyPriceParams, earlyPriceSchema, promoParams, promoSchema, quoteSchema, siblingSchema } from "./promo.schema";
import type { PromoProblem } from "./promo.server";
import { priceQuote } from "./quote.server";

const say = (lang: Lang, key: string, values?: Record<string, string | number>) => serverT(lang, "discounts", key, values);

/** A code's refusal in the page's language, for the form's code field. */
export const promoProblemMessage = (lang: Lang, problem: PromoProblem): string => say(lang, `problem.${problem}`);

/**
 * POST /api/discounts/quote: the price of a course section or a camp before paying (issue 31 part
 * 5), with a code when one is typed → 200 `{ currency, lines, totalMinor, promo, codeError }`. A
 * POST so the code stays out of URLs and logs. The sibling discount needs the caller signed in.
 */
export const quotePrice = defineEndpoint({
  method: "POST",
  path: "/api/discounts/quote",
  access: "anyone",
  limits: [{ name: "price-quote", limit: 60, windowMs: 60_000 }],
  input: quoteSchema,
  async run({ deps: { db }, caller }, input) {
    const userId = caller.user?.id ?? null;
    const childId = input.childId !== null && userId !== null ? ((await findChild(db, userId, input.childId))?.id ?? null) : null;
    const quote = await priceQuote(db, {
      offer: { kind: input.offer, id: input.offerId },
      family: { userId, childId, childName: input.childName },
      code: input.code,
    });
    if (!quote) throw new HttpError(404, say(caller.lang, "api.offerNotFound"));
    const { codeProblem, ...rest } = quote;
    return { status: 200, body: { ...rest, codeError: codeProblem ? promoProblemMessage(caller.lang, codeProblem) : null } };
  },
});

/** 400/404/409 for a refused save. */
function refuseSave(lang: Lang, result: { reason: "taken" | "notFound" | "belowUses"; uses?: number }): never {
  if (result.reason === "notFound") throw new HttpError(404, say(lang, "api.notFound"));
  if (result.reason === "taken") throw new HttpError(409, say(lang, "api.taken"), { code: say(lang, "api.taken") });
  const message = say(lang, "api.belowUses", { count: result.uses ?? 0 });
  throw new HttpError(400, message, { maxUses: message });
}

/** POST /api/admin/promo-codes: a new code → 201 `{ message, id, promoCode }`. */
export const createPromoCode = defineEndpoint({
  method: "POST",
  path: "/api/admin/promo-codes",
  access: "admin",
  input: promoSchema,
  async run({ deps: { db }, caller }, input) {
    const result = await savePromo(db, null, input, (trx, { after }) =>
      recordAudit(trx, {
        action: "create",
        entity: "promo_code",
        entityId: after.id,
        name: after.code,
        changes: diffFields({}, after),
        userId: caller.user.id,
      }),
    );
    if (!result.ok) refuseSave(caller.lang, result);
    return { status: 201, body: { message: say(caller.lang, "api.created"), id: result.after.id, promoCode: result.after } };
  },
});

/** PUT /api/admin/promo-codes/:id: the whole code again → 200 `{ message, id, promoCode }`. */
export const updatePromoCode = defineEndpoint({
  method: "PUT",
  path: "/api/admin/promo-codes/:id",
  access: "admin",
  params: promoParams,
  input: promoSchema,
  async run({ deps: { db }, caller, params }, input) {
    const result = await savePromo(db, params.id, input, (trx, { before, after }) =>
      recordAudit(trx, {
        action: "update",
        entity: "promo_code",
        entityId: after.id,
        name: after.code,
        changes: diffFields(before ?? {}, after),
        userId: caller.user.id,
      }),
    );
    if (!result.ok) refuseSave(caller.lang, result);
    return { status: 200, body: { message: say(caller.lang, "api.updated"), id: result.after.id, promoCode: result.after } };
  },
});

/** DELETE /api/admin/promo-codes/:id: a code nobody used → 200; a used one → 409 (switch it off instead). */
export const deletePromoCode = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/promo-codes/:id",
  access: "admin",
  params: promoParams,
  input: z.object({}),
  async run({ deps: { db }, caller, params }) {
    const result = await deletePromo(db, params.id, (trx, before) =>
      recordAudit(trx, { action: "delete", entity: "promo_code", entityId: before.id, name: before.code, userId: caller.user.id }),
    );
    if (result === "notFound") throw new HttpError(404, say(caller.lang, "api.notFound"));
    if (result === "used") throw new HttpError(409, say(caller.lang, "api.used"));
    return { status: 200, body: { message: say(caller.lang, "api.deleted") } };
  },
});

/** PUT /api/admin/discounts/settings: `{ siblingPercent }` → 200. */
export const saveDiscountSettings = defineEndpoint({
  method: "PUT",
  path: "/api/admin/discounts/settings",
  access: "admin",
  input: siblingSchema,
  async run({ deps: { db }, caller }, input) {
    const before = await siblingPercent(db);
    await db.transaction().execute(async (trx) => {
      await saveSiblingPercent(trx, input.siblingPercent);
      await recordAudit(trx, {
        action: "update",
        entity: "settings",
        entityId: "discounts",
        changes: diffFields({ siblingPercent: before }, input),
        userId: caller.user.id,
      });
    });
    return { status: 200, body: { message: say(caller.lang, "api.settingsSaved"), siblingPercent: input.siblingPercent } };
  },
});

/** PUT /api/admin/discounts/early-prices/:kind/:id: a course's or camp's early-booking price → 200. */
export const saveEarlyPrice = defineEndpoint({
  method: "PUT",
  path: "/api/admin/discounts/early-prices/:kind/:id",
  access: "admin",
  params: earlyPriceParams,
  input: earlyPriceSchema,
  async run({ deps: { db }, caller, params }, input) {
    const before = await setEarlyPrice(db, params, input, (trx, old) =>
      recordAudit(trx, {
        action: "update",
        entity: params.kind,
        entityId: params.id,
        changes: diffFields(old, { early_price_minor: input.earlyPriceMinor, early_price_until: input.earlyPriceUntil }),
        userId: caller.user.id,
      }),
    );
    if (!before) throw new HttpError(404, say(caller.lang, "api.offerNotFound"));
    return { status: 200, body: { message: say(caller.lang, "api.earlyPriceSaved"), ...input } };
  },
});

/** GET /api/admin/promo-codes → { promoCodes }. */
export const listPromoCodes = defineEndpoint({
  method: "GET",
  path: "/api/admin/promo-codes",
  access: "admin",
  input: z.object({}),
  run: async ({ deps: { db } }) => ({ status: 200, body: { promoCodes: await listPromos(db) } }),
});

/** GET /api/admin/promo-codes/{id} → the code and its uses. */
export const readPromoCode = defineEndpoint({
  method: "GET",
  path: "/api/admin/promo-codes/:id",
  access: "admin",
  params: promoParams,
  notFound: { ns: "discounts", key: "api.notFound" },
  input: z.object({}),
  async run({ deps: { db }, caller, params: { id } }) {
    const found = await getPromo(db, id);
    if (!found) throw new HttpError(404, say(caller.lang, "api.notFound"));
    return { status: 200, body: { ...found } };
  },
});

/** GET /api/admin/discounts/settings → { siblingPercent }. */
export const readDiscountSettings = defineEndpoint({
  method: "GET",
  path: "/api/admin/discounts/settings",
  access: "admin",
  input: z.object({}),
  run: async ({ deps: { db } }) => ({ status: 200, body: { siblingPercent: await siblingPercent(db) } }),
});

/** GET /api/admin/discounts/early-prices → every course's and camp's early-booking price. */
export const listEarlyPrices = defineEndpoint({
  method: "GET",
  path: "/api/admin/discounts/early-prices",
  access: "admin",
  input: z.object({}),
  run: async ({ deps: { db } }) => ({ status: 200, body: { ...(await listOfferPrices(db)) } }),
});

export const discountEndpoints = [
  quotePrice,
  createPromoCode,
  updatePromoCode,
  deletePromoCode,
  saveDiscountSettings,
  saveEarlyPrice,
  listPromoCodes,
  readPromoCode,
  readDiscountSettings,
  listEarlyPrices,
];

/** The discounts API: the public quote and the staff's codes, sibling setting and early-booking prices. */
export function discountsApi(deps: EndpointDeps): Router {
  const router = Router();
  router.use(jsonRoutes(deps, discountEndpoints));
  return router;
}
