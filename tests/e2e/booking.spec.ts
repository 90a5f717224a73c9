import { expect, scriptWalkLangs, test, waitForHydration, type APIRequestContext, type Page, shot } from "./fixtures";
import { randomBytes } from "node:crypto";
import { ADMIN_HOME, createAdminAccount } from "./accounts";

const COURSE = "robotics-fundamentals";

interface Slot {
  id: number;
  startsAt: string;
  date: string;
  time: string;
  seatsLeft: number;
}

async function openSlots(request: APIRequestContext, course: string, range = ""): Promise<Slot[]> {
  const response = await request.get(`/api/courses/${course}/demo-slots${range}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { slots: Slot[] }).slots;
}

let counter = 0;
async function bookByApi(request: APIRequestContext, course: string, slotId: number, childName = "Sibling Booker") {
  counter += 1;
  return request.post(`/api/courses/${course}/demo-bookings`, {
    data: { slotId, childName, childAge: 14, parentName: "Other Parent", email: `other${Date.now()}${counter}@example.com`, phone: "9876543210" },
  });
}

/** Steps 1 and 2: the first day with open times, then its first time. */
async function pickFirstTime(page: Page) {
  await page
    .getByRole("button", { name: /, times available$/ })
    .first()
    .click();
  await page
    .getByRole("button", { name: /seats? left/ })
    .first()
    .click();
}

async function fillDetails(page: Page, details: { child: string; age: string; parent: string; email: string; phone: string }) {
  await page.getByLabel("Child's full name").fill(details.child);
  await page.getByLabel("Child's age").fill(details.age);
  await page.getByLabel("Parent's name").fill(details.parent);
  await page.getByLabel("E-mail", { exact: true }).fill(details.email);
  await page.getByLabel("Phone number").fill(details.phone);
}

test.describe("demo class booking", () => {
  // Forms work before hydration: type and send right after loading (issue 14).
  test.use({ waitForHydrationOnLoad: false });
  test("a parent books a seat in three steps and the confirmation survives a reload", async ({ page }) => {
    // Labels are formatted on the server only: the page must hydrate without a mismatch.
    const errors: string[] = [];
    page.on("console", (message) => {
      // The navbar's session check answers 401 for guests (specification section 4); anything else counts.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
    });
    await page.goto(`/courses/${COURSE}/bookdemoclass`);
    await expect(page.getByRole("heading", { level: 1, name: "Robotics Fundamentals" })).toBeVisible();
    await expect(page.getByText("Times are shown in India Standard Time (Asia/Kolkata).")).toBeVisible();
    // Days without open slots (today, weekends) are disabled.
    await expect(page.getByRole("button", { name: /no times available$/ }).first()).toBeDisabled();

    await page
      .getByRole("button", { name: /, times available$/ })
      .first()
      .click();
    // Each time says where the class happens.
    await expect(page.getByRole("button", { name: /seats? left/ }).first()).toContainText("At the academy");
    await pickFirstTime(page);
    // A visitor whose clock differs from the academy's also sees their own time.
    await expect(page.getByText(/^Your choice: .+ at \d\d:\d\d( \(Your time: .+\))?$/)).toBeVisible();
    // An address of its own per run: a retry would otherwise meet the one-free-demo-per-child rule.
    const email = `priya-${Date.now()}@example.com`;
    await fillDetails(page, { child: "Aarav Sharma", age: "9", parent: "Priya Sharma", email, phone: "+91 98765 43210" });
    // Focus moving to the confirmation is the enhanced form's (a full page load starts at the top).
    await waitForHydration(page);
    await page.getByRole("button", { name: "Book the demo class" }).click();

    await expect(page).toHaveURL(new RegExp(`/courses/${COURSE}/bookdemoclass/book-demo-class-slot-booked-page\\?ref=[A-Za-z0-9_-]{32}$`));
    // Focus moves to the confirmation (it was left on <body>, where a screen reader hears nothing).
    await expect(page.getByRole("heading", { level: 1, name: "Slot Confirmed with Aarav Sharma" })).toBeFocused();
    const check = async () => {
      await expect(page.getByRole("heading", { level: 1, name: "Slot Confirmed with Aarav Sharma" })).toBeVisible();
      await expect(page.getByText(/ at \d\d:\d\d, India Standard Time \(Asia\/Kolkata\)$/)).toBeVisible();
      const details = page.getByRole("region", { name: "Student Details" });
      await expect(details.getByText(email)).toBeVisible();
      await expect(details.getByText("Robotics Fundamentals")).toBeVisible();
      const reference = new URL(page.url()).searchParams.get("ref")!;
      await expect(page.getByText(reference)).toBeVisible();
      await expect(page.getByRole("link", { name: "Book Another Appointment" })).toHaveAttribute("href", "/courses");
    };
    await check();
    await page.reload();
    await check();
    expect(errors).toEqual([]);

    const unknown = await page.goto(`/courses/${COURSE}/bookdemoclass/book-demo-class-slot-booked-page?ref=${"x".repeat(32)}`);
    expect(unknown?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Uh oh. That page doesn't exist." })).toBeVisible();
  });

  test("the date grid is one Tab stop; arrows, Home/End and PageUp/PageDown move by day, week and month, mirrored in Arabic", async ({ page }) => {
    test.slow();
    const focusedDate = () => page.evaluate(() => document.activeElement?.getAttribute("data-date") ?? "none");
    const plus = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    // Both languages on a desktop and on a phone.
    for (const [lang, width] of [
      ["en", 1280],
      ["ar", 1280],
      ["en", 390],
      ["ar", 390],
    ] as const) {
      const ar = lang === "ar";
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${ar ? "/ar" : ""}/courses/${COURSE}/bookdemoclass`);
      // The arrow keys are the grid's script.
      await waitForHydration(page);
      const grid = page.getByRole("grid");
      // From the month buttons, one Tab enters the grid on one day, and the next Tab leaves it.
      // "Next month" is disabled when this is the last month on offer (today's date decides; on
      // 2026-11-30 the grid opened on December, the last one): then "Previous month" is the last
      // control before the grid.
      // When only one month is on offer both buttons are disabled: Tab then starts from the month's name.
      const nextMonth = page.getByRole("button", { name: ar ? "الشهر التالي" : "Next month" });
      const previousMonth = page.getByRole("button", { name: ar ? "الشهر السابق" : "Previous month" });
      const oneMonth = (await nextMonth.isDisabled()) && (await previousMonth.isDisabled());
      if (oneMonth) await page.locator("p[aria-live=polite]").click();
      else await ((await nextMonth.isDisabled()) ? previousMonth : nextMonth).focus();
      await page.keyboard.press("Tab");
      const start = await focusedDate();
      expect(start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await expect(grid.locator("button[tabindex='0']")).toHaveCount(1);
      // The first focused day is one with times.
      await expect(page.locator(":focus")).toHaveAccessibleName(ar ? /، توجد أوقات متاحة$/ : /, times available$/);

      await page.keyboard.press(ar ? "ArrowLeft" : "ArrowRight");
      expect(await focusedDate()).toBe(plus(start, 1));
      await page.keyboard.press(ar ? "ArrowRight" : "ArrowLeft");
      expect(await focusedDate()).toBe(start);
      await page.keyboard.press("ArrowDown");
      expect(await focusedDate()).toBe(plus(start, 7));
      await page.keyboard.press("ArrowUp");
      expect(await focusedDate()).toBe(start);
      // The week's ends; a week's end in a month not on offer (before the first, after the last:
      // today's date decides, as on a Wednesday whose week began last month) leaves focus where it is.
      const weekday = new Date(`${start}T00:00:00Z`).getUTCDay();
      const offered = async (date: string, button: string) =>
        date.slice(0, 7) === start.slice(0, 7) || !(await page.getByRole("button", { name: button }).isDisabled());
      const [weekStart, weekEnd] = [plus(start, -weekday), plus(start, 6 - weekday)];
      // Asked before the keys move the grid (a month buttons' state is the month shown's).
      const home = (await offered(weekStart, ar ? "الشهر السابق" : "Previous month")) ? weekStart : start;
      const endOfWeek = (await offered(weekEnd, ar ? "الشهر التالي" : "Next month")) ? weekEnd : start;
      await page.keyboard.press("Home");
      expect(await focusedDate()).toBe(home);
      await page.keyboard.press("End");
      expect(await focusedDate()).toBe(endOfWeek);
      const end = await focusedDate();
      // A month on (or back, when this is the last month on offer, which depends on today's date):
      // the same day of the month, shown in that month's grid, and the other key returns.
      const monthLabel = page.locator("p[aria-live=polite]");
      const before = await monthLabel.textContent();
      const atLast = await nextMonth.isDisabled();
      await page.keyboard.press(atLast ? "PageUp" : "PageDown");
      const next = await focusedDate();
      const month = Number(end.slice(5, 7));
      if (oneMonth) expect(next).toBe(end);
      else {
        expect(Number(next.slice(5, 7))).toBe(atLast ? ((month + 10) % 12) + 1 : (month % 12) + 1);
        await expect(monthLabel).not.toHaveText(before!);
        await page.keyboard.press(atLast ? "PageDown" : "PageUp");
      }
      expect(await focusedDate()).toBe(end);
      await expect(grid.locator("button[tabindex='0']")).toHaveCount(1);
      // Enter chooses a day with times; the next Tab leaves the grid.
      await page.keyboard.press("Home");
      for (let i = 0; i < 7 && !(await page.locator(":focus").getAttribute("aria-label"))?.match(ar ? /، توجد أوقات متاحة$/ : /, times available$/); i++) {
        await page.keyboard.press(ar ? "ArrowLeft" : "ArrowRight");
      }
      await page.keyboard.press("Enter");
      await expect(page.locator(":focus")).toHaveAttribute("aria-pressed", "true");
      await page.keyboard.press("Tab");
      expect(await focusedDate()).toBe("none");
    }
  });

  test("the course id finds the page; the form explains what is wrong, tied to each field, in Arabic right to left and in English, and books nothing", async ({
    page,
  }) => {
    const courses = (await (await page.request.get("/admin/course-dashboard/all-courses")).json()) as { courses: { _id: string; slug: string }[] };
    const course = courses.courses.find((c) => c.slug === COURSE)!;
    await page.goto(`/courses/${course._id}/bookdemoclass`);
    await expect(page).toHaveURL(new RegExp(`/courses/${COURSE}/bookdemoclass$`));

    await page.goto(`/ar/courses/${COURSE}/bookdemoclass`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByText("احجز حصة تجريبية مجانية")).toBeVisible();
    await page.getByRole("button", { name: "احجز الحصة التجريبية" }).click();
    await expect(page.getByText("هذا الحقل مطلوب.")).toHaveCount(5);

    await page.goto(`/courses/${COURSE}/bookdemoclass`);
    // The browser's own check of the shared schema (five required fields at once) is the enhanced
    // form's; without script the server answers the same post (public-forms.no-js.spec.ts).
    await waitForHydration(page);
    await page.getByRole("button", { name: "Book the demo class" }).click();
    await expect(page.getByText("This field is required.")).toHaveCount(5);
    await expect(page.getByLabel("Child's full name")).toHaveAttribute("aria-invalid", "true");

    await pickFirstTime(page);
    await fillDetails(page, { child: "Mia", age: "0", parent: "Sam", email: "not-an-email", phone: "abc" });
    await page.getByRole("button", { name: "Book the demo class" }).click();
    await expect(page.getByText("Please enter the age in whole years.")).toBeVisible();
    await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
    await expect(page.getByText("Please enter a valid phone number.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/courses/${COURSE}/bookdemoclass$`));
  });

  test("a parent who loses the seat sees why and picks one of the remaining times", async ({ page }) => {
    const course = "digital-literacy";
    await page.goto(`/courses/${course}/bookdemoclass`);
    await pickFirstTime(page);
    await fillDetails(page, { child: "Late Comer", age: "12", parent: "Lena Comer", email: "late@example.com", phone: "9876500000" });
    // Meanwhile other parents take every seat of the chosen (earliest) time.
    const [first] = await openSlots(page.request, course);
    for (let i = 0; i < first!.seatsLeft; i++) expect((await bookByApi(page.request, course, first!.id)).status()).toBe(201);
    // Picking a remaining time in place, keeping the details, is the enhanced form's.
    await waitForHydration(page);

    await page.getByRole("button", { name: "Book the demo class" }).click();
    const alert = page.getByRole("alert").filter({ hasText: "fully booked" });
    await expect(alert).toBeVisible();
    // The full time's waitlist is offered too (decision 032).
    await expect(alert.getByRole("link", { name: "Join the waitlist for this time" })).toHaveAttribute(
      "href",
      `/courses/${course}/bookdemoclass/waitlist?slot=${first!.id}`,
    );
    await expect(alert.getByText("Still free that day:")).toBeVisible();
    await alert.getByRole("button").first().click();
    await expect(page.getByLabel("Child's full name")).toHaveValue("Late Comer");
    await page.getByRole("button", { name: "Book the demo class" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Slot Confirmed with Late Comer" })).toBeVisible();
  });

  test("the e-mail's cancel link frees the seat, once", async ({ page }) => {
    const course = "arduino-masters";
    // More than a day ahead: within the cut-off (12 hours as shipped) the page offers no cancel button.
    const slot = (await openSlots(page.request, course)).find((s) => Date.parse(s.startsAt) > Date.now() + 86_400_000);
    const booked = await bookByApi(page.request, course, slot!.id, "Cancel Kid");
    expect(booked.status()).toBe(201);
    // The cancel token travels only in the e-mail: take it from the server's outbox.
    const { reference } = (await booked.json()) as { reference: string };
    const token = await cancelTokenFromOutbox(reference);
    await page.goto(`/booking/cancel?token=${token}`);
    await expect(page.getByRole("heading", { level: 1, name: "Cancel your demo class" })).toBeVisible();
    await expect(page.getByText("Cancel Kid")).toBeVisible();
    await page.getByRole("button", { name: "Cancel my booking" }).click();
    await expect(page.getByRole("status")).toHaveText("Your booking is cancelled and the seat is free again.");
    const after = (await openSlots(page.request, course)).find((s) => s.id === slot!.id);
    expect(after?.seatsLeft).toBe(slot!.seatsLeft);
    await page.reload();
    await expect(page.getByRole("status")).toHaveText("This booking was already cancelled.");
    const confirmation = await page.goto(`/courses/${course}/bookdemoclass/book-demo-class-slot-booked-page?ref=${reference}`);
    expect(confirmation?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "This booking was cancelled" })).toBeVisible();
  });

  test("staff create a series, see its bookings, cancel one (the seat returns) and delete a booked slot, told each time that the parent is e-mailed", async ({
    page,
  }) => {
    // Every confirmation is accepted; its question is kept to check what staff were told.
    const questions: string[] = [];
    page.on("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.accept();
    });
    const staff = await createAdminAccount(`slots-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Slot Staff");
    await page.goto("/admin/login");
    await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
    await page.getByLabel("Password", { exact: true }).fill(staff.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(ADMIN_HOME);
    // A signed-in visitor finds the parent's name and e-mail filled in.
    await page.goto(`/courses/${COURSE}/bookdemoclass`);
    await expect(page.getByLabel("Parent's name")).toHaveValue("Slot Staff");
    await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue(staff.email);
    await page.goto("/admin/slots");
    await expect(page.getByRole("heading", { level: 1, name: "Demo class slots" })).toBeVisible();

    // Six weeks ahead: after the seeded four weeks, so only our series is there.
    const start = new Date(Date.now() + 42 * 86_400_000).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 48 * 86_400_000).toISOString().slice(0, 10);
    const series = page.getByRole("region", { name: "Add a series" });
    await series.getByLabel("First date").fill(start);
    await series.getByLabel("Last date").fill(end);
    // Once (loaded machine) the typed time landed after the default instead of replacing it: the
    // field is filled again until it holds exactly what was typed.
    const times = series.getByLabel("Start times");
    await expect(async () => {
      await times.fill("16:00");
      await expect(times).toHaveValue("16:00", { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await series.getByLabel("Capacity").fill("2");
    await series.getByLabel("Course").selectOption({ label: "Advanced Python" });
    await series.getByRole("button", { name: "Add series" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "5 slots added." })).toBeVisible();

    const slots = await openSlots(page.request, "advance-python", `?from=${start}&to=${end}`);
    const ours = slots.filter((s) => s.time === "16:00");
    expect(ours).toHaveLength(5);
    expect((await bookByApi(page.request, "advance-python", ours[0]!.id, "Zara Khan")).status()).toBe(201);

    await page.getByLabel("From", { exact: true }).fill(start);
    await page.getByLabel("To", { exact: true }).fill(end);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    const card = page.getByRole("article").filter({ hasText: "Zara Khan" });
    await expect(card).toContainText("1 of 2 seats taken");
    await expect(card).toContainText("Advanced Python");
    const row = card.getByRole("row").filter({ hasText: "Zara Khan" });
    await expect(row).toContainText("Booked");
    await row.getByRole("button", { name: "Cancel booking" }).click();
    await expect(card).toContainText("0 of 2 seats taken");
    await expect(row).toContainText("Cancelled");
    expect(questions.at(-1)).toBe("Cancel this booking and free the seat? The parent will be e-mailed that the academy cancelled the class.");
    const after = (await openSlots(page.request, "advance-python", `?from=${start}&to=${end}`)).find((s) => s.id === ours[0]!.id);
    expect(after?.seatsLeft).toBe(2);

    // Deleting a slot that holds a booking says the parent will be told, then cancels and deletes it.
    expect((await bookByApi(page.request, "advance-python", ours[1]!.id, "Omar Ali")).status()).toBe(201);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    const booked = page.getByRole("article").filter({ hasText: "Omar Ali" });
    await expect(booked).toContainText("1 of 2 seats taken");
    await booked.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Slot deleted; 1 booking(s) cancelled and the parents e-mailed.")).toBeVisible();
    expect(questions.at(-1)).toBe("Delete this slot and cancel its 1 booking(s)? Each parent will be e-mailed that the academy cancelled the class.");
    await expect(page.getByRole("article").filter({ hasText: "Omar Ali" })).toHaveCount(0);
    expect((await openSlots(page.request, "advance-python", `?from=${start}&to=${end}`)).some((s) => s.id === ours[1]!.id)).toBe(false);
  });
});

test.describe("online demo classes, booking codes and calendar links", () => {
  test("staff add an online slot; the parent's confirmation has the code, the link and calendar buttons; staff find it by code", async ({ page }) => {
    const staff = await createAdminAccount(`online-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Online Staff");
    await page.goto("/admin/login");
    await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
    await page.getByLabel("Password", { exact: true }).fill(staff.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(ADMIN_HOME);
    await page.goto("/admin/slots");
    const date = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const create = page.getByRole("region", { name: "Add one slot" });
    await create.getByLabel("Date").fill(date);
    await create.getByLabel("Start time").fill("18:00");
    await create.getByLabel("Course").selectOption({ label: "Digital Literacy" });
    await create.getByLabel("Where").selectOption("online");
    await create.getByRole("button", { name: "Add slot" }).click();
    // An online slot needs its link.
    await expect(create.getByText("This field is required.")).toBeVisible();
    await create.getByLabel("Meeting link (online slots)").fill("https://meet.example.com/stem-demo");
    await create.getByRole("button", { name: "Add slot" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Slot added." })).toBeVisible();

    const slot = (await openSlots(page.request, "digital-literacy", `?from=${date}&to=${date}`)).find((s) => s.time === "18:00")!;
    expect((slot as Slot & { mode: string }).mode).toBe("online");
    const booked = await bookByApi(page.request, "digital-literacy", slot.id, "Noor Online");
    const { code, confirmationUrl } = (await booked.json()) as { code: string; confirmationUrl: string };
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(confirmationUrl);
      await expect(page.getByText(code, { exact: true })).toBeVisible();
      await expect(page.getByText("Quote this code when you call us.")).toBeVisible();
      await expect(page.getByText("Where: Online")).toBeVisible();
      await expect(page.getByRole("link", { name: "Join the class online" })).toHaveAttribute("href", "https://meet.example.com/stem-demo");
      await expect(page.getByRole("link", { name: "Add to Google Calendar" })).toHaveAttribute(
        "href",
        /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&text=Demo\+class.*meet\.example\.com/,
      );
      await expect(page.getByRole("link", { name: "Outlook" })).toHaveAttribute("href", /^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?/);
      await shot(page, `booking-confirmed-${width}-en`);
    }
    await page.goto(confirmationUrl.replace(/^\//, "/ar/"));
    await expect(page.getByRole("link", { name: "أضف إلى تقويم Google" })).toBeVisible();
    await expect(page.getByText("المكان: عبر الإنترنت")).toBeVisible();
    await shot(page, "booking-confirmed-390-ar");

    // A parent calls and reads the code out: staff find the booking.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/slots");
    await page.getByLabel("Booking code").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Find booking" }).click();
    await expect(page.getByRole("status").filter({ hasText: `The booking with code ${code}:` })).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: "Noor Online" });
    await expect(card).toContainText("Online");
    await expect(card).toContainText("https://meet.example.com/stem-demo");
    await expect(card.getByRole("row").filter({ hasText: "Noor Online" })).toContainText(code);
    await expect(page.getByRole("article")).toHaveCount(1);
    await shot(page, "admin-slots-code-1280-en");
  });
});

test.describe("demo class booking on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, waitForHydrationOnLoad: false });

  const labels = {
    en: {
      day: /, times available$/,
      time: /seats? left/,
      child: "Child's full name",
      age: "Child's age",
      parent: "Parent's name",
      email: "E-mail",
      phone: "Phone number",
      submit: "Book the demo class",
      warning: "This course is for ages 6 to 12.",
      confirm: /^Book anyway/,
      refused: 'Tick "Book anyway"',
      done: "Slot Confirmed with Omar Teen",
    },
    ar: {
      day: /، توجد أوقات متاحة$/,
      time: /مقعد|مقاعد|مقعدان/,
      child: "الاسم الكامل للطفل",
      age: "عمر الطفل",
      parent: "اسم وليّ الأمر",
      email: "البريد الإلكتروني",
      phone: "رقم الهاتف",
      submit: "احجز الحصة التجريبية",
      warning: "هذه الدورة للأعمار من 6 إلى 12.",
      confirm: /^احجز على أي حال/,
      refused: "لتأكيد الحجز",
      done: "تم تأكيد الحصة التجريبية لـOmar Teen",
    },
  } as const;

  for (const lang of scriptWalkLangs) {
    test(`a child older than the course's ages is booked only after the parent confirms (${lang})`, async ({ page }) => {
      const l = labels[lang];
      await page.goto(`${lang === "ar" ? "/ar" : ""}/courses/visual-block-coding/bookdemoclass`);
      // The age warning that appears while typing is the enhanced form's (the no-JS spec covers the post).
      await waitForHydration(page);
      await page.getByRole("button", { name: l.day }).first().click();
      await page.getByRole("button", { name: l.time }).first().click();
      await page.getByLabel(l.child).fill("Omar Teen");
      await page.getByLabel(l.age).fill("16");
      await page.getByLabel(l.parent).fill("Huda Teen");
      await page.getByLabel(l.email, { exact: true }).fill(`teen-${lang}-${Date.now()}@example.com`);
      await page.getByLabel(l.phone).fill("9876543210");
      await expect(page.getByText(l.warning)).toBeVisible();
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByText(l.refused)).toBeVisible();
      await expect(page.getByLabel(l.age)).toHaveAttribute("aria-invalid", "true");
      await page.getByText(l.warning).scrollIntoViewIfNeeded();
      await shot(page, `booking-age-390-${lang}`);
      await page.getByRole("checkbox", { name: l.confirm }).check();
      await page.getByRole("button", { name: l.submit }).click();
      await expect(page.getByRole("heading", { level: 1, name: l.done })).toBeVisible();
    });
  }
});

