import { randomBytes } from "node:crypto";
import { expect, noScriptWalkLangs, scriptWalkLangs, test, type APIRequestContext } from "./fixtures";

/** Moving a demo booking to another time (issue 17, decision 029), in English and Arabic, with and without JavaScript. */

const COURSE = "robotics-fundamentals";
const PASSWORD = "Parent-Passw0rd";

const texts = {
  en: {
    prefix: "",
    heading: "Change the time of your demo class",
    reschedule: "Change the time",
    move: "Move my booking",
    moved: "Your demo class has moved to the new time. We have e-mailed you the new details.",
  },
  ar: {
    prefix: "/ar",
    heading: "تغيير موعد حصتك التجريبية",
    reschedule: "تغيير الموعد",
    move: "نقل حجزي",
    moved: "نُقلت حصتك التجريبية إلى الموعد الجديد. أرسلنا إليك التفاصيل الجديدة بالبريد الإلكتروني.",
  },
} as const;

interface AccountBooking {
  reference: string;
  startsAt: string;
  rescheduleUrl: string | null;
}

/** A signed-in parent (the request context's cookie) with one booking of the first open time. */
async function parentWithBooking(request: APIRequestContext, lang: "en" | "ar"): Promise<{ child: string; booking: AccountBooking }> {
  const email = `resched-${randomBytes(5).toString("hex")}@example.com`;
  expect((await request.post("/register", { data: { username: "Mona Saleh", email, password: PASSWORD, contactNumber: "9876543210" } })).status()).toBe(201);
  expect((await request.post("/login", { data: { email, password: PASSWORD } })).status()).toBe(200);
  // A time more than a day ahead: within the cut-off (12 hours as shipped) it could not be moved.
  const slots = ((await (await request.get(`/api/courses/${COURSE}/demo-slots`)).json()) as { slots: { id: number; startsAt: string }[] }).slots.filter(
    (slot) => Date.parse(slot.startsAt) > Date.now() + 86_400_000,
  );
  expect(slots.length).toBeGreaterThan(1);
  const child = `Yara ${randomBytes(3).toString("hex")}`;
  const booked = await request.post(`/api/courses/${COURSE}/demo-bookings?lang=${lang}`, {
    data: { slotId: slots[0]!.id, childName: child, childAge: 10, parentName: "Mona Saleh", email, phone: "9876543210" },
  });
  expect(booked.status()).toBe(201);
  return { child, booking: await ownBooking(request, lang) };
}

async function ownBooking(request: APIRequestContext, lang: "en" | "ar"): Promise<AccountBooking> {
  const account = (await (await request.get(`/api/account?lang=${lang}`)).json()) as { bookings: { upcoming: AccountBooking[] } };
  return account.bookings.upcoming[0]!;
}

// One walk per language (issue 40, decision 133): from My account with script in Arabic, the
// e-mail's link without script in English.
for (const lang of scriptWalkLangs) {
  const t = texts[lang];

  test(`${lang === "en" ? "English" : "Arabic"}: from My account, a parent moves the booking to another time`, async ({ page }) => {
    const { child, booking } = await parentWithBooking(page.request, lang);
    await page.goto(`${t.prefix}/account`);
    const row = page.locator("li", { hasText: child });
    await row.getByRole("link", { name: new RegExp(`^${t.reschedule}: `) }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/booking/reschedule\\?token=`));
    await expect(page.getByRole("heading", { level: 1, name: t.heading })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
    // The current time cannot be chosen: listed disabled while it still has seats (other tests may
    // have filled it), and always named above the list.
    expect(await page.locator("input[type=radio][disabled]").count()).toBeLessThanOrEqual(1);

    await page.locator("input[type=radio]:not([disabled])").first().check();
    await page.getByRole("button", { name: t.move }).click();
    await expect(page).toHaveURL(
      new RegExp(`${t.prefix}/courses/${COURSE}/bookdemoclass/book-demo-class-slot-booked-page\\?ref=${booking.reference}&notice=rescheduled`),
    );
    await expect(page.getByRole("status").filter({ hasText: t.moved })).toBeVisible();
    const moved = await ownBooking(page.request, lang);
    expect(moved.reference).toBe(booking.reference);
    expect(moved.startsAt).not.toBe(booking.startsAt);
  });
}

for (const lang of noScriptWalkLangs) {
  const t = texts[lang];

  test(`${lang === "en" ? "English" : "Arabic"}: the e-mail's link works without signing in and without JavaScript`, async ({ page, browser }) => {
    const { booking } = await parentWithBooking(page.request, lang);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const anonymous = await context.newPage();
    await anonymous.goto(booking.rescheduleUrl!);
    await expect(anonymous.getByRole("heading", { level: 1, name: t.heading })).toBeVisible();
    await anonymous.locator("input[type=radio]:not([disabled])").nth(1).check();
    await anonymous.getByRole("button", { name: t.move }).click();
    await expect(anonymous).toHaveURL(/notice=rescheduled/);
    await expect(anonymous.getByRole("status").filter({ hasText: t.moved })).toBeVisible();
    expect((await ownBooking(page.request, lang)).startsAt).not.toBe(booking.startsAt);

    // Moving again to the same time is refused on the page, with the message, not an error page.
    await anonymous.goto(booking.rescheduleUrl!);
    await expect(anonymous.locator("input[type=radio][disabled]")).toHaveCount(1);
    await context.close();
  });
}
