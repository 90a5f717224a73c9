import { randomBytes } from "node:crypto";
import { startGoogleStandIn, type GoogleStandIn } from "~server/test/google-stand-in";
import { decodeMail } from "~server/test/smtp-catcher";
import { outboxMails, signInAsAdmin, waitForResetLink } from "./accounts";
import { expect, scriptWalkLangs, test, waitForHydration, type Page } from "./fixtures";

/** My account, saved children and a first password for Google-only accounts (issue 17, decision 033). */

const port = Number(process.env.E2E_PORT ?? 3210);
const COURSE = "robotics-fundamentals";
const PASSWORD = "Parent-Passw0rd";

const texts = {
  en: {
    prefix: "",
    heading: "Your children",
    name: "Child's name",
    age: "Age",
    add: "Add child",
    save: "Save",
    remove: "Remove",
    added: "Child saved.",
    saved: "Changes saved.",
    removed: "Child removed.",
    none: "No child is enrolled or saved yet.",
    badAge: "Please enter an age from 4 to 18.",
    pick: "Fill in one of your saved children:",
    childName: "Child's full name",
    childAge: "Child's age",
  },
  ar: {
    prefix: "/ar",
    heading: "أطفالك",
    name: "اسم الطفل",
    age: "العمر",
    add: "إضافة الطفل",
    save: "حفظ",
    remove: "إزالة",
    added: "تمت إضافة بيانات الطفل.",
    saved: "تم حفظ التغييرات.",
    removed: "تم حذف بيانات الطفل.",
    none: "لا يوجد بعد أي تسجيل أو طفل محفوظ.",
    badAge: "يرجى إدخال عمر من 4 إلى 18 سنة.",
    pick: "استخدم بيانات أحد أطفالك المحفوظة:",
    childName: "الاسم الكامل للطفل",
    childAge: "عمر الطفل",
  },
} as const;

// react-toastify's on pages React runs (the staff settings); the enhancement script's on /account, which ships without React (decision 125).
const toast = (page: Page, text: string) => page.locator(".Toastify [role=alert], [data-toast]").filter({ hasText: text });

async function signedInParent(page: Page) {
  const email = `children-${randomBytes(5).toString("hex")}@example.com`;
  expect((await page.request.post("/register", { data: { username: "Sara Ali", email, password: PASSWORD, contactNumber: "9876543210" } })).status()).toBe(201);
  expect((await page.request.post("/login", { data: { email, password: PASSWORD } })).status()).toBe(200);
  return email;
}

for (const lang of scriptWalkLangs) {
  test(`saved children in ${lang === "en" ? "English" : "Arabic"}: add, refuse a wrong age, rename, fill in the booking form, remove`, async ({ page }) => {
    const t = texts[lang];
    await signedInParent(page);
    await page.goto(`${t.prefix}/account`);
    const section = page.getByRole("region", { name: t.heading });
    await expect(section).toContainText(t.none);

    const add = section.locator("#account-child-add-form");
    await add.getByLabel(t.name).fill("Omar");
    await add.getByLabel(t.age).fill("30");
    await add.getByRole("button", { name: t.add }).click();
    await expect(add.getByText(t.badAge)).toBeVisible();
    await add.getByLabel(t.age).fill("9");
    // Typed into another form meanwhile: the page's refresh after the save keeps it (decision 125).
    await page.locator("#account-delete-form input[type=email]").fill("half-typed@example.com");
    await add.getByRole("button", { name: t.add }).click();
    await expect(toast(page, t.added)).toBeVisible();
    const omar = section.getByRole("form", { name: "Omar" });
    await expect(omar.getByLabel(t.name)).toHaveValue("Omar");
    await expect(omar.getByLabel(t.age)).toHaveValue("9");
    // The add form is empty again for the next child.
    await expect(add.getByLabel(t.name)).toHaveValue("");
    await expect(page.locator("#account-delete-form input[type=email]")).toHaveValue("half-typed@example.com");

    await omar.getByLabel(t.name).fill("Omar Ali");
    await omar.getByRole("button", { name: new RegExp(`^${t.save}`) }).click();
    await expect(toast(page, t.saved)).toBeVisible();
    await expect(section.getByRole("form", { name: "Omar Ali" })).toBeVisible();

    // The booking form offers the child; choosing it fills in the name and age.
    await page.goto(`${t.prefix}/courses/${COURSE}/bookdemoclass`);
    await expect(page.getByText(t.pick)).toBeVisible();
    await page.getByRole("link", { name: /^Omar Ali/ }).click();
    await expect(page.getByLabel(t.childName)).toHaveValue("Omar Ali");
    await expect(page.getByLabel(t.childAge)).toHaveValue("9");

    await page.goto(`${t.prefix}/account`);
    await section.getByRole("button", { name: new RegExp(`^${t.remove}`) }).click();
    await expect(toast(page, t.removed)).toBeVisible();
    await expect(section).toContainText(t.none);
  });
}