test.describe("demo class booking from another time zone", () => {
  test.use({ timezoneId: "Europe/London" });

  test("times are in the academy's zone and, once the page runs, on the visitor's own clock too", async ({ page, request }) => {
    // The server cannot know the visitor's zone: its HTML has the academy's times only.
    expect(await (await request.get(`/courses/${COURSE}/bookdemoclass`)).text()).not.toMatch(/Your time: \d\d:\d\d/);
    await page.goto(`/courses/${COURSE}/bookdemoclass`);
    await expect(page.getByText("Times are shown in India Standard Time (Asia/Kolkata).")).toBeVisible();
    await expect(page.getByText(/^Your own time \((Greenwich Mean Time|British Summer Time) \(Europe\/London\)\) is shown under each time\.$/)).toBeVisible();
    const [first] = await openSlots(page.request, COURSE);
    const london = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
      new Date(first!.startsAt),
    );
    await page
      .getByRole("button", { name: /, times available$/ })
      .first()
      .click();
    const time = page.getByRole("button", { name: /seats? left/ }).first();
    await expect(time).toContainText(`Your time: ${london}`);
    await time.click();
    await expect(page.getByText(new RegExp(`^Your choice: .+ at \\d\\d:\\d\\d \\(Your time: ${london}\\)$`))).toBeVisible();
    await shot(page, "booking-zone-1280-en");
    await fillDetails(page, { child: "Maya Far", age: "9", parent: "Lena Far", email: `far-${Date.now()}@example.com`, phone: "+44 20 7946 0958" });
    await page.getByRole("button", { name: "Book the demo class" }).click();
    const details = page.getByRole("region", { name: "Student Details" });
    await expect(details.getByText(new RegExp(`^${london} (Greenwich Mean Time|British Summer Time) \\(Europe/London\\)$`))).toBeVisible();
    await expect(details.getByText("+44 20 7946 0958")).toBeVisible();
  });
});

