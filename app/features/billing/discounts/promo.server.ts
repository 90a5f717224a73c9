import { sql, type Selectable } from "kysely";
import type { DB } from "~server/db/db";
import type { PromoCodesTable } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import type { CurrencyCode } from "~/lib/money";
import { percentOf, type OfferKind } from "./money";
import { normalisePromoCode, PROMO_CODE_PATTERN } from "./promo-code";

export type PromoRow = Selectable<PromoCodesTable>;

/** Why a code gives no discount, each a message in the `discounts` namespace (`problem.*`). */
export type PromoProblem = "unknown" | "notYet" | "expired" | "usedUp" | "familyUsedUp" | "notForOffer";

/**
 * A family, for the per-family limit: the enrolment's e-mail address, trimmed and lower case (every
 * enrolment, signed in or not, carries one; decision 087). Billing's ledger keys families the same way.
 */
export const familyKeyOf = (email: string): string => email.trim().toLowerCase();

/** A code as typed, found by its normalised text; undefined for one that cannot be a code or is not stored. */
export async function findPromo(db: DB, typed: string): Promise<PromoRow | undefined> {
  const code = normalisePromoCode(typed);
  if (!PROMO_CODE_PATTERN.test(code)) return undefined;
  return db.selectFrom("promo_codes").selectAll().where("code", "=", code).executeTakeFirst();
}

/** What keeps a stored code from this offer today (`today`: the academy's yyyy-mm-dd), the overall limit included. */
export function problemOf(row: PromoRow | undefined, offer: { kind: OfferKind; currency: CurrencyCode }, today: string): PromoProblem | null {
  if (!row || row.active !== 1) return "unknown";
  if ((row.applies_to === "courses" && offer.kind !== "section") || (row.applies_to === "camp" && offer.kind !== "camp")) return "notForOffer";
  // An amount is in one currency: it does not apply to an offer priced in another.
  if (row.kind === "amount" && row.currency !== offer.currency) return "notForOffer";
  if (row.valid_from && today < row.valid_from) return "notYet";
  if (row.valid_until && today > row.valid_until) return "expired";
  if (row.uses >= row.max_uses) return "usedUp";
  return null;
}

/** The code's discount on what is left to pay (minor units): a percent rounded half up, an amount at most what is left. */
export const discountOf = (row: Pick<PromoRow, "kind" | "percent" | "amount_minor">, leftMinor: number): number =>
  Math.min(leftMinor, row.kind === "percent" ? percentOf(leftMinor, row.percent ?? 0) : (row.amount_minor ?? 0));

/** How often a family used a code. */
export async function familyUses(db: DB, promoId: number, familyKey: string): Promise<number> {
  const row = await db.selectFrom("promo_family_uses").select("uses").where("promo_id", "=", promoId).where("family_key", "=", familyKey).executeTakeFirst();
  return row?.uses ?? 0;
}

export type Redeemed = { ok: true; promo: PromoRow; discountMinor: number } | { ok: false; problem: PromoProblem };

/**
 * Uses a code once for an enrolment, inside that enrolment's transaction (`trx`), or not at all.
 * Both limits are counters raised by one conditional UPDATE each (`uses < max_uses`, then the
 * family's `uses < per_family`): the database decides under the row's lock, so many families
 * applying the last use at once get exactly the uses left, on SQLite (one writer at a time) and on
 * PostgreSQL (a waiting UPDATE re-reads the row and its condition). A refusal after the first
 * UPDATE leaves it to the caller to roll the transaction back (nothing is counted then).
 */
export async function redeemPromo(
  trx: DB,
  redemption: { code: string; offer: { kind: OfferKind; currency: CurrencyCode }; enrolmentId: number; familyKey: string; leftMinor: number; today: string },
): Promise<Redeemed> {
  const seen = await findPromo(trx, redemption.code);
  const early = problemOf(seen, redemption.offer, redemption.today);
  if (early || !seen) return { ok: false, problem: early ?? "unknown" };
  const now = nowIso();
  const promo = await trx
    .updateTable("promo_codes")
    .set({ uses: sql`uses + 1`, updated_at: now })
    .where("id", "=", seen.id)
    .where("active", "=", 1)
    .where((eb) => eb("uses", "<", eb.ref("max_uses")))
    .returningAll()
    .executeTakeFirst();
  if (!promo) return { ok: false, problem: "usedUp" };
  await trx
    .insertInto("promo_family_uses")
    .values({ promo_id: promo.id, family_key: redemption.familyKey, uses: 0 })
    .onConflict((oc) => oc.columns(["promo_id", "family_key"]).doNothing())
    .execute();
  const family = await trx
    .updateTable("promo_family_uses")
    .set({ uses: sql`uses + 1` })
    .where("promo_id", "=", promo.id)
    .where("family_key", "=", redemption.familyKey)
    .where("uses", "<", promo.per_family)
    .returning("uses")
    .executeTakeFirst();
  if (!family) return { ok: false, problem: "familyUsedUp" };
  const discountMinor = discountOf(promo, redemption.leftMinor);
  await trx
    .insertInto("promo_redemptions")
    .values({
      promo_id: promo.id,
      family_key: redemption.familyKey,
      offer_kind: redemption.offer.kind,
      enrolment_id: redemption.enrolmentId,
      amount_minor: discountMinor,
      currency: redemption.offer.currency,
      created_at: now,
    })
    .execute();
  return { ok: true, promo, discountMinor };
}

