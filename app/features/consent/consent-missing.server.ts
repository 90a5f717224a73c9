import { sql } from "kysely";
import type { DB } from "~server/db/db";
import { nowIso } from "~server/db/values";
import { serverT } from "~server/i18n";
import { z } from "zod";
import { defineMail, queueMail } from "~server/mail/mail-queue";
import { mailedToken, newMailedToken, tokenHash } from "~server/security/one-time-links";
import { languages, localizePath, type Lang } from "~/i18n/lang";
import { childKey } from "~/lib/child-key";
import { currentConsentForms, type ConsentFormView } from "./consent.server";
import type { MissingQuery } from "./consent.schema";
import { textMail } from "~/lib/mail/html";
import { batchLabels } from "~/lib/camp-batch-labels.server";
import {
  campBatchesWithEnrolments,
  campChildNamesByEmail,
  campEnrolmentsOfBatch,
  enrolledChildNamesByEmail,
  enrolledInSection,
} from "~/features/enrolments/queries.server";
import { groupChoices } from "~/features/sections/queries.server";
import { campBatches } from "~/features/admin/queries.server";

/** The reminder e-mail's template name (consent.manifest.server.ts). */
export const CONSENT_REMINDER_MAIL = "consent-reminder";
/** How long a reminder's link completes the forms. */
export const CONSENT_LINK_DAYS = 14;
/** A list is one group's or one batch's: bounded all the same. */
const MAX_CHILDREN = 500;

/** A child of the list and the required forms it has not answered in their current version. */
export interface MissingChild {
  childName: string;
  parentName: string;
  email: string;
  phone: string;
  lang: Lang;
  missing: string[];
}

/** The children enrolled in a group (live enrolments) or a camp batch, with their family's contact. */
async function childrenOf(db: DB, query: MissingQuery) {
  if ("section" in query) {
    return enrolledInSection(db, query.section, { order: "enrolled", limit: MAX_CHILDREN });
  }
  const rows = await campEnrolmentsOfBatch(db, query.camp, query.session, { order: "enrolled", limit: MAX_CHILDREN });
  return rows.map((row) => ({ child_name: row.student_name, parent_name: row.parent_name, email: row.email, phone: row.phone_number, lang: row.lang }));
}

/** The (e-mail, child) pairs' answered versions among `versionIds`, as "email\nchild_key\nversion" keys. */
async function answeredKeys(db: DB, emails: string[], versionIds: number[]): Promise<Set<string>> {
  if (emails.length === 0 || versionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("consent_answers")
    .select(["email", "child_key", "version_id"])
    .where(sql<string>`lower(email)`, "in", emails)
    .where("version_id", "in", versionIds)
    .where("agreed", "=", 1)
    .execute();
  return new Set(rows.map((r) => `${r.email.toLowerCase()}\n${r.child_key}\n${r.version_id}`));
}

const missingOf = (answered: Set<string>, forms: readonly ConsentFormView[], email: string, childName: string) =>
  forms.filter((form) => !answered.has(`${email.toLowerCase()}\n${childKey(childName)}\n${form.versionId}`)).map((form) => form.title);

/** Who in a group or camp batch is missing which required form (staff's list). */
export async function missingConsent(db: DB, query: MissingQuery, lang: Lang): Promise<MissingChild[]> {
  const forms = (await currentConsentForms(db, lang)).filter((form) => form.required);
  if (forms.length === 0) return [];
  const children = await childrenOf(db, query);
  const answered = await answeredKeys(
    db,
    [...new Set(children.map((c) => c.email.toLowerCase()))],
    forms.map((form) => form.versionId),
  );
  return children
    .map((c) => ({
      childName: c.child_name,
      parentName: c.parent_name,
      email: c.email,
      phone: c.phone,
      lang: c.lang,
      missing: missingOf(answered, forms, c.email, c.child_name),
    }))
    .filter((c) => c.missing.length > 0);
}

/**
 * One e-mail per family missing a form in this group or batch, each with its own link (its token's
 * hash kept, the seed in the mail job) that completes the forms without signing in. Returns how many.
 */
export async function remindMissing(db: DB, secret: string, query: MissingQuery): Promise<number> {
  const missing = await missingConsent(db, query, "en");
  const families = new Map<string, MissingChild>();
  for (const child of missing) if (!families.has(child.email.toLowerCase())) families.set(child.email.toLowerCase(), child);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    for (const family of families.values()) {
      const { seed, token } = newMailedToken(secret, CONSENT_REMINDER_MAIL);
      await trx
        .insertInto("consent_links")
        .values({
          token_hash: tokenHash(token),
          email: family.email,
          lang: family.lang,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + CONSENT_LINK_DAYS * 86_400_000).toISOString(),
        })
        .execute();
      await queueMail(trx, consentReminderMail, {
        to: family.email,
        subject: serverT(family.lang, "consent", "mail.subject"),
        data: { seed, email: family.email, lang: family.lang },
      });
    }
  });
  return families.size;
}

