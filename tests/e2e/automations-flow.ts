import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { signInAsAdmin } from "./accounts";
import { expect, shot, type Page } from "./fixtures";

/**
 * Staff switch the unpaid-invoice automation on with its N (issue 43 item 5, decision 140), at
 * 390 px: from the inbox to the automations beside it, the box ticked and 5 days typed, saved;
 * then a run of its job (queued as the worker's period would) sends the reminder of an
 * invoice 6 days overdue, and the audit trail lists it beside the conversion figure and its
 * definition. With script in Arabic, without in English (decision 133); the rules are the API tests'.
 */

const dataDir = process.env.E2E_DATA_DIR ?? "data-e2e";

const T = {
  en: {
    automations: "Automations",
    card: "Unpaid invoice",
    enabled: "Send these messages",
    days: "Days after the due date",
    save: "Save Unpaid invoice",
    saved: "Automation saved.",
    on: "On",
    sent: "Sent",
    definition: "Converted: the invoice was paid in full within 7 days after the message.",
  },
  ar: {
    automations: "الرسائل التلقائية",
    card: "فاتورة غير مسدَّدة",
    enabled: "إرسال هذه الرسائل",
    days: "عدد الأيام بعد تاريخ الاستحقاق",
    save: "حفظ فاتورة غير مسدَّدة",
    saved: "حُفظت الرسالة التلقائية.",
    on: "مفعّلة",
    sent: "أُرسلت",
    definition: "تُحتسب تحويلًا إذا سُدِّدت الفاتورة كاملة خلال 7 أيام من الرسالة.",
  },
} as const;

function openDb() {
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("busy_timeout = 5000");
  return db;
}

/** An open invoice of a family of its own, due six days ago. */
function overdueInvoice(tag: string): string {
  const db = openDb();
  const now = new Date().toISOString();
  const email = `unpaid-${tag}@example.com`;
  db.prepare(
    "insert into invoices (number, family_key, email, parent_name, user_id, lang, currency, offer_kind, child_name, description_en, description_ar, total_minor, issued_at, due_on, created_at, updated_at) values (?, ?, ?, 'Hana', null, 'en', 'INR', 'section', 'Maya', 'Robotics', 'الروبوتات', 500000, ?, ?, ?, ?)",
  ).run(`INV-E2E-${tag}`, email, email, now, new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10), now, now);
  db.close();
  return email;
}

/** The worker's next run of the unpaid-invoice automation, as its quarter-hour period queues it. */
function queueRun(tag: string) {
  const db = openDb();
  const now = new Date().toISOString();
  db.prepare(
    "insert into jobs (kind, payload, status, attempts, max_attempts, run_at, unique_key, created_at, updated_at) values ('unpaid-invoice-automation', '{}', 'queued', 0, 3, ?, ?, ?, ?)",
  ).run(now, `unpaid-invoice-automation:e2e-${tag}`, now, now);
  db.close();
}

export async function switchOnUnpaidInvoices(page: Page, lang: "en" | "ar") {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  const tag = `${lang}${Date.now() % 100000}${randomBytes(2).toString("hex")}`;
  const email = overdueInvoice(tag);
  await signInAsAdmin(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${prefix}/admin/messages`);
  await page.getByRole("link", { name: t.automations, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/admin/messages/automations$`));
  const card = page.getByRole("region", { name: t.card });
  await card.getByLabel(t.enabled).check();
  await card.getByLabel(t.days, { exact: true }).fill("5");
  await card.getByRole("button", { name: t.save }).click();
  await expect(page.getByRole("status").filter({ hasText: t.saved })).toBeVisible();
  await expect(card.getByText(t.on, { exact: true })).toBeVisible();
  await expect(card.getByLabel(t.days, { exact: true })).toHaveValue("5");
  await expect(card.getByText(t.definition)).toBeVisible();

  queueRun(tag);
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(async () => {
    await page.reload();
    await expect(row.getByText(t.sent, { exact: true })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, `automations-${lang}-390`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, `automations-${lang}-1280`, { fullPage: true });
}
