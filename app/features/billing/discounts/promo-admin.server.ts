import type { DB } from "~server/db/db";
import { isUniqueViolation } from "~server/db/errors";
import { nowIso } from "~server/db/values";
import type { PromoRow } from "./promo.server";
import type { PromoInput } from "./promo.schema";
import { coursePrices } from "~/features/admin-content/queries.server";
import { campPrices } from "~/features/admin/queries.server";

/** Most codes the staff list shows (newest first); more than any academy runs at once. */
export const PROMO_LIST_LIMIT = 500;
/** Most redemptions one code's page lists (newest first). */
export const REDEMPTIONS_SHOWN = 100;

/** A stored code in the API's shape. */
export const promoView = (row: PromoRow) => ({
  id: row.id,
  code: row.code,
  kind: row.kind,
  amountMinor: row.amount_minor,
  currency: row.currency,
  percent: row.percent,
  appliesTo: row.applies_to,
  validFrom: row.valid_from,
  validUntil: row.valid_until,
  maxUses: row.max_uses,
  perFamily: row.per_family,
  uses: row.uses,
  active: row.active === 1,
});
export type PromoView = ReturnType<typeof promoView>;

const columns = (input: PromoInput) => ({
  code: input.code,
  kind: input.kind,
  amount_minor: input.amountMinor,
  currency: input.currency,
  percent: input.percent,
  applies_to: input.appliesTo,
  valid_from: input.validFrom,
  valid_until: input.validUntil,
  max_uses: input.maxUses,
  per_family: input.perFamily,
  active: input.active ? 1 : 0,
});

export async function listPromos(db: DB): Promise<PromoView[]> {
  const rows = await db.selectFrom("promo_codes").selectAll().orderBy("id", "desc").limit(PROMO_LIST_LIMIT).execute();
  return rows.map(promoView);
}

export async function getPromo(db: DB, id: number) {
  const row = await db.selectFrom("promo_codes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const redemptions = await db
    .selectFrom("promo_redemptions")
    .select([
      "id",
      "family_key as family",
      "offer_kind as offer",
      "enrolment_id as enrolmentId",
      "amount_minor as amountMinor",
      "currency",
      "created_at as createdAt",
    ])
    .where("promo_id", "=", id)
    // A use given back (its enrolment ended unpaid) is no use.
    .where("released_at", "is", null)
    .orderBy("id", "desc")
    .limit(REDEMPTIONS_SHOWN)
    .execute();
  return { promo: promoView(row), redemptions };
}

type Saved = { ok: true; before: PromoView | null; after: PromoView } | { ok: false; reason: "taken" | "notFound" | "belowUses"; uses?: number };

/** A new code, or the code `id` changed; its limit never below the uses it already has. */
export async function savePromo(
  db: DB,
  id: number | null,
  input: PromoInput,
  audit: (trx: DB, saved: { before: PromoView | null; after: PromoView }) => Promise<void>,
): Promise<Saved> {
  try {
    return await db.transaction().execute(async (trx): Promise<Saved> => {
      const now = nowIso();
      if (id === null) {
        const row = await trx
          .insertInto("promo_codes")
          .values({ ...columns(input), created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        const saved = { before: null, after: promoView(row) };
        await audit(trx, saved);
        return { ok: true, ...saved };
      }
      const before = await trx.selectFrom("promo_codes").selectAll().where("id", "=", id).executeTakeFirst();
      if (!before) return { ok: false, reason: "notFound" };
      // Conditional on the counter as it is under the row's lock: a redemption in between cannot slip past.
      const row = await trx
        .updateTable("promo_codes")
        .set({ ...columns(input), updated_at: now })
        .where("id", "=", id)
        .where("uses", "<=", input.maxUses)
        .returningAll()
        .executeTakeFirst();
      if (!row) return { ok: false, reason: "belowUses", uses: before.uses };
      const saved = { before: promoView(before), after: promoView(row) };
      await audit(trx, saved);
      return { ok: true, ...saved };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "taken" };
    throw error;
  }
}

/** Deletes a code nobody used; a used one stays (its redemptions price enrolments): staff switch it off instead. */
export async function deletePromo(db: DB, id: number, audit: (trx: DB, before: PromoView) => Promise<void>): Promise<"ok" | "notFound" | "used"> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("promo_codes").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return "notFound";
    const deleted = await trx.deleteFrom("promo_codes").where("id", "=", id).where("uses", "=", 0).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return "used";
    await audit(trx, promoView(before));
    return "ok";
  });
}

/** Every course and camp with its fee and early-booking price, for the staff screen. */
export async function listOfferPrices(db: DB) {
  const [courses, camps] = await Promise.all([coursePrices(db, 500), campPrices(db, 50)]);
  return { courses, camps };
}

/** Sets an offer's early-booking price; undefined when the course or camp does not exist. */
export async function setEarlyPrice(
  db: DB,
  offer: { kind: "course" | "camp"; id: number },
  price: { earlyPriceMinor: number | null; earlyPriceUntil: string | null },
  audit: (trx: DB, before: { early_price_minor: number | null; early_price_until: string | null }) => Promise<void>,
) {
  const table = offer.kind === "course" ? "courses" : "camps";
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom(table).select(["early_price_minor", "early_price_until"]).where("id", "=", offer.id).executeTakeFirst();
    if (!before) return undefined;
    await trx
      .updateTable(table)
      .set({ early_price_minor: price.earlyPriceMinor, early_price_until: price.earlyPriceUntil, updated_at: nowIso() })
      .where("id", "=", offer.id)
      .execute();
    await audit(trx, before);
    return before;
  });
}
