import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import type { ConsentFormInput, ConsentFormUpdate } from "./consent.schema";

/** A form with its current texts, for staff. */
export async function listConsentForms(db: DB) {
  return db
    .selectFrom("consent_forms as f")
    .innerJoin("consent_versions as v", (join) => join.onRef("v.form_id", "=", "f.id").onRef("v.version", "=", "f.current_version"))
    .select(["f.id", "f.kind", "f.required", "f.active", "f.current_version", "v.title_en", "v.title_ar", "v.body_en", "v.body_ar", "v.created_at"])
    .orderBy("f.id")
    .limit(100)
    .execute();
}

export async function findConsentForm(db: DB, id: number) {
  const form = (await listConsentForms(db)).find((row) => row.id === id);
  if (!form) return undefined;
  const versions = await db
    .selectFrom("consent_versions as v")
    .leftJoin("consent_answers as a", "a.version_id", "v.id")
    .select((eb) => ["v.id", "v.version", "v.title_en", "v.created_at", eb.fn.count<number>("a.id").as("answers")])
    .where("v.form_id", "=", id)
    .groupBy(["v.id", "v.version", "v.title_en", "v.created_at"])
    .orderBy("v.version", "desc")
    .execute();
  return { ...form, versions: versions.map((row) => ({ ...row, answers: Number(row.answers) })) };
}

/** A new form and its version 1. */
export async function createConsentForm(trx: DB, input: ConsentFormInput, userId: number): Promise<number> {
  const now = nowIso();
  const form = await trx
    .insertInto("consent_forms")
    .values({ kind: input.kind, required: input.required ? 1 : 0, active: 1, current_version: 1, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("consent_versions")
    .values({
      form_id: form.id,
      version: 1,
      title_en: input.titleEn,
      title_ar: input.titleAr,
      body_en: input.bodyEn,
      body_ar: input.bodyAr,
      created_by: userId,
      created_at: now,
    })
    .execute();
  return form.id;
}

/**
 * Saves a form's edit. Changed texts are a new version (the old one and its answers stay as they
 * were; every child is asked the new one at their next enrolment); required/active change in place.
 */
export async function updateConsentForm(trx: DB, id: number, input: ConsentFormUpdate, userId: number) {
  const before = await trx
    .selectFrom("consent_forms as f")
    .innerJoin("consent_versions as v", (join) => join.onRef("v.form_id", "=", "f.id").onRef("v.version", "=", "f.current_version"))
    .select(["f.required", "f.active", "f.current_version", "v.title_en", "v.title_ar", "v.body_en", "v.body_ar"])
    .where("f.id", "=", id)
    .executeTakeFirst();
  if (!before) return undefined;
  const textsChanged =
    before.title_en !== input.titleEn || before.title_ar !== input.titleAr || before.body_en !== input.bodyEn || before.body_ar !== input.bodyAr;
  const now = nowIso();
  let version = before.current_version;
  if (textsChanged) {
    version += 1;
    await trx
      .insertInto("consent_versions")
      .values({
        form_id: id,
        version,
        title_en: input.titleEn,
        title_ar: input.titleAr,
        body_en: input.bodyEn,
        body_ar: input.bodyAr,
        created_by: userId,
        created_at: now,
      })
      .execute();
  }
  await trx
    .updateTable("consent_forms")
    .set({ required: input.required ? 1 : 0, active: input.active ? 1 : 0, current_version: version, updated_at: now })
    .where("id", "=", id)
    .execute();
  return {
    before: { required: before.required === 1, active: before.active === 1, version: before.current_version },
    after: { required: input.required, active: input.active, version },
  };
}
