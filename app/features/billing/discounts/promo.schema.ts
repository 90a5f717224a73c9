import { MAX_RECORD_ID, recordId } from "~/lib/record-id";
import { z } from "zod";
import { v } from "~/lib/validation";
import { CURRENCY_CODES } from "~/lib/money";
import { normalisePromoCode, PROMO_CODE_PATTERN } from "./promo-code";

const isoDate = z.iso.date({ error: v.date });
const count = (max: number) => z.number({ error: v.required }).int(v.invalid).min(1, v.invalid).max(max, v.invalid);
export const MAX_PROMO_USES = 100_000;

/** The code as typed: normalised (promo-code.ts), then letters, digits and hyphens, 3 to 32. */
export const promoCodeField = z
  .string({ error: v.required })
  .max(64, v.tooLong)
  .transform(normalisePromoCode)
  .pipe(z.string().min(1, v.required).regex(PROMO_CODE_PATTERN, v.invalid));

/**
 * Staff: a promo code (decision 087). An amount is in minor units of one currency; a percent is
 * whole, 1 to 100. Days are the academy's calendar, both ends included, either left open.
 */
export const promoSchema = z
  .object({
    code: promoCodeField,
    kind: z.enum(["amount", "percent"], { error: v.choice }),
    amountMinor: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(100_000_000, v.invalid).nullable().optional().default(null),
    currency: z.enum(CURRENCY_CODES, { error: v.choice }).nullable().optional().default(null),
    percent: z.number({ error: v.invalid }).int(v.invalid).min(1, v.invalid).max(100, v.invalid).nullable().optional().default(null),
    appliesTo: z.enum(["all", "courses", "camp"], { error: v.choice }).optional().default("all"),
    validFrom: isoDate.nullable().optional().default(null),
    validUntil: isoDate.nullable().optional().default(null),
    maxUses: count(MAX_PROMO_USES),
    perFamily: count(100).optional().default(1),
    active: z.boolean({ error: v.invalid }).optional().default(true),
  })
  .refine((p) => p.kind !== "amount" || p.amountMinor !== null, { path: ["amountMinor"], message: v.required })
  .refine((p) => p.kind !== "amount" || p.currency !== null, { path: ["currency"], message: v.choice })
  .refine((p) => p.kind !== "percent" || p.percent !== null, { path: ["percent"], message: v.required })
  .refine((p) => p.validFrom === null || p.validUntil === null || p.validUntil >= p.validFrom, { path: ["validUntil"], message: v.date })
  // The other kind's value is dropped, so a stored code is one or the other.
  .transform((p) => (p.kind === "amount" ? { ...p, percent: null } : { ...p, amountMinor: null, currency: null }));
export type PromoInput = z.output<typeof promoSchema>;

/** A promo code's path id: the shared record-id rule. */
export { idParams as promoParams } from "~/lib/record-id";

/** The largest sibling discount staff can set. */
export const MAX_SIBLING_PERCENT = 50;

/** Staff: the sibling discount, percent off the 2nd and later child (0: none). */
export const siblingSchema = z.object({ siblingPercent: z.number({ error: v.required }).int(v.invalid).min(0, v.invalid).max(MAX_SIBLING_PERCENT, v.invalid) });

/** Staff: an offer's early-booking price (minor units) and its last day; both null: none. */
export const earlyPriceSchema = z
  .object({
    earlyPriceMinor: z.number({ error: v.invalid }).int(v.invalid).min(0, v.invalid).max(100_000_000, v.invalid).nullable(),
    earlyPriceUntil: isoDate.nullable(),
  })
  .refine((e) => (e.earlyPriceMinor === null) === (e.earlyPriceUntil === null), { path: ["earlyPriceUntil"], message: v.required });
export const earlyPriceParams = z.object({ kind: z.enum(["course", "camp"]), id: recordId });

/** Anyone: the price of an offer before paying, with a code if one is typed. */
export const quoteSchema = z.object({
  offer: z.enum(["section", "camp"], { error: v.choice }),
  offerId: z.number({ error: v.required }).int(v.invalid).positive(v.invalid).max(MAX_RECORD_ID, v.invalid),
  code: z.string({ error: v.invalid }).max(64, v.tooLong).optional().default(""),
  childName: z.string({ error: v.invalid }).trim().max(100, v.tooLong).optional().default(""),
  childId: z.number({ error: v.invalid }).int(v.invalid).positive(v.invalid).max(MAX_RECORD_ID, v.invalid).nullable().optional().default(null),
});
