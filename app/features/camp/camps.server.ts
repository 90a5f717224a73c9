import type { Selectable } from "kysely";
import type { DB } from "~server/db/db";
import type { CampsTable } from "~server/db/schema";
import { fromDbJson } from "~server/db/values";
import type { Lang } from "~/i18n/lang";
import { pick, pickPair } from "~/i18n/localized";
import type { Camp } from "./camp";
import { campsInOrder } from "~/features/admin/queries.server";

type CampRow = Selectable<CampsTable>;
type Pair = { en: string; ar: string };

// Shapes of the JSON columns (see server/db/seed/camps.ts).
type StoredBatch = Pair & { value: string };
type StoredSession = { session: number; topic: Pair; activities: Pair; outcome: Pair };

export function toCamp(row: CampRow, lang: Lang): Camp {
  return {
    id: row.id,
    slug: row.slug,
    title: pick(row, "title", lang),
    grades: pick(row, "grades", lang),
    duration: pick(row, "duration", lang),
    price: row.price,
    currency: row.currency,
    oldPrice: row.old_price,
    discount: row.discount,
    features: fromDbJson<Pair[]>(row.features, []).map((feature) => pickPair(feature, lang)),
    // English shows the batch as the specification writes it ("1 July - 20th July").
    batches: batchesOf(row).map((batch) => ({ value: batch.value, label: lang === "ar" && batch.ar.trim() ? batch.ar : batch.value })),
    curriculum: fromDbJson<StoredSession[]>(row.curriculum, []).map((s) => ({
      session: s.session,
      topic: pickPair(s.topic, lang),
      activities: pickPair(s.activities, lang),
      outcome: pickPair(s.outcome, lang),
    })),
  };
}

function batchesOf(row: CampRow): StoredBatch[] {
  return fromDbJson<StoredBatch[]>(row.batches, []);
}

/** The session values an enrolment in this camp may choose. */
export function batchValues(row: CampRow): string[] {
  return batchesOf(row).map((batch) => batch.value);
}

async function campRows(db: DB): Promise<CampRow[]> {
  return campsInOrder(db);
}

/** Every camp, in display order. */
export async function listCamps(db: DB, lang: Lang): Promise<Camp[]> {
  return (await campRows(db)).map((row) => toCamp(row, lang));
}

/**
 * The camp a visitor means: by slug, or by its title in either language (the enrolment form
 * sends the title it showed). Compared in JavaScript so SQLite and PostgreSQL agree on case.
 */
export async function findCamp(db: DB, ref: string): Promise<CampRow | undefined> {
  const wanted = ref.trim().toLocaleLowerCase();
  if (!wanted) return undefined;
  return (await campRows(db)).find((row) => [row.slug, row.title_en, row.title_ar].some((name) => name.trim().toLocaleLowerCase() === wanted));
}