test.describe("demo class booking in the academy's own zone", () => {
  test.use({ timezoneId: "Asia/Kolkata" });

  test("shows no second time when the visitor's clock is the academy's", async ({ page }) => {
    await page.goto(`/ar/courses/${COURSE}/bookdemoclass`);
    await page
      .getByRole("button", { name: /، توجد أوقات متاحة$/ })
      .first()
      .click();
    await expect(page.getByRole("button", { name: /مقعد|مقاعد|مقعدان/ }).first()).toBeVisible();
    await expect(page.getByText("بتوقيتك")).toHaveCount(0);
  });
});

/** The cancel link of the confirmation e-mail, read from the e2e server's outbox folder. */
async function cancelTokenFromOutbox(reference: string): Promise<string> {
  const { readdirSync, readFileSync, existsSync } = await import("node:fs");
  const path = await import("node:path");
  const outbox = path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "outbox");
  let token = "";
  await expect
    .poll(() => {
      const files = existsSync(outbox) ? readdirSync(outbox) : [];
      for (const file of files) {
        const mail = readFileSync(path.join(outbox, file), "utf8")
          .replace(/=\r?\n/g, "")
          .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        if (!mail.includes(reference)) continue;
        token = /\/booking\/cancel\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? "";
      }
      return token;
    })
    .not.toBe("");
  return token;
}
