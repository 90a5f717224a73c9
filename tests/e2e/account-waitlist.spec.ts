import { randomBytes } from "node:crypto";
import { provenParent, signInAsAdmin } from "./accounts";
import { expect, noScriptWalkLangs, scriptWalkLangs, test, waitForHydration, type Page } from "./fixtures";

/** My waitlist places on /account (decision 032): listed with the place in line or the held seat; leaving works without JavaScript. */

const COURSE = "digital-literacy";

const texts = {
  en: {
    prefix: "",
    section: "Waitlists",
    first: "Number 1 in line",
    held: "Seat held for you until",
    accept: "Accept the seat",
    leave: "Leave the waitlist",
    decline: "Decline the seat",
    left: "You have left the waitlist.",
    acceptHeading: "Your waitlist place",
    closed: "The academy closed this time, so its waitlist has ended.",
    bookAnother: "Book another time",
  },
  ar: {
    prefix: "/ar",
    section: "قوائم الانتظار",
    first: "ترتيبك في قائمة الانتظار: 1",
    held: "المقعد محجوز لك حتى",
    accept: "قبول المقعد",
    leave: "مغادرة قائمة الانتظار",
    decline: "الاعتذار عن المقعد",
    left: "لقد غادرت قائمة الانتظار.",
    acceptHeading: "مكانك في قائمة الانتظار",
    closed: "أغلقت الأكاديمية هذا الموعد، فانتهت قائمة انتظاره.",
    bookAnother: "احجز موعدًا آخر",
  },
} as const;

let slotDay = 140;

/** Staff make a one-seat time and fill it; returns its id. */
async function fullSlot(staff: Page): Promise<number> {
  slotDay += 1;
  const date = new Date(Date.now() + slotDay * 86_400_000).toISOString().slice(0, 10);
  const created = await staff.request.post("/api/admin/slots", { data: { date, time: "09:15", durationMinutes: 60, capacity: 1 } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const booked = await staff.request.post(`/api/courses/${COURSE}/demo-bookings`, {
    data: {
      slotId: id,
      childName: "First Child",
      childAge: 10,
      parentName: "First Parent",
      email: `acc-wl-holder-${randomBytes(4).toString("hex")}@example.com`,
      phone: "9876543210",
    },
  });
  expect(booked.status()).toBe(201);
  return id;
}

// One walk per language and mode (decision 133): with script in Arabic, without it in English.
for (const [lang, script] of [...noScriptWalkLangs.map((lang) => [lang, false] as const), ...scriptWalkLangs.map((lang) => [lang, true] as const)]) {
  const t = texts[lang];
  test(`${lang === "en" ? "English" : "Arabic"}${script ? "" : ", without JavaScript"}: /account lists my waitlist places; I leave one line and open the held seat`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const waitingSlot = await fullSlot(page);
    const offerSlot = await fullSlot(page);
    const context = await browser.newContext({ javaScriptEnabled: script });
    const parent = await context.newPage();
    const email = await provenParent(context.request, "acc-wl");
    for (const slotId of [waitingSlot, offerSlot]) {
      const joined = await parent.request.post(`/api/courses/${COURSE}/demo-waitlist?lang=${lang}`, {
        data: { slotId, childName: "Omar Wait", childAge: 9, parentName: "Mona Wait", email, phone: "9876543210" },
      });
      expect(joined.status()).toBe(201);
    }
    // A second seat on one time: it is held for this parent, first in its line.
    expect((await page.request.patch(`/api/admin/slots/${offerSlot}`, { data: { capacity: 2 } })).status()).toBe(200);

    await parent.goto(`${t.prefix}/account`);
    if (script) await waitForHydration(parent);
    const section = parent.getByRole("region", { name: t.section });
    await expect(section.getByRole("listitem")).toHaveCount(2);
    await expect(section.getByText(t.first)).toBeVisible();
    await expect(section.getByText(t.held)).toBeVisible();
    const accept = section.getByRole("link", { name: new RegExp(`^${t.accept}`) });
    await expect(accept).toHaveAttribute("href", new RegExp(`^${t.prefix}/booking/waitlist/accept\\?token=[\\w-]+$`));
    await expect(section.getByRole("button", { name: new RegExp(`^${t.decline}`) })).toBeVisible();

    // Leaving posts to the entry's page, which goes through the leave endpoint.
    await section.getByRole("button", { name: new RegExp(`^${t.leave}`) }).click();
    await expect(parent).toHaveURL(new RegExp(`${t.prefix}/booking/waitlist\\?token=[\\w-]+$`));
    await expect(parent.getByRole("status").filter({ hasText: t.left })).toBeVisible();

    await parent.goto(`${t.prefix}/account`);
    await expect(parent.getByRole("region", { name: t.section }).getByRole("listitem")).toHaveCount(1);
    await parent.getByRole("link", { name: new RegExp(`^${t.accept}`) }).click();
    await expect(parent.getByRole("heading", { level: 1, name: t.acceptHeading })).toBeVisible();
    await expect(parent.getByRole("button", { name: t.accept })).toBeVisible();

    // Staff close the time: the place is gone from /account and its page says why.
    const entryUrl = parent.url();
    expect((await page.request.patch(`/api/admin/slots/${offerSlot}`, { data: { status: "closed" } })).status()).toBe(200);
    await parent.goto(entryUrl);
    await expect(parent.getByText(t.closed)).toBeVisible();
    await expect(parent.getByRole("link", { name: t.bookAnother })).toHaveAttribute("href", `${t.prefix}/courses/${COURSE}/bookdemoclass`);
    await parent.goto(`${t.prefix}/account`);
    await expect(parent.getByRole("region", { name: t.section })).toHaveCount(0);
    await context.close();
  });
}

test("the leave form's target answers hostile posts with a 4xx, never a 5xx", async ({ page }) => {
  const cases: Record<string, string>[] = [
    { token: "", intent: "leave" },
    { token: "x".repeat(5000), intent: "leave" },
    { token: "abc\u0000def", intent: "leave" },
    { token: "<script>alert(1)</script>", intent: "leave" },
    { token: "a".repeat(24), intent: "delete" },
    { token: "a".repeat(24), intent: "leave" },
  ];
  for (const form of cases) {
    for (const path of ["/booking/waitlist?token=x", "/ar/booking/waitlist"]) {
      const response = await page.request.post(path, { form, maxRedirects: 0 });
      expect(response.status(), `${path} ${JSON.stringify(form).slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(response.status()).toBeLessThan(500);
    }
  }
});