test.describe("a Google-only account sets a password by an e-mailed link", () => {
  let google: GoogleStandIn;
  test.beforeAll(async () => {
    google = await startGoogleStandIn(port + 1000);
  });
  test.afterAll(async () => {
    await google?.stop();
  });

  for (const lang of scriptWalkLangs) {
    test(`in ${lang === "en" ? "English" : "Arabic"}`, async ({ page }) => {
      const prefix = lang === "en" ? "" : "/ar";
      const email = `google-set-${randomBytes(5).toString("hex")}@example.com`;
      google.signInAs({ sub: `g-${randomBytes(5).toString("hex")}`, email, email_verified: true, name: "Yusuf Haddad" });
      await page.goto(`${prefix}/login`);
      await page.getByRole("link", { name: lang === "en" ? "Continue with Google" : "المتابعة باستخدام Google" }).click();
      await expect(page).toHaveURL(new RegExp(`:${port}${prefix}/?$`));
      await page.goto(`${prefix}/account`);
      await waitForHydration(page);
      const section = page.getByRole("region", { name: lang === "en" ? "Change password" : "تغيير كلمة المرور" });
      await expect(section).toContainText(lang === "en" ? "has no password yet" : "ليس له كلمة مرور بعد");
      await section.getByRole("button", { name: lang === "en" ? "E-mail me a link to set a password" : "إرسال رابط لتعيين كلمة المرور" }).click();
      await expect(toast(page, lang === "en" ? "We have e-mailed you a link to set a password." : "أرسلنا إليك رابطًا لتعيين كلمة مرور.")).toBeVisible();

      const link = await waitForResetLink(email);
      expect(link).toContain(`${prefix}/reset-password?token=`);
      const full = new URL(link);
      full.searchParams.set("purpose", "set");
      await page.goto(full.pathname + full.search);
      await expect(page.getByRole("heading", { level: 1, name: lang === "en" ? "Set a password" : "تعيين كلمة مرور" })).toBeVisible();
      await page.getByLabel(lang === "en" ? "New password" : "كلمة المرور الجديدة").fill("Chosen-Passw0rd");
      await page.getByRole("button", { name: lang === "en" ? "Set password" : "تعيين كلمة المرور" }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/login`));
      // Every session ended; the new password opens the account, which now has one.
      expect((await page.request.get("/api/getUser")).status()).toBe(401);
      expect((await page.request.post("/login", { data: { email, password: "Chosen-Passw0rd" } })).status()).toBe(200);
      expect(((await (await page.request.get("/api/account")).json()) as { profile: { hasPassword: boolean } }).profile.hasPassword).toBe(true);
      // Spent: opened again, it says so and leads back to the account page for a new one.
      await page.goto(full.pathname + full.search);
      await expect(page.locator("main").getByRole("alert")).toContainText(
        lang === "en" ? "This link is invalid, already used or expired." : "هذا الرابط غير صالح أو استُخدم من قبل أو انتهت صلاحيته.",
      );
      await expect(
        page.getByRole("link", { name: lang === "en" ? "Ask for a new one on your account page" : "اطلب رابطًا جديدًا من صفحة حسابك" }),
      ).toHaveAttribute("href", `${prefix}/account`);
    });
  }
});

test("staff edit the follow-up e-mail (Arabic admin screen); a booking marked attended twice gets it once", async ({ page }) => {
  await signInAsAdmin(page);
  const original = (await (await page.request.get("/api/admin/settings")).json()).settings;
  try {
    await page.goto("/ar/admin/settings/follow-up");
    const subject = page.getByLabel("موضوع البريد (بالإنجليزية)");
    await subject.fill("Thanks {nom}");
    await page.getByRole("button", { name: "حفظ" }).click();
    await expect(subject).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("استخدم بين الأقواس {parent} و{child} و{course} فقط.").first()).toBeVisible();
    await subject.fill("Thanks from {course}, {parent}");
    await page.getByRole("button", { name: "حفظ" }).click();
    await expect(toast(page, "تم حفظ الإعدادات.")).toBeVisible();

    const email = `followup-${randomBytes(4).toString("hex")}@example.com`;
    const { slots } = (await (await page.request.get(`/api/courses/${COURSE}/demo-slots`)).json()) as { slots: { id: number }[] };
    const booked = await page.request.post(`/api/courses/${COURSE}/demo-bookings`, {
      data: { slotId: slots[0]!.id, childName: "Aarav", childAge: 9, parentName: "Priya", email, phone: "9876543210" },
    });
    expect(booked.status()).toBe(201);

    // Attendance through the slots screen's endpoint (its buttons are the slots screen's own tests').
    const id = (await (await page.request.get(`/api/admin/slots`)).json()).slots
      .flatMap((slot: { bookings: { id: number; email: string }[] }) => slot.bookings)
      .find((b: { email: string }) => b.email === email).id as number;
    const mark = async (status: string) => (await (await page.request.patch(`/api/admin/slots/bookings/${id}`, { data: { status } })).json()).message as string;
    const followups = () =>
      outboxMails()
        .filter((raw) => raw.includes(email))
        .map((raw) => decodeMail(raw))
        .filter((mail) => mail.subject === "Thanks from Robotics Fundamentals, Priya");
    expect(await mark("attended")).toBe("Saved. The parent is e-mailed a thank-you with the course's link and how to enroll.");
    // Once the mail is out, toggling again sends nothing. (Toggled before the job ran, the job
    // releases its claim and a later "attended" queues it anew: the API tests cover that race.)
    await expect.poll(() => followups().length).toBe(1);
    expect(await mark("no_show")).toBe("Saved.");
    expect(await mark("attended")).toBe("Saved.");
    await page.waitForTimeout(1000);
    expect(followups()).toHaveLength(1);
  } finally {
    expect((await page.request.put("/api/admin/settings", { data: original })).status()).toBe(200);
  }
});