/** A refused code inside an enrolment's transaction: thrown so the whole enrolment rolls back. */
export class PromoRefused extends Error {
  constructor(readonly problem: PromoProblem) {
    super(`promo code refused: ${problem}`);
  }
}

/**
 * Gives back the code uses an enrolment reserved (decision 100), inside the transaction that ends it
 * with nothing paid: its redemptions are marked released (kept, so a late payment can take the same
 * code again) and both counters drop by one each, never below zero, so the use is free again for
 * everyone and for the family. A use whose enrolment was paid is kept.
 */
export async function releasePromoUses(trx: DB, enrolment: { offerKind: OfferKind; id: number }): Promise<number> {
  const now = nowIso();
  const released = await trx
    .updateTable("promo_redemptions")
    .set({ released_at: now })
    .where("offer_kind", "=", enrolment.offerKind)
    .where("enrolment_id", "=", enrolment.id)
    .where("released_at", "is", null)
    .returning(["promo_id", "family_key"])
    .execute();
  for (const use of released) {
    await trx
      .updateTable("promo_codes")
      .set({ uses: sql`uses - 1`, updated_at: now })
      .where("id", "=", use.promo_id)
      .where("uses", ">", 0)
      .execute();
    await trx
      .updateTable("promo_family_uses")
      .set({ uses: sql`uses - 1` })
      .where("promo_id", "=", use.promo_id)
      .where("family_key", "=", use.family_key)
      .where("uses", ">", 0)
      .execute();
  }
  return released.length;
}

/**
 * A payment came after the enrolment's hold ran out and would bring it back (issue 38 item 4: the
 * code is checked again when the payment arrives): the use given back is taken again, by the same
 * conditional UPDATEs as redeemPromo (the code's limit, then the family's), in the payment's
 * transaction. `none`: no code was given back; `retaken`; `usedUp`: the code (or the family's share)
 * has no use left now, so the price the family paid no longer holds and nothing is counted.
 */
export async function retakePromoUses(trx: DB, enrolment: { offerKind: OfferKind; id: number }): Promise<"none" | "retaken" | "usedUp"> {
  const use = await trx
    .selectFrom("promo_redemptions")
    .select(["id", "promo_id", "family_key"])
    .where("offer_kind", "=", enrolment.offerKind)
    .where("enrolment_id", "=", enrolment.id)
    .where("released_at", "is not", null)
    .executeTakeFirst();
  if (!use) return "none";
  const now = nowIso();
  const promo = await trx
    .updateTable("promo_codes")
    .set({ uses: sql`uses + 1`, updated_at: now })
    .where("id", "=", use.promo_id)
    .where((eb) => eb("uses", "<", eb.ref("max_uses")))
    .returning("per_family")
    .executeTakeFirst();
  if (!promo) return "usedUp";
  await trx
    .insertInto("promo_family_uses")
    .values({ promo_id: use.promo_id, family_key: use.family_key, uses: 0 })
    .onConflict((oc) => oc.columns(["promo_id", "family_key"]).doNothing())
    .execute();
  const family = await trx
    .updateTable("promo_family_uses")
    .set({ uses: sql`uses + 1` })
    .where("promo_id", "=", use.promo_id)
    .where("family_key", "=", use.family_key)
    .where("uses", "<", promo.per_family)
    .executeTakeFirst();
  if (Number(family.numUpdatedRows) !== 1) {
    await trx
      .updateTable("promo_codes")
      .set({ uses: sql`uses - 1`, updated_at: now })
      .where("id", "=", use.promo_id)
      .where("uses", ">", 0)
      .execute();
    return "usedUp";
  }
  await trx.updateTable("promo_redemptions").set({ released_at: null }).where("id", "=", use.id).execute();
  return "retaken";
}
