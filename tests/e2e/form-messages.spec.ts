import { expect, scriptWalkLangs, test } from "./fixtures";

/**
 * Issue 16, defect 9: messages match what happened. A refusal rendered by the server (the form was
 * sent before its script had loaded) shows each field's message; once the page's script runs (the
 * contact page ships the small enhancement script, not React: decision 055), correcting a field
 * removes its message, while the fields still wrong keep theirs.
 */
test.use({ waitForHydrationOnLoad: false });

for (const t of [
  {
    prefix: "",
    email: "Your e-mail",
    description: "How can we help?",
    send: "Send",
    invalid: "Please enter a valid e-mail address.",
    required: "This field is required.",
  },
  {
    prefix: "/ar",
    email: "بريدك الإلكتروني",
    description: "كيف يمكننا مساعدتك؟",
    send: "إرسال",
    invalid: "يرجى إدخال بريد إلكتروني صحيح.",
    required: "هذا الحقل مطلوب.",
  },
].filter((text) => scriptWalkLangs.includes(text.prefix ? "ar" : "en"))) {
  test(`a message rendered before hydration goes once its field is corrected (${t.prefix || "en"})`, async ({ page }) => {
    // The first page loads without its scripts, so the form posts the way it would without JavaScript.
    await page.route("**/*.js", (route) => route.abort());
    await page.goto(`${t.prefix}/contact-us`);
    const form = page.locator("#contact-form");
    await form.getByLabel(t.email, { exact: true }).fill("not-an-email");
    await page.unroute("**/*.js");
    await form.getByRole("button", { name: t.send }).click();
    // The refusal page (rendered by the server) runs its script with the messages in place.
    await page.locator("html[data-enhanced], html[data-hydrated]").waitFor({ state: "attached" });
    const refused = page.locator("#contact-form");
    await expect(refused.getByText(t.invalid)).toBeVisible();
    await expect(refused.getByText(t.required)).toBeVisible();

    await refused.getByLabel(t.email, { exact: true }).fill("parent@example.com");
    await expect(refused.getByText(t.invalid)).toHaveCount(0);
    await expect(refused.getByLabel(t.email, { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    // The description was not touched: its message stays.
    await expect(refused.getByText(t.required)).toBeVisible();
  });
}
