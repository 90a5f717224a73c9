import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { signInAsAdmin } from "./accounts";
import { expect, shot, type Page } from "./fixtures";

/**
 * Staff answer a family's WhatsApp message in the inbox (issue 43 item 4, decision 127) at 390 px:
 * the family wrote in a minute ago (stored as the webhook stores it), so the 24-hour window is
 * open; the reply is typed and sent from the academy's number and shows in the thread. With
 * script in Arabic, without in English (decision 133); the window and access rules are the API tests'.
 */
const T = {
  en: { reply: "Reply", send: "Send reply", queued: "The reply is on its way.", out: "From the academy" },
  ar: { reply: "الرد", send: "إرسال الرد", queued: "الرد في طريقه.", out: "من الأكاديمية" },
} as const;

/** A family's message that just came in by WhatsApp, as the webhook stores it. */
function familyWroteIn(tag: string): string {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db"));
  db.pragma("busy_timeout = 5000");
  const email = `inbox-${tag}@example.com`;
  const at = new Date().toISOString();
  db.prepare("insert into messaging_preferences (email, phone, lang, whatsapp, last_inbound_at, updated_at) values (?, '971501234567', 'ar', 1, ?, ?)").run(
    email,
    at,
    at,
  );
  db.prepare(
    "insert into messages (key, direction, email, category, body, channel, status, provider_id, created_at, updated_at) values (?, 'in', ?, 'service', 'Is there class on Friday?', 'whatsapp', 'received', ?, ?, ?)",
  ).run(`in:whatsapp:${tag}`, email, `wamid.${tag}`, at, at);
  db.close();
  return email;
}

export async function answerInInbox(page: Page, lang: "en" | "ar") {
  const t = T[lang];
  const tag = `${lang}${Date.now() % 100000}${randomBytes(2).toString("hex")}`;
  const email = familyWroteIn(tag);
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${lang === "ar" ? "/ar" : ""}/admin/messages?family=${encodeURIComponent(email)}`);
  await expect(page.getByText("Is there class on Friday?")).toBeVisible();
  const text = `Yes, 5 pm as usual (${tag}).`;
  await page.getByLabel(t.reply, { exact: true }).fill(text);
  await page.getByRole("button", { name: t.send }).click();
  await expect(page.getByRole("status").filter({ hasText: t.queued })).toBeVisible();
  const sent = page.getByRole("listitem").filter({ hasText: text });
  await expect(sent).toContainText(t.out);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `inbox-reply-${lang}-390`, { fullPage: true });
}
