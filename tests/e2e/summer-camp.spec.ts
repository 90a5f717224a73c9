import { readFileSync } from "node:fs";
import { expect, test, waitForHydration, type Page, shot } from "./fixtures";
import { pdfText } from "~server/test/pdf-text";

/** The element that has focus is inside the open dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest("dialog[open]")));
/** An element of the page outside the open dialog has focus. */
const focusOutsideDialog = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active !== null && active !== document.body && !active.closest("dialog[open]");
  });

test.describe("summer camp page", () => {
  // One English walk (issue 40): the page, the brochure form, the curriculum modal, then both camps' Enroll links.
  test("shows the banner, start date, topics, spots banner, reasons, both camps; the brochure form; the keyboard curriculum modal; the enrol links (English)", async ({
    page,
  }) => {
    await page.goto("/summer-camp");
    await expect(page).toHaveTitle(/Summer Camp 2025/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A summer of building, coding and discovering");
    await expect(page.locator("time")).toHaveText("Starts 1 July 2025");
    await expect(page.getByRole("region", { name: "Topics" }).getByRole("listitem")).toHaveCount(8);
    await expect(page.getByRole("heading", { name: "Spots Filling Fast" })).toBeVisible();
    await expect(page.getByText("1410+ students in the last 24 hours")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Why Choose Us" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Demo Class" })).toHaveAttribute("href", "/courses/stem-learning/bookdemoclass");
    await expect(page.getByRole("link", { name: "Our More Courses" })).toHaveAttribute("href", "/courses");

    const junior = page.getByRole("article", { name: "Junior Camp" });
    await expect(junior).toContainText("Grade 2 to 5");
    await expect(junior).toContainText("₹9,999");
    await expect(junior.locator("del")).toHaveText("₹19,999");
    await expect(junior).toContainText("50% OFF");
    await expect(junior.getByRole("listitem").filter({ hasText: "1 July - 20th July" })).toBeVisible();
    await expect(junior.getByRole("listitem").filter({ hasText: "21st July - 10 Aug" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Senior Camp" })).toContainText("Grade 6 to 10");

    // The brochure form checks its fields, then downloads the PDF, closes and clears.
    await page.getByRole("button", { name: "Brochure" }).click();
    const brochure = page.getByRole("dialog", { name: "Get the camp brochure" });
    await expect(brochure).toBeVisible();
    await brochure.getByRole("button", { name: "Download Brochure" }).click();
    await expect(brochure.getByText("This field is required.")).toHaveCount(5);
    await expect(brochure.getByLabel("Student's e-mail", { exact: true })).toHaveAttribute("aria-invalid", "true");

    await brochure.getByLabel("Student's name", { exact: true }).fill("Zara Khan");
    await brochure.getByLabel("Student's e-mail", { exact: true }).fill("zara-at-example");
    await brochure.getByLabel("Grade", { exact: true }).fill("Grade 7");
    await brochure.getByLabel("School", { exact: true }).fill("Delhi Public School");
    await brochure.getByLabel("Parent's contact number", { exact: true }).fill("9876543210");
    await brochure.getByRole("button", { name: "Download Brochure" }).click();
    await expect(brochure.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await brochure.getByLabel("Student's e-mail", { exact: true }).fill("zara@example.com");

    const downloading = page.waitForEvent("download");
    await brochure.getByRole("button", { name: "Download Brochure" }).click();
    // The toast lasts 5 s (specification section 9) and comes with the answer, while the PDF may
    // still be on its way (the first one is rendered on request): checked before the download.
    await expect(page.getByRole("alert").filter({ hasText: "Your brochure is downloading" })).toBeVisible();
    await expect(brochure).toBeHidden();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("summer-camp-2025-brochure-en.pdf");
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = pdfText(bytes);
    expect(text).toContain("Junior Camp");
    expect(text).toContain("Senior Camp");

    await page.getByRole("button", { name: "Brochure" }).click();
    await expect(brochure.getByLabel("Student's name", { exact: true })).toHaveValue("");
    await expect(brochure.getByLabel("Student's e-mail", { exact: true })).toHaveValue("");
    await page.keyboard.press("Escape");
    await expect(brochure).toBeHidden();

    // The curriculum modal opens and closes by keyboard, traps focus and gives it back.
    const opener = page.getByRole("article", { name: "Senior Camp" }).getByRole("button", { name: /View Complete Details/ });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Senior Camp curriculum" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("columnheader")).toHaveText(["Session", "Topic", "Activities", "Learning Outcome"]);
    await expect(dialog.getByRole("row")).toHaveCount(11);
    await expect(dialog.getByRole("row").nth(1)).toContainText("Python basics");
    expect(await focusInDialog(page)).toBe(true);
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("link", { name: "Enroll" })).toBeFocused();
    // The page behind is inert: tabbing in either direction never reaches it (focus may pass
    // through the browser's own controls, as with every native modal dialog).
    for (const key of ["Tab", "Tab", "Tab", "Tab", "Shift+Tab", "Shift+Tab", "Shift+Tab"]) {
      await page.keyboard.press(key);
      expect(await focusOutsideDialog(page)).toBe(false);
    }
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).press("Enter");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.press("Enter");
    await dialog.getByRole("link", { name: "Enroll" }).click();
    await expect(page).toHaveURL(/\/enroll\?camp=senior$/);
    await expect(page.getByLabel("Camp", { exact: true })).toHaveValue("Senior Camp");

    await page.goto("/summer-camp");
    await junior.getByRole("link", { name: /Enroll Now/ }).click();
    await expect(page).toHaveURL(/\/enroll\?camp=junior$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enroll in Junior Camp");
  });

  test("in Arabic: right to left, Arabic dates and camps, keyboard modal, Arabic brochure", async ({ page }) => {
    await page.goto("/ar/summer-camp");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("time")).toHaveText("يبدأ في 1 يوليو 2025");
    await expect(page.getByRole("heading", { name: "المقاعد تمتلئ بسرعة" })).toBeVisible();
    await expect(page.getByText("عدد المسجّلين خلال آخر 24 ساعة: أكثر من 1410")).toBeVisible();
    await expect(page.getByRole("link", { name: "حصة تجريبية" })).toHaveAttribute("href", "/ar/courses/stem-learning/bookdemoclass");
    await expect(page.getByRole("link", { name: "المزيد من دوراتنا" })).toHaveAttribute("href", "/ar/courses");
    const junior = page.getByRole("article", { name: "مخيم الصغار" });
    await expect(junior).toContainText("خصم 50%");
    await expect(junior).toContainText("من 1 يوليو إلى 20 يوليو");
    // Rupees in Arabic's own currency format (Intl, locale "ar"), as the English page groups them its way.
    // Without the right-to-left mark Intl starts it with: the page isolates the amount instead (decision 112).
    const arabicInr = new Intl.NumberFormat("ar", { style: "currency", currency: "INR", currencyDisplay: "narrowSymbol", maximumFractionDigits: 0 });
    const inr = { format: (amount: number) => arabicInr.format(amount).replace(/\u200F/g, "") };
    await expect(junior).toContainText(inr.format(9999));
    await expect(junior.locator("del")).toHaveText(inr.format(19999));
    await junior.scrollIntoViewIfNeeded();
    await shot(page, "camp-1280-ar");

    const opener = junior.getByRole("button", { name: /عرض التفاصيل الكاملة/ });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "منهج مخيم الصغار" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("columnheader")).toHaveText(["الحصة", "الموضوع", "الأنشطة", "نتيجة التعلّم"]);
    expect(await focusInDialog(page)).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await page.getByRole("button", { name: "الكتيّب" }).click();
    const form = page.getByRole("dialog", { name: "احصل على كتيّب المخيم" });
    await form.getByRole("button", { name: "تنزيل الكتيّب" }).click();
    await expect(form.getByText("هذا الحقل مطلوب.")).toHaveCount(5);
    await form.getByLabel("اسم الطالب", { exact: true }).fill("سارة أحمد");
    await form.getByLabel("البريد الإلكتروني للطالب", { exact: true }).fill("sara@example.com");
    await form.getByLabel("الصف", { exact: true }).fill("الخامس");
    await form.getByLabel("المدرسة", { exact: true }).fill("مدرسة النور");
    await form.getByLabel("رقم هاتف وليّ الأمر", { exact: true }).fill("+971 50 123 4567");
    const downloading = page.waitForEvent("download");
    await form.getByRole("button", { name: "تنزيل الكتيّب" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("summer-camp-2025-brochure-ar.pdf");
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const { logical } = pdfText(bytes);
    expect(logical).toContain("مخيم الصغار");
    expect(logical).toContain("مخيم اليافعين");
    await expect(form).toBeHidden();
  });
});

test.describe("enrollment", () => {
  // Parents meet the form on phones (issue 12); they can type before the page's script runs (issue 14).
  test.use({ viewport: { width: 390, height: 844 }, waitForHydrationOnLoad: false });
  const fill = async (page: Page) => {
    await page.getByLabel("Student's name", { exact: true }).fill("Aarav Sharma");
    await page.getByLabel("Parent's name", { exact: true }).fill("Priya Sharma");
    await page.getByLabel("E-mail", { exact: true }).fill("priya@example.com");
    await page.getByLabel("Phone number", { exact: true }).fill("+91 98765 43210");
    await page.getByLabel("Session", { exact: true }).selectOption("21st July - 10 Aug");
    await page.getByLabel("Message (optional)", { exact: true }).fill("He loves robots.");
  };

  // One English walk (issue 40): field checks, a server failure, success; then the form without a camp.
  test("the form: heading from the URL, read-only camp, exact sessions, field checks; a server failure keeps what was typed; 'Submitting...', then the confirmation page; without a camp the camp is chosen on the form", async ({
    page,
  }) => {
    await page.goto("/enroll?camp=junior");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enroll in Junior Camp");
    await expect(page.getByText("Please fill out the form below to secure your child's spot in our summer camp.")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enroll in Junior Camp");
    await expect(page.getByLabel("Camp", { exact: true })).toHaveValue("Junior Camp");
    await expect(page.getByLabel("Camp", { exact: true })).toHaveAttribute("readonly", "");
    const options = page.getByLabel("Session", { exact: true }).locator("option");
    await expect(options).toHaveText(["Select a session", "1 July - 20th July", "21st July - 10 Aug"]);
    await expect(options.first()).toBeDisabled();

    await page.getByRole("button", { name: "Submit Enrollment" }).click();
    await expect(page.getByText("This field is required.")).toHaveCount(5);
    await page.getByLabel("E-mail", { exact: true }).fill("not-an-email");
    await page.getByLabel("Phone number", { exact: true }).fill("abc");
    await page.getByRole("button", { name: "Submit Enrollment" }).click();
    await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
    await expect(page).toHaveURL(/\/enroll\?camp=junior$/);

    // Server failure: an error toast with the server's message and the form keeps what was typed.
    await page.route("**/api/summercamp/enroll", (route) => route.fulfill({ status: 500, json: { message: "Enrollment is paused for maintenance." } }));
    await fill(page);
    // Only the enhanced form calls the (stubbed) endpoint from the browser.
    await waitForHydration(page);
    await page.getByRole("button", { name: "Submit Enrollment" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Enrollment is paused for maintenance." })).toBeVisible();
    await expect(page).toHaveURL(/\/enroll\?camp=junior$/);
    await expect(page.getByLabel("Student's name", { exact: true })).toHaveValue("Aarav Sharma");
    await expect(page.getByLabel("Session", { exact: true })).toHaveValue("21st July - 10 Aug");
    await expect(page.getByLabel("Message (optional)", { exact: true })).toHaveValue("He loves robots.");
    await expect(page.getByRole("button", { name: "Submit Enrollment" })).toBeEnabled();

    // No usable answer at all: the fallback message.
    await page.unroute("**/api/summercamp/enroll");
    await page.route("**/api/summercamp/enroll", (route) => route.abort());
    await page.getByRole("button", { name: "Submit Enrollment" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Something went wrong. Please try again." })).toBeVisible();
    await expect(page.getByLabel("Parent's name", { exact: true })).toHaveValue("Priya Sharma");

    // Success: 'Submitting...' while sending, then the confirmation page with the server's thank-you and the way home.
    await page.unroute("**/api/summercamp/enroll");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/summercamp/enroll", async (route) => {
      await gate;
      await route.continue();
    });
    await waitForHydration(page);
    await page.getByRole("button", { name: "Submit Enrollment" }).click();
    await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/enroll\/confirmed\?ref=[A-Za-z0-9_-]{32}&notice=enroll-sent#form-notice$/);
    await expect(page.getByRole("status").filter({ hasText: "Thank you! Your enrollment in Junior Camp has been received." })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // No React on either page for a visitor who is not signed in (decision 070).
    await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
    const check = async () => {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aarav Sharma is enrolled in Junior Camp");
      await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
      await expect(page.getByText("The camp starts on 1 July 2025")).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
      await expect(page.getByRole("main").getByRole("definition").filter({ hasText: "+91 98765 43210" })).toBeVisible();
      await expect(page.getByRole("main").getByText("21st July - 10 Aug")).toBeVisible();
    };
    await check();
    // The reference in the URL brings the same page back after a reload.
    await page.reload();
    await check();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `enroll-confirmed-${width}-en`);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("main").getByRole("link", { name: "Back to the home page" }).click();
    await expect(page).toHaveURL(/\/$/);
    const unknown = await page.goto(`/enroll/confirmed?ref=${"x".repeat(32)}`);
    expect(unknown?.status()).toBe(404);

    // Without a camp the heading says Summer Camp and the camp is chosen on the form.
    await page.goto("/enroll");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enroll in Summer Camp");
    await page.goto("/enroll?camp=no-such-camp");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enroll in Summer Camp");
    // The enhancement script (decision 055; no React here) narrows the sessions to the chosen camp's.
    await waitForHydration(page);
    const sessions = page.getByLabel("Session", { exact: true });
    await expect(sessions.locator("optgroup")).toHaveCount(2);
    await page.getByLabel("Camp", { exact: true }).selectOption({ label: "Senior Camp (Grade 6 to 10)" });
    await expect(sessions.locator("optgroup")).toHaveCount(0);
    await expect(sessions.locator("option")).toHaveText(["Select a session", "1 July - 20th July", "21st July - 10 Aug"]);
    await fill(page);
    await page.getByRole("button", { name: "Submit Enrollment" }).click();
    // The confirmation page itself says what the toast said (the same page as without JavaScript).
    await expect(page).toHaveURL(/\/enroll\/confirmed\?ref=[A-Za-z0-9_-]{32}&notice=enroll-sent#form-notice$/);
    await expect(page.getByRole("status").filter({ hasText: "Your enrollment in Senior Camp has been received" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aarav Sharma is enrolled in Senior Camp");
  });

  test("in Arabic: Arabic form and sessions, success lands on /ar", async ({ page }) => {
    await page.goto("/ar/enroll?camp=senior");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("التسجيل في مخيم اليافعين");
    await expect(page.getByText("يرجى تعبئة النموذج أدناه لحجز مقعد طفلك في مخيمنا الصيفي.")).toBeVisible();
    await expect(page.getByLabel("المخيم", { exact: true })).toHaveValue("مخيم اليافعين");
    const options = page.getByLabel("الفترة", { exact: true }).locator("option");
    await expect(options).toHaveText(["اختر الفترة", "من 1 يوليو إلى 20 يوليو", "من 21 يوليو إلى 10 أغسطس"]);
    await page.getByRole("button", { name: "إرسال التسجيل" }).click();
    await expect(page.getByText("هذا الحقل مطلوب.")).toHaveCount(5);
    await page.getByLabel("اسم الطالب", { exact: true }).fill("يوسف علي");
    await page.getByLabel("اسم وليّ الأمر", { exact: true }).fill("علي حسن");
    await page.getByLabel("البريد الإلكتروني", { exact: true }).fill("ali@example.com");
    await page.getByLabel("رقم الهاتف", { exact: true }).fill("+971 50 123 4567");
    await page.getByLabel("الفترة", { exact: true }).selectOption("1 July - 20th July");
    await waitForHydration(page);
    await page.getByRole("button", { name: "إرسال التسجيل" }).click();
    await expect(page).toHaveURL(/\/ar\/enroll\/confirmed\?ref=[A-Za-z0-9_-]{32}&notice=enroll-sent#form-notice$/);
    await expect(page.getByRole("status").filter({ hasText: "تم استلام تسجيلك في مخيم اليافعين" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("تم تسجيل يوسف علي في مخيم اليافعين");
    await expect(page.getByRole("heading", { name: "ما الخطوات التالية" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "العودة إلى الصفحة الرئيسية" })).toHaveAttribute("href", "/ar");
    await expect(page.getByRole("main").getByText("من 1 يوليو إلى 20 يوليو")).toBeVisible();
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `enroll-confirmed-${width}-ar`);
    }
  });
});
