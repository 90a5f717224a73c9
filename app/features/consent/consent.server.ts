import { sql } from "kysely";
import { openPickup, sealAnswerNotes, sealPickup } from "./children-data.server";
import type { DB, Trx } from "~server/db/db";
import type { ConsentKind } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { mac, sameMac } from "~server/security/signed";
import { newToken } from "~server/security/one-time-links";
import type { Lang } from "~/i18n/lang";
import { childKey } from "~/lib/child-key";
import { toE164 } from "~/lib/validation";
import { PICKUP_ROWS, consentField, type ConsentFormView } from "./consent-fields";

export type { ConsentFormView };

/** Bounds of the parent's free texts. */
const NOTE_MAX = 1000;
const NAME_MAX = 100;
const PIN_SHAPE = /^\d{4,6}$/;

/** Texts in `lang`, the English one when the Arabic was left empty. */
const textIn = (lang: Lang, en: string, ar: string) => (lang === "ar" && ar.trim() ? ar : en);

/** The active forms' current versions, required first (the enrolment forms' fieldset). */
export async function currentConsentForms(db: DB, lang: Lang): Promise<ConsentFormView[]> {
  const rows = await db
    .selectFrom("consent_forms as f")
    .innerJoin("consent_versions as v", (join) => join.onRef("v.form_id", "=", "f.id").onRef("v.version", "=", "f.current_version"))
    .select(["f.id as formId", "v.id as versionId", "v.version", "f.kind", "f.required", "v.title_en", "v.title_ar", "v.body_en", "v.body_ar"])
    .where("f.active", "=", 1)
    .orderBy("f.required", "desc")
    .orderBy("f.id")
    .execute();
  return rows.map((r) => ({
    formId: r.formId,
    versionId: r.versionId,
    version: r.version,
    kind: r.kind,
    required: r.required === 1,
    title: textIn(lang, r.title_en, r.title_ar),
    body: textIn(lang, r.body_en, r.body_ar),
  }));
}

/** The versions this child (parent's e-mail + child's name) has answered. */
export async function answeredVersions(db: DB, email: string, childName: string): Promise<Set<number>> {
  const rows = await db
    .selectFrom("consent_answers")
    .select("version_id")
    .where(sql<boolean>`lower(email) = ${email.trim().toLowerCase()}`)
    .where("child_key", "=", childKey(childName))
    .execute();
  return new Set(rows.map((r) => r.version_id));
}

/** The forms to show a child: all current ones, less those this child (when known) answered in their current version. */
export async function consentFormsToAsk(db: DB, lang: Lang, email?: string, childName?: string): Promise<ConsentFormView[]> {
  const forms = await currentConsentForms(db, lang);
  if (!email || !childName || forms.length === 0) return forms;
  const answered = await answeredVersions(db, email, childName);
  return forms.filter((form) => !answered.has(form.versionId));
}

/** One answer as read from a post, before it is stored. */
export interface ConsentAnswerInput {
  formId: number;
  versionId: number;
  agreed: boolean;
  allergies: string;
  medical: string;
  pickups: { name: string; phone: string; pin: string }[];
}

type Say = (key: string, values?: Record<string, string | number>) => string;

const text = (raw: Record<string, unknown>, name: string): string => {
  const value = raw[name];
  return typeof value === "string" ? value.trim() : "";
};

/**
 * Reads the consent part of a post: for each asked form, its answer, or the field's message. A
 * form this child already answered in its current version is not asked again (its fields may be
 * left empty); filled in anyway, the new answer is kept (a changed pickup list).
 */
