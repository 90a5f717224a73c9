import { randomBytes } from "node:crypto";
import { signInAsAdmin, waitForResetLink } from "./accounts";
import { expect, test, type APIRequestContext, type Page } from "./fixtures";

/** My waitlist places on /account (decision 032): listed with the place in line or the held seat; leaving works without JavaScript. */

const COURSE = "digital-literacy";
const PASSWORD = "Parent-Passw0rd";

const texts = {
  en: {
    prefix: "",
    section: "Demo class waitlists",
    first: "Number 1 in line",
    held: "Seat held for you until",
    accept: "Accept the seat",
    leave: "Leave the waitlist",
    decline: "Decline the seat",
    left: "You have left the waitlist.",
    acceptHeading: "Your waitlist place",
  },
  ar: {
    prefix: "/ar",
    section: "قوائم انتظار الحصص التجريبية",
    first: "رقمك 1 في الدور",
    held: "المقعد محجوز لك حتى",
    accept: "قبول المقعد",
    leave: "مغادرة قائمة الانتظار",
    decline: "الاعتذار عن المقعد",
    left: "لقد غادرت قائمة الانتظار.",
    acceptHeading: "مكانك في قائمة الانتظار",
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
    data: { slotId: id, childName: "First Child", childAge: 10, parentName: "First Parent", email: `acc-wl-holder-${randomBytes(4).toString("hex")}@example.com`, phone: "9876543210" },
  });
  expect(booked.status()).toBe(201);
  return id;
}

/** A parent account whose e-mail is proven (through the reset link), signed in on `request`. */
async function provenParent(request: APIRequestContext): Promise<string> {
  const email = `acc-wl-${randomBytes(5).toString("hex")}@example.com`;
  expect((await request.post("/register", { data: { username: "Mona Wait", email, password: PASSWORD, contactNumber: "9876543210" } })).status()).toBe(201);
  expect((await request.post("/api/password/forgot", { data: { email } })).status()).toBe(200);
  const token = new URL(await waitForResetLink(email)).searchParams.get("token");
  expect((await request.post("/api/password/reset", { data: { token, password: PASSWORD } })).status()).toBe(200);
  expect((await request.post("/login", { data: { email, password: PASSWORD } })).status()).toBe(200);
  return email;
}

for (const lang of ["en", "ar"] as const) {
  const t = texts[lang];
  test(`${lang === "en" ? "English" : "Arabic"}, without JavaScript: /account lists my waitlist places; I leave one line and open the held seat`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const waitingSlot = await fullSlot(page);
    const offerSlot = await fullSlot(page);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const parent = await context.newPage();
    const email = await provenParent(context.request);
    for (const slotId of [waitingSlot, offerSlot]) {
      const joined = await parent.request.post(`/api/courses/${COURSE}/demo-waitlist?lang=${lang}`, {
        data: { slotId, childName: "Omar Wait", childAge: 9, parentName: "Mona Wait", email, phone: "9876543210" },
      });
      expect(joined.status()).toBe(201);
    }
    // A second seat on one time: it is held for this parent, first in its line.
    expect((await page.request.patch(`/api/admin/slots/${offerSlot}`, { data: { capacity: 2 } })).status()).toBe(200);

    await parent.goto(`${t.prefix}/account`);
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
    await context.close();
  });
}
