import { randomBytes } from "node:crypto";
import { expect, test, type Locator, type Page } from "./fixtures";
import { signInAsAdmin, waitForMailHtml, waitForResetLink } from "./accounts";

/**
 * Issue 12: what parents meet on phones and in Arabic. Every test here runs on a 390 px wide
 * phone screen unless it says otherwise.
 */

const COURSE = "robotics-fundamentals";
const unique = () => randomBytes(4).toString("hex");

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, "element is rendered").not.toBeNull();
  return found!;
}

/** The screen coordinates of each character of the element's text, in logical order. */
async function charLefts(locator: Locator): Promise<{ char: string; left: number }[]> {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const out: { char: string; left: number }[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < (node.textContent ?? "").length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        out.push({ char: node.textContent![i]!, left: range.getBoundingClientRect().left });
      }
    }
    return out;
  });
}

/** The box of an element's text (not of the element, whose padding may be empty room). */
async function textBox(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
}

const textRight = async (locator: Locator) => {
  const { x, width } = await textBox(locator);
  return x + width;
};

/** Books the first open time of the course through the form; the page ends on the confirmation. */
async function bookDemo(page: Page, lang: "en" | "ar", details: { child: string; email: string; phone: string }) {
  const ar = lang === "ar";
  await page.goto(`${ar ? "/ar" : ""}/courses/${COURSE}/bookdemoclass`);
  await page
    .getByRole("button", { name: ar ? /، توجد أوقات متاحة$/ : /, times available$/ })
    .first()
    .click();
  await page
    .getByRole("button", { name: ar ? /تبق/ : /seats? left/ })
    .first()
    .click();
  await page.getByLabel(ar ? "الاسم الكامل للطفل" : "Child's full name").fill(details.child);
  await page.getByLabel(ar ? "عمر الطفل" : "Child's age").fill("9");
  await page.getByLabel(ar ? "اسم وليّ الأمر" : "Parent's name").fill(ar ? "مريم حداد" : "Priya Sharma");
  await page.getByLabel(ar ? "البريد الإلكتروني" : "E-mail", { exact: true }).fill(details.email);
  await page.getByLabel(ar ? "رقم الهاتف" : "Phone number").fill(details.phone);
  await page.getByRole("button", { name: ar ? "احجز الحصة التجريبية" : "Book the demo class" }).click();
  await expect(page).toHaveURL(/book-demo-class-slot-booked-page\?ref=/);
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // One phone walk (issue 40): signed out the menu, the camp curriculum and the WhatsApp button; signed in the account menu.
  test("Escape closes the phone menu; the camp curriculum stacks; the WhatsApp button covers nothing; the account menu opens inside the screen, in both languages", async ({
    page,
  }) => {
    // Escape closes the phone menu and gives focus back to its toggle, in both languages.
    for (const [home, open] of [
      ["/", "Open menu"],
      ["/ar", /فتح القائمة/],
    ] as const) {
      await page.goto(home);
      const toggle = page.getByRole("button", { name: open });
      await toggle.click();
      await expect(page.locator("#main-menu")).toBeVisible();
      await page.locator("#main-menu a").first().focus();
      await page.keyboard.press("Escape");
      await expect(page.locator("#main-menu")).toBeHidden();
      await expect(page.getByRole("button", { name: open })).toBeFocused();
      await expect(page.getByRole("button", { name: open })).toHaveAttribute("aria-expanded", "false");
    }

    // The camp curriculum reads as stacked sessions, nothing cut, in both languages.
    for (const [path, details, outcome] of [
      ["/summer-camp", "View Complete Details", "Learning Outcome"],
      ["/ar/summer-camp", "عرض التفاصيل الكاملة", "نتيجة التعلّم"],
    ] as const) {
      await page.goto(path);
      await page.getByRole("button", { name: details }).first().click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      // Still a table for screen readers, with its column headers.
      await expect(dialog.getByRole("columnheader", { name: outcome })).toHaveCount(1);
      await expect(dialog.getByRole("row")).toHaveCount(11);
      // No sideways scrolling anywhere in the dialog.
      const scrolls = await dialog.evaluate(
        (element) =>
          [element, ...element.querySelectorAll("*")].filter(
            (node) => node.scrollWidth > node.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(node).overflowX),
          ).length,
      );
      expect(scrolls, `${path}: elements scrolling sideways`).toBe(0);
      // Each session shows the column names beside its values, inside the screen.
      const labels = dialog.locator("tbody").getByText(outcome, { exact: true });
      await expect(labels).toHaveCount(10);
      await expect(labels.first()).toBeVisible();
      const cells = dialog.getByRole("cell");
      for (let i = 0; i < (await cells.count()); i++) {
        const cell = await box(cells.nth(i));
        expect(cell.x, `${path}: cell ${i}`).toBeGreaterThanOrEqual(0);
        expect(cell.x + cell.width, `${path}: cell ${i}`).toBeLessThanOrEqual(390);
      }
      await page.keyboard.press("Escape");
    }

    // The WhatsApp button covers none of the controls and values a visitor needs.
    const whatsapp = page.getByRole("link", { name: /WhatsApp|واتساب/ }).last();
    /** The target where the browser scrolls a focused control: just inside the bottom of the screen. */
    const expectClear = async (target: Locator, what: string) => {
      await target.evaluate((element) => element.scrollIntoView({ block: "end" }));
      expect(overlaps(await box(target), await box(whatsapp)), `${what} is under the WhatsApp button`).toBe(false);
    };
    await page.goto("/courses");
    await expectClear(page.getByRole("link", { name: /^View Course/ }).first(), "View Course");
    await page.goto(`/courses/${COURSE}`);
    await expectClear(page.getByText("Not sure yet? Book a free demo class").locator(".."), "the demo box");
    await page.goto("/contact-us-school");
    await expectClear(page.getByLabel("Preferred date"), "the school form's date");
    await bookDemo(page, "ar", { child: "ليلى حداد", email: `leila-${unique()}@example.com`, phone: "+91 98765 11111" });
    const details = page.getByRole("region", { name: "بيانات الطالب" });
    await expectClear(details.getByText(/^leila-/), "the booking's e-mail");
    await expectClear(details.getByText("+91 98765 11111"), "the booking's phone");
    // The end of every page clears the button too.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(overlaps(await textBox(page.locator("footer > p").last()), await box(whatsapp))).toBe(false);

    // Signed in: the account menu opens inside the screen in English and Arabic.
    const email = `menu-${unique()}@example.com`;
    expect(
      (
        await page.request.post("/register", { data: { username: "Sara Ali Abdullah", email, password: "Parent-Passw0rd", contactNumber: "9876543210" } })
      ).status(),
    ).toBe(201);
    expect((await page.request.post("/login", { data: { email, password: "Parent-Passw0rd" } })).status()).toBe(200);
    for (const [home, menu, logout] of [
      ["/", "Open menu", "Log out"],
      ["/ar", /القائمة/, "تسجيل الخروج"],
    ] as const) {
      await page.goto(home);
      await page.getByRole("button", { name: menu }).click();
      await page.getByRole("button", { name: /Sara Ali Abdullah/ }).click();
      const popover = page
        .locator("[id]")
        .filter({ has: page.getByRole("button", { name: logout }) })
        .last();
      const popoverBox = await box(popover);
      expect(popoverBox.x, `${home}: left edge`).toBeGreaterThanOrEqual(0);
      expect(popoverBox.x + popoverBox.width, `${home}: right edge`).toBeLessThanOrEqual(390);
      const logoutBox = await box(page.getByRole("button", { name: logout }));
      expect(logoutBox.x).toBeGreaterThanOrEqual(0);
      expect(logoutBox.x + logoutBox.width).toBeLessThanOrEqual(390);
      await expect(popover.getByText("Sara Ali Abdullah")).toBeInViewport({ ratio: 1 });
    }

    // With the account menu open inside it, one Escape closes one layer.
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: /Sara Ali Abdullah/ }).click();
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Log out" })).toBeHidden();
    await expect(page.locator("#main-menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("#main-menu")).toBeHidden();
  });
});

