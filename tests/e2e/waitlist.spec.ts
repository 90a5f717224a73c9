import { randomBytes } from "node:crypto";
import { parseEml } from "~server/test/outbox";
import { outboxMails, signInAsAdmin } from "./accounts";
import { expect, noScriptWalkLangs, scriptWalkLangs, test, waitForHydration, type Page } from "./fixtures";

/** The waitlist of a full demo time (issue 17, part 3; decision 032): join, get the offer, accept it, in both languages, with and without JavaScript. */

const COURSE = "digital-literacy";

const texts = {
  en: {
    prefix: "",
    join: "Join the waitlist",
    joinHeading: "Join the waitlist",
    statusHeading: "Your waitlist place",
    first: "You are number 1 in line.",
    held: "A seat is held for you until",
    accept: "Accept the seat",
    leave: "Leave the waitlist",
    leftMessage: "You have left the waitlist.",
    booked: "Slot Confirmed with Laila Wait",
    fullDay: /, fully booked, waitlist open$/,
    openDay: /, times available$/,
    fullLegend: "Fully booked: choose the day to join its waitlist.",
  },
  ar: {
    prefix: "/ar",
    join: "الانضمام إلى قائمة الانتظار",
    joinHeading: "الانضمام إلى قائمة الانتظار",
    statusHeading: "مكانك في قائمة الانتظار",
    first: "ترتيبك في قائمة الانتظار: 1.",
    held: "هناك مقعد محجوز لك حتى",
    accept: "قبول المقعد",
    leave: "مغادرة قائمة الانتظار",
    leftMessage: "لقد غادرت قائمة الانتظار.",
    booked: "تم تأكيد الحصة التجريبية لـLaila Wait",
    fullDay: /، محجوز بالكامل، قائمة الانتظار متاحة$/,
    openDay: /، توجد أوقات متاحة$/,
    fullLegend: "محجوز بالكامل: اختر اليوم لتنضم إلى قائمة انتظاره.",
  },
} as const;

let slotDay = 50;

