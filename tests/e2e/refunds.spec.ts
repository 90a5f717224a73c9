import { writeFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./accounts";
import { deskPaidInvoice } from "./refunds-flow";
import { pdfText } from "~server/test/pdf-text";

/**
 * Issue 31 part 6 (decision 092), at 390 px in both languages: staff refund part of a desk
 * payment on the refund page, then open the credit note's PDF: a PDF with the note's number and
 * amount left to right and, in Arabic, its words right to left.
 */
for (const lang of ["en", "ar"] as const) {
  test(`staff refund part of a payment and open the credit note PDF (${lang}, 390 px and desktop)`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const paid = await deskPaidInvoice(page.request, lang);
    await signInAsAdmin(page);
    const prefix = lang === "ar" ? "/ar" : "";
    await page.goto(`${prefix}/admin/billing/payments/${paid.paymentId}/refund`);
    const t =
      lang === "ar"
        ? { heading: "استرداد دفعة", amount: /المبلغ المراد ردّه/, reason: /السبب/, submit: "استرداد", done: "تمّ الاسترداد" }
        : { heading: "Refund a payment", amount: /Amount to refund/, reason: /Reason/, submit: "Refund", done: "Refunded." };
    await expect(page.getByRole("heading", { level: 1, name: t.heading })).toBeVisible();
    await page.getByLabel(t.amount).fill("12.50");
    await page.getByLabel(t.reason).fill(lang === "ar" ? "غياب حصتين" : "Missed two classes");
    await page.locator("main form button[type=submit]").click();
    const status = page.getByRole("status").filter({ hasText: t.done });
    await expect(status).toBeVisible();
    const link = status.getByRole("link");
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^\/admin\/billing\/credit-notes\/\d+\/pdf$/);
    const number = /CN-\d{4}-\d{6}/.exec((await link.textContent()) ?? "")![0];
    const pdf = await page.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = pdfText(await pdf.body());
    expect(text.text).toContain(number);
    expect(text.text).toContain("12.50 USD");
    expect(text.text).toContain(paid.number);
    if (lang === "ar") {
      // Arabic words are stored in visual order (right to left); readers that honour /ActualText and
      // readers that reverse the run both get the words as written (issue 42).
      expect(text.logical).toContain("إشعار دائن");
      expect(text.text).toContain("إشعار دائن");
    } else {
      expect(text.text).toContain("Credit note");
    }
    // The page now lists the refund and what is left.
    await page.reload();
    await expect(page.getByText(number).first()).toBeVisible();
    // And on a desktop screen.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByText(number).first()).toBeVisible();
    // Screenshots for review (SHOTS_DIR=<folder>): this page, the policies and a drop's proposal, phone and desktop.
    const shots = process.env.SHOTS_DIR;
    if (shots) {
      const dropped = await deskPaidInvoice(page.request, lang);
      expect((await page.request.post(`/api/admin/enrolments/${dropped.reference}/drop`, { data: { reason: "Moving away" } })).status()).toBe(200);
      for (const [name, url] of [
        ["refund", `${prefix}/admin/billing/payments/${paid.paymentId}/refund`],
        ["refund-prefilled", `${prefix}/admin/billing/payments/${dropped.paymentId}/refund?amount=10.00&policy=50`],
        ["policies", `${prefix}/admin/billing/refund-policies`],
        ["drop-proposal", `${prefix}/admin/enrolments/${dropped.reference}`],
      ] as const) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await page.goto(url, { waitUntil: "networkidle" });
          await page.screenshot({ path: `${shots}/${name}-${lang}-${width}.png`, fullPage: true });
        }
      }
      writeFileSync(`${shots}/credit-note-${lang}.pdf`, await pdf.body());
      writeFileSync(`${shots}/invoice-${lang}.pdf`, await (await page.request.get(`/admin/billing/invoices/${paid.invoiceId}/pdf`)).body());
    }
  });
}
