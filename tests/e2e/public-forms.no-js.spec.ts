import path from "node:path";
import Database from "better-sqlite3";
import { expect, test, type Locator, type Page, noScriptWalkLangs, shot } from "./fixtures";

// Issue 14: every public form without JavaScript (project "no-js"). A refused post renders the page
// again (values kept, each message beside its field, the API's status); an accepted one redirects
// to where the enhanced form goes, with the same message, and stores the row.

const dbFile = path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db");

function row(query: string, ...values: unknown[]): Record<string, unknown> | undefined {
  const db = new Database(dbFile, { readonly: true });
  try {
    db.pragma("busy_timeout = 5000");
    return db.prepare(query).get(...values) as Record<string, unknown> | undefined;
  } finally {
    db.close();
  }
}

const count = (table: string) => Number(row(`select count(*) as n from ${table}`)!.n);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Clicks a submit button and returns the status of the form's POST (the page rendered back, or the redirect). */
async function post(page: Page, button: Locator): Promise<number> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), button.click()]);
  return response.status();
}

async function fill(scope: Page | Locator, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label, { exact: true }).fill(value);
}

const words = {
  en: {
    prefix: "",
    required: "This field is required.",
    email: "Please enter a valid e-mail address.",
    contact: { email: "Your e-mail", description: "How can we help?", send: "Send", sent: "Thank you! Your message has been received." },
    school: {
      name: "Your name",
      email: "E-mail",
      phone: "Contact number",
      designation: "Designation",
      city: "City",
      school: "School name",
      date: "Preferred date",
      time: "Preferred time",
      submit: "Submit",
      sent: "Your school enquiry has been received",
    },
    enroll: {
      student: "Student's name",
      parent: "Parent's name",
      email: "E-mail",
      phone: "Phone number",
      session: "Session",
      submit: "Submit Enrollment",
      sent: "Your enrollment in Junior Camp has been received",
      heading: "is enrolled in Junior Camp",
    },
    brochure: {
      open: "Brochure",
      title: "Get the camp brochure",
      student: "Student's name",
      email: "Student's e-mail",
      grade: "Grade",
      school: "School",
      phone: "Parent's contact number",
      submit: "Download Brochure",
      saved: "Your brochure is downloading",
    },
    booking: {
      day: /, times available$/,
      time: /seats? left/,
      child: "Child's full name",
      age: "Child's age",
      parent: "Parent's name",
      email: "E-mail",
      phone: "Phone number",
      submit: "Book the demo class",
      refused: 'Tick "Book anyway"',
      confirm: /^Book anyway/,
      done: "Slot Confirmed with Omar Teen",
      chooseTime: "Pick a time first.",
    },
  },
  ar: {
    prefix: "/ar",
    required: "هذا الحقل مطلوب.",
    email: "يرجى إدخال بريد إلكتروني صحيح.",
    contact: { email: "بريدك الإلكتروني", description: "كيف يمكننا مساعدتك؟", send: "إرسال", sent: "شكرًا لك! تم استلام رسالتك" },
    school: {
      name: "اسمك",
      email: "البريد الإلكتروني",
      phone: "رقم التواصل",
      designation: "المسمى الوظيفي",
      city: "المدينة",
      school: "اسم المدرسة",
      date: "التاريخ المفضّل",
      time: "الوقت المفضّل",
      submit: "إرسال",
      sent: "تم استلام استفسار مدرستك",
    },
    enroll: {
      student: "اسم الطالب",
      parent: "اسم وليّ الأمر",
      email: "البريد الإلكتروني",
      phone: "رقم الهاتف",
      session: "الفترة",
      submit: "إرسال التسجيل",
      sent: "تم استلام تسجيلك",
      heading: "",
    },
    brochure: {
      open: "الكتيّب",
      title: "احصل على كتيّب المخيم",
      student: "اسم الطالب",
      email: "البريد الإلكتروني للطالب",
      grade: "الصف",
      school: "المدرسة",
      phone: "رقم هاتف وليّ الأمر",
      submit: "تنزيل الكتيّب",
      saved: "يجري تنزيل الكتيّب",
    },
    booking: {
      day: /، توجد أوقات متاحة$/,
      time: /مقعد|مقاعد|مقعدان/,
      child: "الاسم الكامل للطفل",
      age: "عمر الطفل",
      parent: "اسم وليّ الأمر",
      email: "البريد الإلكتروني",
      phone: "رقم الهاتف",
      submit: "احجز الحصة التجريبية",
      refused: "لتأكيد الحجز",
      confirm: /^احجز على أي حال/,
      done: "تم تأكيد الحصة التجريبية لـOmar Teen",
      chooseTime: "اختر الوقت أولًا.",
    },
  },
} as const;

