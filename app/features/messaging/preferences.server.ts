import type { DB } from "~server/db/db";
import type { Selectable } from "kysely";
import type { MessageChannel, MessagingPreferencesTable } from "~server/db/schema";
import { nowIso } from "~server/db/values";
import { serverT } from "~server/i18n";
import type { Lang } from "~/i18n/lang";

/** The choices a guardian makes (decision 127): channels, and news and offers (service messages need only a channel). */
export const CHOICES = ["whatsapp", "sms", "email", "news"] as const;
export type Choice = (typeof CHOICES)[number];

export interface Preferences {
  email: string;
  phone: string;
  lang: Lang;
  whatsapp: boolean;
  sms: boolean;
  email_channel: boolean;
  news: boolean;
  lastInboundAt: string | null;
}

/** A family is known by its e-mail, lower-cased (as enrolments and bookings know it). */
export const familyKey = (email: string): string => email.trim().toLowerCase();

/** What a guardian who never chose gets: e-mail for service messages, no news. */
export const defaultPreferences = (email: string): Preferences => ({
  email: familyKey(email),
  phone: "",
  lang: "en",
  whatsapp: false,
  sms: false,
  email_channel: true,
  news: false,
  lastInboundAt: null,
});

type PreferencesRow = Selectable<MessagingPreferencesTable>;
const toPreferences = (row: PreferencesRow): Preferences => ({
  email: row.email,
  phone: row.phone,
  lang: row.lang,
  whatsapp: row.whatsapp === 1,
  sms: row.sms === 1,
  email_channel: row.email_channel === 1,
  news: row.news === 1,
  lastInboundAt: row.last_inbound_at,
});

export async function preferencesOf(db: DB, email: string): Promise<Preferences> {
  const row = await db.selectFrom("messaging_preferences").selectAll().where("email", "=", familyKey(email)).executeTakeFirst();
  return row ? toPreferences(row) : defaultPreferences(email);
}

/** The choices of many families at once (a broadcast's audience), in chunks the databases' parameter limits allow. */
export async function preferencesOfMany(db: DB, emails: readonly string[]): Promise<Preferences[]> {
  const keys = [...new Set(emails.map(familyKey))];
  const found = new Map<string, Preferences>();
  for (let i = 0; i < keys.length; i += 500) {
    const rows = await db
      .selectFrom("messaging_preferences")
      .selectAll()
      .where("email", "in", keys.slice(i, i + 500))
      .execute();
    for (const row of rows) found.set(row.email, toPreferences(row));
  }
  return keys.map((key) => found.get(key) ?? defaultPreferences(key));
}

/** The guardian whose number this is (the newest choice wins when two families gave one number). */
export async function preferencesByPhone(db: DB, phone: string) {
  return db.selectFrom("messaging_preferences").select(["email", "lang"]).where("phone", "=", phone).orderBy("updated_at", "desc").executeTakeFirst();
}

export interface ChoiceChange {
  choice: Choice;
  granted: boolean;
  /** The words the guardian saw beside the choice (or sent: "STOP"), kept with it. */
  text: string;
}

/**
 * Stores a guardian's choices and logs each one that changed, with its text, language, time and
 * source ("account", "api", "whatsapp", "sms"). Phone and language are saved with them.
 */
export async function saveChoices(
  db: DB,
  email: string,
  update: { phone?: string; lang: Lang; changes: readonly ChoiceChange[]; source: string },
): Promise<number> {
  const key = familyKey(email);
  const now = nowIso();
  // Inside the caller's transaction when given one (a booking's, an enrolment's), else its own.
  const inTransaction = <T>(work: (trx: DB) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  return inTransaction(async (trx) => {
    const before = await preferencesOf(trx, key);
    const exists = await trx.selectFrom("messaging_preferences").select("id").where("email", "=", key).executeTakeFirst();
    const column = (choice: Choice) => (choice === "email" ? "email_channel" : choice);
    const changed = update.changes.filter((change) => before[column(change.choice)] !== change.granted);
    const values = {
      phone: update.phone ?? before.phone,
      lang: update.lang,
      whatsapp: Number(before.whatsapp),
      sms: Number(before.sms),
      email_channel: Number(before.email_channel),
      news: Number(before.news),
      updated_at: now,
    };
    for (const change of update.changes) values[column(change.choice)] = Number(change.granted);
    if (exists) await trx.updateTable("messaging_preferences").set(values).where("id", "=", exists.id).execute();
    else
      await trx
        .insertInto("messaging_preferences")
        .values({ email: key, ...values })
        .execute();
    for (const change of changed) {
      await trx
        .insertInto("messaging_consents")
        .values({
          email: key,
          choice: change.choice,
          granted: Number(change.granted),
          text: change.text.slice(0, 1000),
          lang: update.lang,
          source: update.source,
          created_at: now,
        })
        .execute();
    }
    return changed.length;
  });
}

/**
 * The opt-in asked on the demo booking and enrolment forms (decision 132): a ticked box turns that
 * channel on for the number typed in the form, logged with the words shown beside it in the form's
 * language and the form as its source; an unticked box changes nothing (the account page turns
 * channels off). In the caller's transaction, before its messages are queued.
 */
export async function optInFromForm(
  trx: DB,
  form: { email: string; phone: string; lang: Lang; whatsapp?: boolean; sms?: boolean; source: "booking" | "enrolment" },
): Promise<void> {
  const chosen = (["whatsapp", "sms"] as const).filter((choice) => form[choice] === true);
  const phone = form.phone.replace(/\D/g, "");
  if (chosen.length === 0 || !phone) return;
  const changes = chosen.map((choice) => ({ choice, granted: true, text: serverT(form.lang, "messaging", `choices.${choice}`) }));
  await saveChoices(trx, form.email, { phone, lang: form.lang, changes, source: form.source });
}

/** The log of a guardian's choices, newest first (shown on the account page, and to staff). */
export async function consentLog(db: DB, email: string, limit = 20) {
  return db
    .selectFrom("messaging_consents")
    .select(["choice", "granted", "text", "lang", "source", "created_at"])
    .where("email", "=", familyKey(email))
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** "STOP" / «إيقاف» (and START / «بدء») as a whole message, in any case, with stray spaces and punctuation. */
export function stopOrStart(text: string): "stop" | "start" | null {
  const word = text
    .trim()
    .replace(/[.!؟?\s]+$/u, "")
    .toLowerCase();
  if (["stop", "unsubscribe", "إيقاف", "ايقاف"].includes(word)) return "stop";
  if (["start", "بدء"].includes(word)) return "start";
  return null;
}

/** The channels a guardian chose, in the order a message tries them (WhatsApp, SMS, e-mail). */
export function chosenChannels(prefs: Preferences): MessageChannel[] {
  const channels: MessageChannel[] = [];
  if (prefs.phone && prefs.whatsapp) channels.push("whatsapp");
  if (prefs.phone && prefs.sms) channels.push("sms");
  if (prefs.email_channel) channels.push("email");
  return channels;
}