test.describe("the Arabic booking confirmation", () => {
  test("lines e-mail and phone up with the other values, in their own order, and focuses the heading after booking; its e-mail keeps the phone in order", async ({
    page,
  }) => {
    const arabicEmails: string[] = [];
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      const email = `noor-${unique()}@example.com`;
      arabicEmails.push(email);
      await bookDemo(page, "ar", { child: "نور حداد", email, phone: "+91 98765 11111" });
      const details = page.getByRole("region", { name: "بيانات الطالب" });
      const values = details.locator("dd");
      const childRight = await textRight(values.filter({ hasText: "نور حداد" }));
      expect(Math.abs((await textRight(values.filter({ hasText: email }))) - childRight), `${width}px: e-mail aligned`).toBeLessThan(2);
      expect(Math.abs((await textRight(values.filter({ hasText: "98765" }))) - childRight), `${width}px: phone aligned`).toBeLessThan(2);
      const phone = await charLefts(values.filter({ hasText: "98765" }));
      expect(phone[0]!.char).toBe("+");
      expect(phone[0]!.left, "the + comes first, at the left").toBeLessThan(phone[phone.length - 1]!.left);
      // The page changed without a load: focus is on the confirmation, not lost on <body>.
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    }

    // The confirmation e-mail keeps the phone number in order and links without a colon (the Arabic booking above, and one in English).
    const arabic = await waitForMailHtml(arabicEmails[0]!);
    await page.setViewportSize({ width: 390, height: 844 });
    const email = `mail-${unique()}@example.com`;
    await bookDemo(page, "en", { child: "Aarav Sharma", email, phone: "+91 98765 22222" });
    const english = await waitForMailHtml(email);

    // The mail as a mail client shows it, in a blank page: setContent keeps the window, and the booking page's script in it.
    await page.goto("about:blank");
    await page.setContent(arabic);
    const phone = await charLefts(page.locator("td").filter({ hasText: "98765" }));
    expect(phone.map((c) => c.char).join("")).toContain("+91 98765 11111");
    const plus = phone.find((c) => c.char === "+")!;
    expect(plus.left, "the + is shown first, at the left").toBeLessThan(phone[phone.length - 1]!.left);
    // Link texts are just the link, without the colon that leads to it.
    await expect(page.getByRole("link", { name: "اطّلع على حجزك", exact: true })).toBeVisible();
    await page.setContent(english);
    await expect(page.getByRole("link", { name: "See your booking", exact: true })).toBeVisible();
  });
});

