import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import en from "~/i18n/locales/en/instalments.json" with { type: "json" };
import ar from "~/i18n/locales/ar/instalments.json" with { type: "json" };
import { invoicePaymentToken } from "~/features/billing/instalments/invoice-link.server";
import { expect, type Page } from "./fixtures";
import { COURSE, freestGroup } from "./enrol-flow";

export const INSTALMENT_TEXTS = { en, ar } as const;

const dataDir = () => process.env.E2E_DATA_DIR ?? "data-e2e";

/** An open invoice of a new enrolment (a parent enrols through the API), and its payment link's token. */
export async function newInvoice(page: Page, lang: "en" | "ar"): Promise<{ id: number; number: string; token: string }> {
  const api = await (await page.request.get(`/api/courses/${COURSE}/sections`)).json();
  const section = freestGroup(api.sections as { id: number; minAge: number; seatsLeft: number }[]);
  const enrolled = await page.request.post(`/api/sections/${section.id}/enrolments`, {
    data: {
      childName: "Rami Saleh",
      childAge: section.minAge,
      parentName: "Huda Saleh",
      email: `instal-${lang}-${randomBytes(4).toString("hex")}@example.com`,
      phone: "9876543210",
    },
    headers: { "accept-language": lang },
  });
  expect(enrolled.status()).toBe(201);
  const { reference } = (await enrolled.json()) as { reference: string };
  const db = new Database(path.join(dataDir(), "app.db"), { readonly: true });
  try {
    const invoice = db
      .prepare("select i.id, i.number from invoices i join section_enrolments e on e.id = i.enrolment_id where e.reference = ?")
      .get(reference) as { id: number; number: string };
    const secret = readFileSync(path.join(dataDir(), "session-secret"), "utf8").trim();
    return { ...invoice, token: invoicePaymentToken(secret, invoice) };
  } finally {
    db.close();
  }
}

const dayIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Staff split an invoice into 3 instalments at 390 px without touching a date picker's script: the
 * equal-split helper (a GET form) fills the rows, the save posts them, and the page shows three
 * parts with their due dates and statuses.
 */
export async function splitWalk(page: Page, lang: "en" | "ar", invoiceId: number) {
  const t = INSTALMENT_TEXTS[lang].admin;
  const prefix = lang === "ar" ? "/ar" : "";
  await page.goto(`${prefix}/admin/billing/invoices/${invoiceId}/instalments`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(t.title.replace(" {{number}}", "").replace("{{number}}", "").trim());
  await expect(page.getByText(t.none)).toBeVisible();
  await page.getByLabel(t.count, { exact: true }).fill("3");
  await page.getByLabel(t.firstDue, { exact: true }).fill(dayIn(10));
  await page.getByRole("button", { name: t.fill }).click();
  await expect(page).toHaveURL(/parts=3/);
  await expect(page.getByLabel(t.rowDue.replace("{{n}}", "3"), { exact: true })).not.toHaveValue("");
  await page.getByRole("button", { name: t.save }).click();
  await expect(page.getByRole("status").filter({ hasText: t.saved })).toBeVisible();
  const rows = page.getByTestId("instalments").locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(t.statuses.open);
  await expect(rows.first().locator("time")).toHaveAttribute("datetime", dayIn(10));
  // A refused split says why beside the form, and the rows stay as typed.
  await page.getByLabel(t.rowAmount.replace("{{n}}", "1"), { exact: true }).fill("1");
  await page.getByRole("button", { name: t.save }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(page.getByLabel(t.rowAmount.replace("{{n}}", "1"), { exact: true })).toHaveValue("1");
}
