import { randomBytes } from "node:crypto";
import { expect, type Page } from "./fixtures";
import { COURSE, LABELS } from "./enrol-flow";
import type { PaymentsServer } from "./payments-server";

const TEXT = {
  en: {
    held: "The seat is held for the child until",
    pay: /^Pay \u2066?\$[\d,]+\u2069? online$/,
    paid: "Paid. The child is enrolled",
    cancelled: "The payment was not made.",
  },
  ar: { held: "المقعد محجوز للطفل حتى", pay: /^ادفع .+ إلكترونيًا$/, paid: "تمّ الدفع. الطفل مسجَّل", cancelled: "لم يتمّ الدفع." },
} as const;

/**
 * A parent enrols from the course page of the keyed server, lands on the payment page (the seat
 * held), leaves the stand-in's checkout once without paying (back, the seat still held), then pays
 * and sees the paid enrolment. With or without JavaScript (the same forms and links).
 */
export async function enrolAndPay(page: Page, payments: PaymentsServer, lang: "en" | "ar", width: number) {
  await page.setViewportSize({ width, height: 900 });
  const t = LABELS[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  const api = await (await page.request.get(`${payments.url}/api/courses/${COURSE}/sections`)).json();
  const section = (api.sections as { id: number; minAge: number; seatsLeft: number }[]).find((s) => s.seatsLeft > 0)!;
  await page.goto(`${payments.url}${prefix}/courses/${COURSE}`);
  await page.locator(`input[name="sectionId"][value="${section.id}"]`).check();
  await page.getByLabel(t.childName, { exact: true }).fill("Omar Haddad");
  await page.getByLabel(t.childAge, { exact: true }).fill(String(section.minAge));
  await page.getByLabel(t.parentName, { exact: true }).fill("Lina Haddad");
  await page.getByLabel(t.email, { exact: true }).fill(`pay-${lang}-${randomBytes(4).toString("hex")}@example.com`);
  await page.getByLabel(t.phone, { exact: true }).fill("9876543210");
  await page.getByRole("button", { name: t.submit, exact: true }).click();

  // The payment page: the seat is held (one seat fewer), the fee and the Pay button.
  await expect(page).toHaveURL(new RegExp(`^${payments.url}${prefix}/payments/enrolment\\?token=\\d+_[\\w-]{43}(#enrol)?$`));
  await expect(page.getByTestId("payment-state")).toContainText(TEXT[lang].held);
  const after = await (await page.request.get(`${payments.url}/api/courses/${COURSE}/sections`)).json();
  expect(after.sections.find((s: { id: number }) => s.id === section.id).seatsLeft).toBe(section.seatsLeft - 1);
  const pay = page.getByRole("button", { name: TEXT[lang].pay });
  await expect(pay).toBeVisible();
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/held-${lang}-${width}.png`, fullPage: true });

  // The family leaves the checkout without paying: back on the page, the seat still held.
  await pay.click();
  await expect(page).toHaveURL(new RegExp(`^${payments.stripe.url}/c/pay/cs_test_`));
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page.getByRole("alert")).toContainText(TEXT[lang].cancelled);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/cancelled-${lang}-${width}.png`, fullPage: true });

  // Then pays: the stand-in delivers the signed event and sends the family back.
  await page.getByRole("button", { name: TEXT[lang].pay }).click();
  await expect(page.getByRole("heading", { name: "Checkout (Stripe stand-in)" })).toBeVisible();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payments\/enrolment\?token=[\w-]+&session_id=cs_test_\w+$/);
  // The event is processed by a job (decision 094): the page may say "not confirmed yet" for a
  // moment; with script it looks again by itself, without it the family reloads.
  await expect(async () => {
    if (!(await page.getByTestId("payment-state").innerText()).includes(TEXT[lang].paid)) await page.reload();
    await expect(page.getByTestId("payment-state")).toContainText(TEXT[lang].paid, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole("button", { name: TEXT[lang].pay })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === "ar" ? "rtl" : "ltr");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/paid-${lang}-${width}.png`, fullPage: true });
}