test.describe("a password reset link", () => {
  test("opened when used or unknown, says so at once in both languages; opening does not spend it", async ({ page }) => {
    const email = `reset-${unique()}@example.com`;
    expect(
      (await page.request.post("/register", { data: { username: "Reset Parent", email, password: "Parent-Passw0rd", contactNumber: "9876543210" } })).status(),
    ).toBe(201);
    expect((await page.request.post("/api/password/forgot", { data: { email } })).status()).toBe(200);
    const link = new URL(await waitForResetLink(email));
    const path = link.pathname + link.search;

    // Opening the link twice spends nothing: the form is there, and works.
    await page.goto(path);
    await page.goto(path);
    await page.getByLabel("New password").fill("Brand-New-Passw0rd");
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/login$/);

    for (const [url, message, askAgain, field, forgot] of [
      [path, "invalid, already used or expired", "Ask for a new link", "New password", "/forgot-password"],
      [`/ar${path}`, "غير صالح أو استُخدم من قبل أو انتهت صلاحيته", "اطلب رابطًا جديدًا", "كلمة المرور الجديدة", "/ar/forgot-password"],
      [`/reset-password?token=${"x".repeat(43)}`, "invalid, already used or expired", "Ask for a new link", "New password", "/forgot-password"],
    ] as const) {
      await page.goto(url);
      await expect(page.locator("main").getByRole("alert")).toContainText(message);
      await expect(page.getByRole("link", { name: askAgain })).toHaveAttribute("href", forgot);
      await expect(page.getByLabel(field)).toHaveCount(0);
    }
  });
});

test.describe("the contact page", () => {
  // One walk (issue 40): both widths and languages, then staff change the hours.
  test("shows opening hours and a map link for the address, in both languages, 390 and 1280 px wide; staff edit the hours in both languages", async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      for (const [path, hours, hoursText, map] of [
        ["/contact-us", "Opening hours", "Monday to Saturday: 9:00 to 18:00", "Open the address in a map"],
        ["/ar/contact-us", "ساعات العمل", "من الاثنين إلى السبت: من 9 صباحًا حتى 6 مساءً", "افتح العنوان على الخريطة"],
      ] as const) {
        await page.goto(path);
        const main = page.locator("main");
        await expect(main.getByText(hours, { exact: true })).toBeVisible();
        await expect(main.getByText(hoursText)).toBeInViewport({ ratio: 1 });
        const link = main.getByRole("link", { name: map });
        await expect(link).toBeVisible();
        const href = new URL((await link.getAttribute("href"))!);
        expect(href.origin + href.pathname).toBe("https://www.openstreetmap.org/search");
        expect(href.searchParams.get("query")).toContain("Noida");
        const linkBox = await box(link);
        expect(linkBox.x).toBeGreaterThanOrEqual(0);
        expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(width);
      }
    }

    // Staff edit the opening hours in both languages in the settings screen.
    await signInAsAdmin(page);
    await page.goto("/admin/settings/contact");
    const english = page.getByLabel("Opening hours (English)");
    const arabic = page.getByLabel("Opening hours (Arabic)");
    const [oldEnglish, oldArabic] = [await english.inputValue(), await arabic.inputValue()];
    await english.fill("Every day: 10:00 to 17:00");
    await arabic.fill("كل يوم: 10:00 إلى 17:00");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
    await page.goto("/contact-us");
    await expect(page.locator("main").getByText("Every day: 10:00 to 17:00")).toBeVisible();
    await page.goto("/ar/contact-us");
    await expect(page.locator("main").getByText("كل يوم: 10:00 إلى 17:00")).toBeVisible();
    // Put the seeded hours back for the other tests.
    await page.goto("/admin/settings/contact");
    await english.fill(oldEnglish);
    await arabic.fill(oldArabic);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
  });
});