for (const lang of ["en", "ar"] as const) {
  const w = words[lang];

  test.describe(`without JavaScript (${lang})`, () => {
    // One walk per language (decision 133): these four forms' Arabic refusals and sends are walked by
    // the accessibility walk ("every public form showing its errors") and, with script, by site.spec.ts,
    // public-site.spec.ts and summer-camp.spec.ts.
    if (noScriptWalkLangs.includes(lang)) {
      // One walk through the four forms (issue 40): a browser context per form cost more than its posts.
      test("footer contact form, school enquiry, camp enrollment and brochure: each refused, then sent", async ({ page }) => {
        await test.step("footer contact form: refused, then sent", async () => {
          await page.goto(`${w.prefix}/courses`);
          const form = page.locator("#contact-form");
          await form.getByLabel(w.contact.email).fill("not-an-email");
          expect(await post(page, form.getByRole("button", { name: w.contact.send }))).toBe(400);
          await expect(form.getByLabel(w.contact.email)).toHaveValue("not-an-email");
          await expect(form.getByLabel(w.contact.email)).toHaveAttribute("aria-invalid", "true");
          await expect(form.getByText(w.email)).toBeVisible();
          await expect(form.getByText(w.required)).toBeVisible();

          const email = unique(`contact-${lang}`);
          await form.getByLabel(w.contact.email).fill(email);
          await form.getByLabel(w.contact.description).fill("A question about robotics.");
          await form.getByRole("button", { name: w.contact.send }).click();
          // The refusal was shown on /contact-us (where the form posts); the thank-you still returns to the page it was sent from.
          await expect(page).toHaveURL(new RegExp(`${w.prefix}/courses\\?notice=contact-sent#form-notice$`));
          await expect(page.getByRole("status").filter({ hasText: w.contact.sent })).toBeVisible();
          expect(row("select description from contact_messages where email = ?", email)).toMatchObject({ description: "A question about robotics." });
        });

        await test.step("school enquiry: refused with the values kept, then the thank-you notice on the same page", async () => {
          await page.goto(`${w.prefix}/contact-us-school`);
          const form = page.locator("#school-form");
          await fill(form, { [w.school.name]: "Meera Sharma", [w.school.email]: "not-an-email", [w.school.date]: inDays(-3) });
          const before = count("school_enquiries");
          expect(await post(page, form.getByRole("button", { name: w.school.submit }))).toBe(400);
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          await expect(form.getByLabel(w.school.name, { exact: true })).toHaveValue("Meera Sharma");
          await expect(form.getByLabel(w.school.email, { exact: true })).toHaveValue("not-an-email");
          await expect(form.getByLabel(w.school.email, { exact: true })).toHaveAttribute("aria-invalid", "true");
          await expect(form.getByText(w.email)).toBeVisible();
          await expect(form.getByLabel(w.school.city, { exact: true })).toHaveAttribute("aria-invalid", "true");
          expect(count("school_enquiries")).toBe(before);

          const email = unique(`school-${lang}`);
          await fill(form, {
            [w.school.email]: email,
            [w.school.phone]: "+91 98765 43210",
            [w.school.designation]: "Principal",
            [w.school.city]: "Noida",
            [w.school.school]: "Green Valley Public School",
            [w.school.date]: inDays(10),
            [w.school.time]: "10:30",
          });
          await form.getByRole("button", { name: w.school.submit }).click();
          await expect(page).toHaveURL(new RegExp(`${w.prefix}/contact-us-school\\?notice=school-sent`));
          await expect(page.getByRole("status").filter({ hasText: w.school.sent })).toBeVisible();
          await expect(page.locator("#school-form").getByLabel(w.school.name, { exact: true })).toHaveValue("");
          expect(row("select school_name, preferred_time from school_enquiries where email = ?", email)).toMatchObject({
            school_name: "Green Valley Public School",
            preferred_time: "10:30",
          });
        });

        await test.step("camp enrollment: refused with the values kept, then straight to the confirmation page", async () => {
          await page.goto(`${w.prefix}/enroll?camp=junior`);
          const form = page.locator("#enroll-form");
          await fill(form, { [w.enroll.student]: "Aarav Sharma", [w.enroll.email]: "nope" });
          const before = count("camp_enrolments");
          expect(await post(page, form.getByRole("button", { name: w.enroll.submit }))).toBe(400);
          await expect(form.getByLabel(w.enroll.student)).toHaveValue("Aarav Sharma");
          await expect(form.getByLabel(w.enroll.email, { exact: true })).toHaveValue("nope");
          await expect(form.getByText(w.email)).toBeVisible();
          await expect(form.getByLabel(w.enroll.session)).toHaveAttribute("aria-invalid", "true");
          expect(count("camp_enrolments")).toBe(before);
          if (lang === "en") await shot(page, "enroll-refused-1280-en", { fullPage: true });

          const email = unique(`enroll-${lang}`);
          await fill(form, { [w.enroll.parent]: "Priya Sharma", [w.enroll.email]: email, [w.enroll.phone]: "9876543210" });
          await form.getByLabel(w.enroll.session).selectOption({ index: 1 });
          await form.getByRole("button", { name: w.enroll.submit }).click();
          await expect(page).toHaveURL(new RegExp(`${w.prefix}/enroll/confirmed\\?ref=[A-Za-z0-9_-]{32}&notice=enroll-sent#form-notice$`));
          await expect(page.getByRole("status").filter({ hasText: w.enroll.sent })).toBeVisible();
          if (w.enroll.heading) await expect(page.getByRole("heading", { level: 1 })).toContainText(w.enroll.heading);
          expect(row("select camp_slug, parent_name, lang from camp_enrolments where email = ?", email)).toMatchObject({
            camp_slug: "junior",
            parent_name: "Priya Sharma",
            lang,
          });
        });

        await test.step("brochure: the button opens the form on the page; refused, then the notice page downloads the PDF", async () => {
          await page.goto(`${w.prefix}/summer-camp`);
          await page.getByRole("button", { name: w.brochure.open, exact: true }).click();
          await expect(page).toHaveURL(new RegExp(`${w.prefix}/summer-camp\\?brochure=1#brochure-form$`));
          const form = page.locator("#brochure-form");
          await expect(form.getByRole("heading", { name: w.brochure.title })).toBeVisible();
          await fill(form, { [w.brochure.student]: "Zara Khan", [w.brochure.email]: "zara@" });
          const before = count("brochure_leads");
          expect(await post(page, form.getByRole("button", { name: w.brochure.submit }))).toBe(400);
          await expect(form.getByLabel(w.brochure.student)).toHaveValue("Zara Khan");
          await expect(form.getByText(w.email)).toBeVisible();
          await expect(form.getByLabel(w.brochure.grade)).toHaveAttribute("aria-invalid", "true");
          expect(count("brochure_leads")).toBe(before);

          const email = unique(`brochure-${lang}`);
          await fill(form, {
            [w.brochure.email]: email,
            [w.brochure.grade]: "7",
            [w.brochure.school]: "Delhi Public School",
            [w.brochure.phone]: "9876543210",
          });
          const download = page.waitForEvent("download");
          await form.getByRole("button", { name: w.brochure.submit }).click();
          expect((await download).suggestedFilename()).toBe(`summer-camp-2025-brochure-${lang}.pdf`);
          await expect(page).toHaveURL(new RegExp(`${w.prefix}/summer-camp\\?notice=brochure-sent#form-notice$`));
          await expect(page.getByRole("status").filter({ hasText: w.brochure.saved })).toBeVisible();
          expect(row("select school, lang from brochure_leads where student_email = ?", email)).toMatchObject({ school: "Delhi Public School", lang });
        });
      });
    }

    test("demo booking: pick a day and a time, refused outside the course's ages, booked once confirmed", async ({ page }) => {
      await page.goto(`${w.prefix}/courses/visual-block-coding/bookdemoclass`);
      // Sending before a time is chosen: the form says to pick one.
      expect(await post(page, page.getByRole("button", { name: w.booking.submit }))).toBe(400);
      await expect(page.getByRole("alert").filter({ hasText: w.booking.chooseTime })).toBeVisible();

      await page.getByRole("button", { name: w.booking.day }).first().click();
      await expect(page).toHaveURL(/\?date=\d{4}-\d{2}-\d{2}#step-time$/);
      await expect(page.getByRole("button", { name: w.booking.day, pressed: true })).toHaveCount(1);
      await page.getByRole("button", { name: w.booking.time }).first().click();
      await expect(page).toHaveURL(/\?slot=\d+#step-details$/);
      await expect(page.getByRole("button", { name: w.booking.time, pressed: true })).toHaveCount(1);

      const email = unique(`booking-${lang}`);
      await fill(page.locator("#booking-form"), {
        [w.booking.child]: "Omar Teen",
        [w.booking.age]: "16",
        [w.booking.parent]: "Huda Teen",
        [w.booking.email]: email,
        [w.booking.phone]: "9876543210",
      });
      const before = count("demo_bookings");
      expect(await post(page, page.getByRole("button", { name: w.booking.submit }))).toBe(400);
      await expect(page.getByText(w.booking.refused)).toBeVisible();
      await expect(page.getByLabel(w.booking.age)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel(w.booking.age)).toHaveValue("16");
      await expect(page.getByLabel(w.booking.child)).toHaveValue("Omar Teen");
      // The time stays chosen.
      await expect(page.getByRole("button", { name: w.booking.time, pressed: true })).toHaveCount(1);
      expect(count("demo_bookings")).toBe(before);

      await page.getByRole("checkbox", { name: w.booking.confirm }).check();
      await page.getByRole("button", { name: w.booking.submit }).click();
      await expect(page).toHaveURL(new RegExp(`${w.prefix}/courses/visual-block-coding/bookdemoclass/book-demo-class-slot-booked-page\\?ref=`));
      await expect(page.getByRole("heading", { level: 1, name: w.booking.done })).toBeVisible();
      expect(row("select child_age, parent_name, lang from demo_bookings where email = ?", email)).toMatchObject({
        child_age: 16,
        parent_name: "Huda Teen",
        lang,
      });
    });
  });
}

test.describe("without JavaScript, other pages with the forms", () => {
  // One walk (issue 40): JavaScript is off, the school form on other pages, a booking that lost its seat.
  test("JavaScript is really off; the school form posts on the STEM lab and home pages and comes back to them; a booking whose seat went meanwhile comes back with the day's remaining times", async ({
    page,
    request,
  }) => {
    // JavaScript is really off in this project.
    await page.goto("/contact-us-school");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    await expect(page.locator("#school-form").getByRole("button", { name: "Submit" })).toBeEnabled();

    for (const start of ["/stemlab", "/"]) {
      await page.goto(start);
      const form = page.locator("#school-form");
      expect(await post(page, form.getByRole("button", { name: "Submit" }))).toBe(400);
      await expect(page).toHaveURL(new RegExp(`${start === "/" ? "/\\?index" : start}#school-form$`));
      await expect(form.getByText("This field is required.").first()).toBeVisible();
    }
    await page.goto("/stemlab");
    await page.getByRole("link", { name: "Schedule a Class" }).click();
    await expect(page).toHaveURL(/\/stemlab#school-form$/);

    // A booking whose seat went meanwhile comes back with the day's remaining times.
    const course = "digital-literacy";
    await page.goto(`/courses/${course}/bookdemoclass`);
    await page
      .getByRole("button", { name: /, times available$/ })
      .first()
      .click();
    await page
      .getByRole("button", { name: /seats? left/ })
      .first()
      .click();
    const slotId = Number(new URL(page.url()).searchParams.get("slot"));
    await fill(page.locator("#booking-form"), {
      "Child's full name": "Late Comer",
      "Child's age": "12",
      "Parent's name": "Lena Comer",
      "E-mail": unique("late"),
      "Phone number": "9876500000",
    });
    // Meanwhile other parents take every seat.
    for (let i = 0; i < 100; i++) {
      const taken = await request.post(`/api/courses/${course}/demo-bookings`, {
        data: { slotId, childName: "Sibling", childAge: 12, parentName: "Other", email: unique(`other${i}`), phone: "9876543210" },
      });
      if (taken.status() === 409) break;
      expect(taken.status()).toBe(201);
    }
    expect(await post(page, page.getByRole("button", { name: "Book the demo class" }))).toBe(409);
    const alert = page.getByRole("alert").filter({ hasText: "fully booked" });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole("link", { name: "Join the waitlist for this time" })).toHaveAttribute(
      "href",
      `/courses/${course}/bookdemoclass/waitlist?slot=${slotId}`,
    );
    await expect(page.getByLabel("Child's full name")).toHaveValue("Late Comer");
  });
});
