import type { DB } from "~server/db/db";
import { fromDbJson, nowIso, toDbJson } from "~server/db/values";
import { diffFields, recordAudit } from "~server/audit/audit";
import { HttpError } from "~server/http/errors";
import { serverT } from "~server/i18n";
import { siteSettingsSchema, type SiteSettings } from "~/features/site/settings.schema";
import type { Lang } from "~/i18n/lang";
import { v } from "~/lib/validation";
import { batchesFollowStart, deriveCampBatches, type CampBatch } from "~/features/camp/batches";
import { getSiteSettings, putSiteSetting } from "~/features/site/site.server";
import { phoneFitsCountry, type CampForm, type SettingsUpdate } from "./settings.schema";
import { storedSettings } from "~/features/site/queries.server";

/** Saving the site settings and the summer camps from the admin area. */

/**
 * Saves the settings a change names, keeping the others as stored (decision 116): one row per
 * changed key, and one audit entry before → after, in the same transaction. Refuses (400, nothing
 * written) an academy phone that is not a number of the phone country the save leaves.
 */
export async function saveSiteSettings(db: DB, change: SettingsUpdate, userId: number, lang: Lang): Promise<SiteSettings> {
  return db.transaction().execute(async (trx) => {
    const rows = await storedSettings(trx);
    const before = siteSettingsSchema.parse(Object.fromEntries(rows.map((row) => [row.key, fromDbJson<unknown>(row.value, null)])));
    const defined = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
    const after: SiteSettings = { ...before, ...defined };
    // Only a save that names either: another page's save must not fail on a phone it does not show.
    if (("phone" in defined || "phoneCountry" in defined) && !phoneFitsCountry(after.phone, after.phoneCountry)) {
      throw new HttpError(400, serverT(lang, "validation", "summary"), { phone: serverT(lang, "validation", v.phone) });
    }
    const changes = diffFields(before, defined);
    const now = nowIso();
    for (const key of Object.keys(changes)) await putSiteSetting(trx, key, after[key as keyof SiteSettings], now);
    if (Object.keys(changes).length > 0) await recordAudit(trx, { userId, action: "update", entity: "settings", entityId: "site", changes });
    return after;
  });
}

type Pair = { en: string; ar: string };

interface AdminCamp extends CampForm {
  id: number;
  slug: string;
}

/** A camp row in the shape of the staff form (both languages). */
export async function getAdminCamp(db: DB, id: number): Promise<AdminCamp | undefined> {
  const row = await db.selectFrom("camps").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const stored = fromDbJson<{ topic: Pair; activities: Pair; outcome: Pair }[]>(row.curriculum, []);
  const empty = { en: "", ar: "" };
  return {
    id: row.id,
    slug: row.slug,
    title: { en: row.title_en, ar: row.title_ar },
    grades: { en: row.grades_en, ar: row.grades_ar },
    duration: { en: row.duration_en, ar: row.duration_ar },
    price: row.price,
    currency: row.currency as CampForm["currency"],
    oldPrice: row.old_price,
    discount: row.discount,
    features: fromDbJson<Pair[]>(row.features, []),
    batches: fromDbJson<{ value: string; en: string; ar: string }[]>(row.batches, []),
    // Always ten sessions in the editor, even if a stored curriculum is short.
    curriculum: Array.from({ length: 10 }, (_, i) => ({
      topic: stored[i]?.topic ?? empty,
      activities: stored[i]?.activities ?? empty,
      outcome: stored[i]?.outcome ?? empty,
    })),
  };
}

export async function listAdminCamps(db: DB): Promise<{ id: number; slug: string; title: string; grades: string; price: number; currency: string }[]> {
  const rows = await db.selectFrom("camps").select(["id", "slug", "title_en", "grades_en", "price", "currency"]).orderBy("sort").orderBy("id").execute();
  return rows.map((row) => ({ id: row.id, slug: row.slug, title: row.title_en, grades: row.grades_en, price: row.price, currency: row.currency }));
}

/** The camps whose batches are not the ones the season's start date gives (decision 037). */
export async function campsOffStartDate(db: DB, startIso: string): Promise<{ id: number; title: Pair }[]> {
  const rows = await db.selectFrom("camps").select(["id", "title_en", "title_ar", "batches"]).orderBy("sort").orderBy("id").execute();
  return rows
    .filter((row) => !batchesFollowStart(fromDbJson<CampBatch[]>(row.batches, []), startIso))
    .map((row) => ({ id: row.id, title: { en: row.title_en, ar: row.title_ar } }));
}

/**
 * Replaces a camp's batches with the ones derived from the season's start date, through the
 * ordinary save (so the audit log shows batches before → after). False when there is no such camp.
 */
export async function setCampBatchesFromStartDate(db: DB, id: number, userId: number): Promise<boolean> {
  const [camp, { campStartDate }] = await Promise.all([getAdminCamp(db, id), getSiteSettings(db)]);
  if (!camp) return false;
  const { id: _id, slug: _slug, ...form } = camp;
  return saveCamp(db, id, { ...form, batches: deriveCampBatches(campStartDate) }, userId);
}

/** Saves a camp; false when there is no such camp. */
export async function saveCamp(db: DB, id: number, camp: CampForm, userId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("camps").selectAll().where("id", "=", id).executeTakeFirst();
    if (!before) return false;
    const values = {
      title_en: camp.title.en,
      title_ar: camp.title.ar,
      grades_en: camp.grades.en,
      grades_ar: camp.grades.ar,
      duration_en: camp.duration.en,
      duration_ar: camp.duration.ar,
      price: camp.price,
      ...(camp.currency ? { currency: camp.currency } : {}),
      old_price: camp.oldPrice,
      discount: camp.discount,
      features: toDbJson(camp.features),
      batches: toDbJson(camp.batches),
      curriculum: toDbJson(camp.curriculum.map((session, i) => ({ session: i + 1, ...session }))),
    };
    await trx
      .updateTable("camps")
      .set({ ...values, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    await recordAudit(trx, {
      userId,
      action: "update",
      entity: "camp",
      entityId: id,
      name: camp.title.en || camp.title.ar,
      changes: diffFields(before, values),
    });
    return true;
  });
}