/** Staff (the page's session) make a one-seat time and fill it; returns its id and academy date. */
async function fullSlot(page: Page): Promise<{ id: number; date: string }> {
  slotDay += 1;
  const date = new Date(Date.now() + slotDay * 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post("/api/admin/slots", { data: { date, time: "08:45", durationMinutes: 60, capacity: 1 } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const booked = await page.request.post(`/api/courses/${COURSE}/demo-bookings`, {
    data: {
      slotId: id,
      childName: "First Child",
      childAge: 10,
      parentName: "First Parent",
      email: `wl-holder-${randomBytes(4).toString("hex")}@example.com`,
      phone: "9876543210",
    },
  });
  expect(booked.status()).toBe(201);
  return { id, date };
}

/** The accept link of the offer e-mailed for this entry's token. */
async function offerLink(token: string): Promise<string> {
  let link = "";
  await expect
    .poll(() => {
      for (const raw of outboxMails()) {
        const found = new RegExp(`https?://\\S+/booking/waitlist/accept\\?token=${token}`).exec(parseEml(raw).text);
        if (found) return (link = found[0]);
      }
      return "";
    })
    .not.toBe("");
  return link;
}

// One walk per language (issue 40, decision 133): with script in Arabic, without it in English.
const walks = [...scriptWalkLangs.map((lang) => ({ lang, script: true })), ...noScriptWalkLangs.map((lang) => ({ lang, script: false }))];
for (const { lang, script } of walks) {
  const t = texts[lang];
  test(`${lang === "en" ? "English" : "Arabic"}${script ? "" : ", without JavaScript"}: a parent joins a full time's waitlist and accepts the seat offered`, async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page);
    const slot = await fullSlot(page);
    const context = await browser.newContext({ javaScriptEnabled: script });
    const parent = await context.newPage();

    // The booking page shows the full time with its waitlist.
    await parent.goto(`${t.prefix}/courses/${COURSE}/bookdemoclass?date=${slot.date}#step-time`);
    // The booking page is an island without React Router (decision 108): its script marks data-enhanced.
    if (script) await waitForHydration(parent);
    // The calendar tells a day whose every time is taken from one with seats (other tests may
    // have opened times on the same day, so the day's own open times decide which it is).
    const open = (await (await parent.request.get(`/api/courses/${COURSE}/demo-slots?from=${slot.date}&to=${slot.date}`)).json()) as { slots: unknown[] };
    const day = parent.locator(`button[data-date="${slot.date}"]`);
    await expect(day).toHaveAccessibleName(open.slots.length === 0 ? t.fullDay : t.openDay);
    if (open.slots.length === 0) await expect(parent.getByText(t.fullLegend)).toBeVisible();
    const joinLink = parent.locator(`a[href$="/bookdemoclass/waitlist?slot=${slot.id}"]`);
    await expect(joinLink).toHaveText(t.join);
    await joinLink.click();
    await expect(parent.getByRole("heading", { level: 1, name: t.joinHeading })).toBeVisible();
    await expect(parent.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");

    const email = `wl-${lang}-${script ? "js" : "nojs"}-${randomBytes(4).toString("hex")}@example.com`;
    const form = parent.locator("form#waitlist-form");
    await form.locator("input[name=childName]").fill("Laila Wait");
    await form.locator("input[name=childAge]").fill("10");
    await form.locator("input[name=parentName]").fill("Sara Wait");
    await form.locator("input[name=email]").fill(email);
    await form.locator("input[name=phone]").fill("9876543210");
    await form.getByRole("button", { name: t.join }).click();
    await expect(parent).toHaveURL(new RegExp(`${t.prefix}/booking/waitlist\\?token=[\\w-]+$`));
    await expect(parent.getByRole("heading", { level: 1, name: t.statusHeading })).toBeVisible();
    await expect(parent.getByText(t.first)).toBeVisible();
    const token = new URL(parent.url()).searchParams.get("token")!;

    // Staff add a seat: it is offered to the first in line and e-mailed.
    expect((await page.request.patch(`/api/admin/slots/${slot.id}`, { data: { capacity: 2 } })).status()).toBe(200);
    const link = await offerLink(token);
    expect(new URL(link).pathname).toBe(`${t.prefix}/booking/waitlist/accept`);
    await parent.goto(`${new URL(link).pathname}${new URL(link).search}`);
    await expect(parent.getByText(t.held)).toBeVisible();
    await parent.getByRole("button", { name: t.accept }).click();
    await expect(parent).toHaveURL(new RegExp(`${t.prefix}/courses/${COURSE}/bookdemoclass/book-demo-class-slot-booked-page\\?ref=`));
    await expect(parent.getByRole("heading", { level: 1 })).toContainText(t.booked);
    await context.close();

    // Staff see the line emptied and both seats taken.
    const admin = (await (await page.request.get(`/api/admin/slots?from=${slot.date}&to=${slot.date}`)).json()) as {
      slots: { id: number; seatsTaken: number; waitlist: unknown[] }[];
    };
    expect(admin.slots.find((s) => s.id === slot.id)).toMatchObject({ seatsTaken: 2, waitlist: [] });
  });
}

// Leaving is a plain form post: walked once, without script (issue 40, decision 133).
for (const lang of noScriptWalkLangs) {
  const t = texts[lang];
  test(`${lang === "en" ? "English" : "Arabic"}, without JavaScript: the joined e-mail's link leaves the line`, async ({ page, browser }) => {
    await signInAsAdmin(page);
    const slot = await fullSlot(page);
    const joined = await page.request.post(`/api/courses/${COURSE}/demo-waitlist?lang=${lang}`, {
      data: {
        slotId: slot.id,
        childName: "Omar Leave",
        childAge: 9,
        parentName: "Rana Leave",
        email: `wl-leave-${randomBytes(4).toString("hex")}@example.com`,
        phone: "9876543210",
      },
    });
    expect(joined.status()).toBe(201);
    const { statusUrl } = (await joined.json()) as { statusUrl: string };
    const context = await browser.newContext({ javaScriptEnabled: false });
    const parent = await context.newPage();
    await parent.goto(statusUrl);
    await expect(parent.getByText(t.first)).toBeVisible();
    await parent.getByRole("button", { name: t.leave }).click();
    await expect(parent.getByRole("status").filter({ hasText: t.leftMessage })).toBeVisible();
    await expect(parent.getByRole("button", { name: t.leave })).toHaveCount(0);
    await context.close();
  });
}