export function readConsent(
  raw: Record<string, unknown>,
  forms: readonly ConsentFormView[],
  answered: ReadonlySet<number>,
  phoneCountry: string,
  say: Say,
): { answers: ConsentAnswerInput[]; errors: Record<string, string> } {
  const answers: ConsentAnswerInput[] = [];
  const errors: Record<string, string> = {};
  for (const form of forms) {
    const field = (part?: string) => consentField(form.versionId, part);
    const agreed = text(raw, field()) === "yes";
    const done = answered.has(form.versionId);
    if (done && !agreed) continue;
    if (!agreed) {
      if (form.required) errors[field()] = say("api.mustAgree", { title: form.title });
      // An optional form left unticked is an answer too: declined (a media release refused).
      else answers.push({ formId: form.formId, versionId: form.versionId, agreed: false, allergies: "", medical: "", pickups: [] });
      continue;
    }
    const answer: ConsentAnswerInput = { formId: form.formId, versionId: form.versionId, agreed: true, allergies: "", medical: "", pickups: [] };
    if (form.kind === "medical") {
      for (const part of ["allergies", "medical"] as const) {
        const value = text(raw, field(part));
        if (value.length > NOTE_MAX) errors[field(part)] = say("api.tooLong", { max: NOTE_MAX });
        answer[part] = value;
      }
    }
    if (form.kind === "pickup") {
      for (let row = 1; row <= PICKUP_ROWS; row++) {
        const name = text(raw, field(`name${row}`));
        const phoneText = text(raw, field(`phone${row}`));
        const pin = text(raw, field(`pin${row}`));
        if (!name && !phoneText && !pin) continue;
        if (!name) errors[field(`name${row}`)] = say("api.pickupName");
        else if (name.length > NAME_MAX) errors[field(`name${row}`)] = say("api.tooLong", { max: NAME_MAX });
        const phone = phoneText.length <= 30 ? toE164(phoneText, phoneCountry) : undefined;
        if (!phone) errors[field(`phone${row}`)] = say("api.pickupPhone");
        if (pin && !PIN_SHAPE.test(pin)) errors[field(`pin${row}`)] = say("api.pinShape");
        if (name && phone) answer.pickups.push({ name, phone, pin });
      }
      if (answer.pickups.length === 0 && !errors[field("name1")] && !errors[field("phone1")]) errors[field("name1")] = say("api.pickupNone");
    }
    answers.push(answer);
  }
  return { answers, errors };
}

/** A PIN as kept: a random salt and the MAC of salt and PIN under SESSION_SECRET (never the PIN). */
export function pinHash(secret: string, pin: string): string {
  const salt = newToken().slice(0, 16);
  return `${salt}.${mac(secret, "pickup-pin", salt, pin)}`;
}

/** Whether `pin` is the one behind `stored`. */
export function pinMatches(secret: string, stored: string, pin: string): boolean {
  const [salt, expected] = stored.split(".");
  return Boolean(salt && expected && PIN_SHAPE.test(pin)) && sameMac(mac(secret, "pickup-pin", salt!, pin), expected!);
}

/** Who gave the answers, for whom, from which enrolment. */
export interface Signature {
  email: string;
  childName: string;
  signerName: string;
  userId: number | null;
  lang: Lang;
  enrolmentId?: number;
  enrollmentId?: number;
}

/** Stores the answers (in the caller's transaction, with the enrolment they belong to). */
export async function saveConsentAnswers(trx: Trx, secret: string, answers: readonly ConsentAnswerInput[], who: Signature): Promise<void> {
  const signedAt = nowIso();
  for (const answer of answers) {
    const row = await trx
      .insertInto("consent_answers")
      .values({
        version_id: answer.versionId,
        form_id: answer.formId,
        email: who.email.trim(),
        child_key: childKey(who.childName),
        child_name: who.childName.trim(),
        signer_name: who.signerName.trim(),
        user_id: who.userId,
        lang: who.lang,
        agreed: answer.agreed ? 1 : 0,
        // Sealed at rest (decision 102).
        ...sealAnswerNotes({ allergies: answer.allergies, medical: answer.medical }),
        enrolment_id: who.enrolmentId ?? null,
        camp_enrolment_id: who.enrollmentId ?? null,
        signed_at: signedAt,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const person of answer.pickups) {
      await trx
        .insertInto("consent_pickups")
        .values({ answer_id: row.id, ...sealPickup({ name: person.name, phone: person.phone }), pin_hash: person.pin ? pinHash(secret, person.pin) : null })
        .execute();
    }
  }
}

/** The newest answer of a kind for each child key of one e-mail (what the academy must know now). */
export async function latestAnswerOf(db: DB, kind: ConsentKind, email: string, childName: string) {
  return db
    .selectFrom("consent_answers as a")
    .innerJoin("consent_forms as f", "f.id", "a.form_id")
    .selectAll("a")
    .where("f.kind", "=", kind)
    .where("a.agreed", "=", 1)
    .where(sql<boolean>`lower(a.email) = ${email.trim().toLowerCase()}`)
    .where("a.child_key", "=", childKey(childName))
    .orderBy("a.id", "desc")
    .executeTakeFirst();
}

/** A child's authorised pickup people (the newest pickup answer's), without their PIN hashes. */
export async function pickupPeople(
  db: DB,
  email: string,
  childName: string,
): Promise<{ id: number; name: string; phone: string; hasPin: boolean; pinLocked: boolean }[]> {
  const answer = await latestAnswerOf(db, "pickup", email, childName);
  if (!answer) return [];
  const rows = await db
    .selectFrom("consent_pickups")
    .select(["id", "name", "phone", "pin_hash", "pin_locked_at"])
    .where("answer_id", "=", answer.id)
    .orderBy("id")
    .execute();
  return rows.map(openPickup).map((r) => ({ id: r.id, name: r.name, phone: r.phone, hasPin: r.pin_hash !== null, pinLocked: r.pin_locked_at !== null }));
}