/** The reminder, made when its job runs: the family's children still missing forms, and the link. */
export const consentReminderMail = defineMail(
  CONSENT_REMINDER_MAIL,
  z.object({ seed: z.string(), email: z.string(), lang: z.enum(languages) }),
  async ({ db, config }, { seed, email, lang }) => {
    const family = await familyForms(db, email, lang);
    const owing = family.filter((child) => child.forms.some((form) => form.required));
    if (owing.length === 0) return null;
    const token = mailedToken(config.sessionSecret, CONSENT_REMINDER_MAIL, seed);
    const t = (key: string, values?: Record<string, string | number>) => serverT(lang, "consent", key, values);
    const text = [
      t("mail.greeting"),
      "",
      t("mail.intro"),
      ...owing.map(
        (child) =>
          `- ${child.childName}: ${child.forms
            .filter((form) => form.required)
            .map((form) => form.title)
            .join(lang === "ar" ? "، " : ", ")}`,
      ),
      "",
      t("mail.link", { days: CONSENT_LINK_DAYS, count: CONSENT_LINK_DAYS }),
      `${config.publicUrl}${localizePath("/consent/complete", lang)}?token=${token}`,
      "",
      t("mail.signoff"),
    ].join("\n");
    return textMail([{ lang, text }]);
  },
);

/** The e-mail a reminder link stands for, while it lasts. */
export async function linkEmail(db: DB, token: string): Promise<string | undefined> {
  if (token.length < 16 || token.length > 100) return undefined;
  const row = await db
    .selectFrom("consent_links")
    .select("email")
    .where("token_hash", "=", tokenHash(token))
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  return row?.email;
}

/** A family's enrolled children (groups and camps) and the forms each has not answered in their current version. */
export async function familyForms(db: DB, email: string, lang: Lang) {
  const lower = email.trim().toLowerCase();
  const sections = await enrolledChildNamesByEmail(db, lower, 50);
  const camps = await campChildNamesByEmail(db, lower, 50);
  const children = new Map<string, string>();
  for (const row of [...sections, ...camps]) if (!children.has(childKey(row.child_name))) children.set(childKey(row.child_name), row.child_name);
  const forms = await currentConsentForms(db, lang);
  const answered = await answeredKeys(
    db,
    [lower],
    forms.map((form) => form.versionId),
  );
  return [...children.values()].slice(0, 20).map((childName) => ({
    childName,
    forms: forms.filter((form) => !answered.has(`${lower}\n${childKey(childName)}\n${form.versionId}`)),
  }));
}

/** The lists staff can choose: open groups (course, first class) and camp batches with children. */
export async function missingChoices(db: DB, lang: Lang) {
  const sections = await groupChoices(db, 100);
  const camps = await campBatchesWithEnrolments(db, 100);
  // Enrolments store the English batch value: the list shows the batch's label in the reader's language.
  const ids = [...new Set(camps.map((c) => c.id))];
  const batches = new Map((ids.length ? await campBatches(db, ids) : []).map((c) => [c.id, c.batches]));
  return {
    sections: sections.map((s) => ({
      value: `s:${s.id}`,
      label: `${lang === "ar" && s.name_ar ? s.name_ar : s.name_en} · ${s.starts_at.slice(0, 10)} (#${s.id})`,
    })),
    camps: camps.map((c) => ({
      value: `c:${c.id}:${c.session}`,
      label: `${lang === "ar" && c.title_ar ? c.title_ar : c.title_en} · ${batchLabels(batches.get(c.id), c.session)[lang]}`,
    })),
  };
}
