import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, scriptWalkLangs, test, type APIRequestContext, type Page, shot } from "./fixtures";

/** My account (issue 17): the parent's own space in both languages. */

const COURSE = "robotics-fundamentals";
const PASSWORD = "Parent-Passw0rd";

const texts = {
  en: {
    prefix: "",
    email: "E-mail",
    password: "Password",
    login: "Log in",
    heading: "My account",
    booked: "Booked",
    cancel: "Cancel this booking",
    name: "Full name",
    save: "Save profile",
    saved: "Your profile has been saved.",
    download: "Download my data",
    confirm: /Type your e-mail to confirm/,
    delete: "Delete my account for good",
    mismatch: "Type the e-mail of this account exactly to confirm.",
    deleted: "Your account has been deleted.",
    myAccount: "My account",
  },
  ar: {
    prefix: "/ar",
    email: "البريد الإلكتروني",
    password: "كلمة المرور",
    login: "تسجيل الدخول",
    heading: "حسابي",
    booked: "محجوز",
    cancel: "إلغاء هذا الحجز",
    name: "الاسم الكامل",
    save: "حفظ الملف الشخصي",
    saved: "تم حفظ ملفك الشخصي.",
    download: "تنزيل بياناتي",
    confirm: /اكتب بريدك الإلكتروني للتأكيد/,
    delete: "حذف حسابي نهائيًا",
    mismatch: "اكتب البريد الإلكتروني لهذا الحساب كما هو تمامًا للتأكيد.",
    deleted: "تم حذف حسابك.",
    myAccount: "حسابي",
  },
} as const;

async function register(request: APIRequestContext, username: string) {
  const email = `account-${randomBytes(5).toString("hex")}@example.com`;
  const response = await request.post("/register", { data: { username, email, password: PASSWORD, contactNumber: "9876543210" } });
  expect(response.status()).toBe(201);
  return email;
}

/** Books the first open time through the API with the page's session (so the booking carries the account). */
async function bookWhileSignedIn(request: APIRequestContext, email: string, childName: string) {
  const slots = (await (await request.get(`/api/courses/${COURSE}/demo-slots`)).json()) as { slots: { id: number; startsAt: string }[] };
  // A time more than a day ahead, so the parent may still cancel or move it (cut-off: 12 hours as shipped).
  const slot = slots.slots.find((s) => Date.parse(s.startsAt) > Date.now() + 86_400_000);
  expect(slot).toBeTruthy();
  const booked = await request.post(`/api/courses/${COURSE}/demo-bookings`, {
    data: { slotId: slot!.id, childName, childAge: 10, parentName: "Sara Ali", email, phone: "9876543210" },
  });
  expect(booked.status()).toBe(201);
}

async function signInThroughAccountPage(page: Page, lang: "en" | "ar", email: string) {
  const t = texts[lang];
  await page.goto(`${t.prefix}/account`);
  // Signed out: the sign-in page, which comes back here afterwards.
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/login\\?next=${encodeURIComponent(`${t.prefix}/account`)}$`));
  await page.getByLabel(t.email, { exact: true }).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: t.login, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/account(\\?|$)`));
  await expect(page.getByRole("heading", { level: 1, name: t.heading })).toBeVisible();
}

for (const lang of scriptWalkLangs) {
  test(`my account in ${lang === "en" ? "English" : "Arabic"}: sign in, see a booking, change the name, download the data, delete the account`, async ({
    page,
  }) => {
    const t = texts[lang];
    const email = await register(page.request, "Sara Ali");
    await signInThroughAccountPage(page, lang, email);
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");

    const child = `Omar ${randomBytes(3).toString("hex")}`;
    await bookWhileSignedIn(page.request, email, child);
    await page.reload();
    const booking = page.locator("li", { hasText: child });
    await expect(booking).toContainText(t.booked);
    await expect(booking.getByRole("link", { name: new RegExp(`^${t.cancel}: `) })).toHaveAttribute("href", new RegExp(`^${t.prefix}/booking/cancel\\?token=`));
    // The e-mail is isolated left to right inside the page's text.
    await expect(page.locator("bdi[dir=ltr]", { hasText: email }).first()).toBeVisible();

    // The account menu leads here.
    await page.getByRole("button", { name: /Sara Ali/ }).click();
    await expect(page.getByRole("link", { name: t.myAccount, exact: true })).toHaveAttribute("href", `${t.prefix}/account`);
    await page.keyboard.press("Escape");

    await page.getByLabel(t.name, { exact: true }).fill("Sara Hassan");
    await page.getByRole("button", { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await expect(page.getByRole("button", { name: /^SH: / })).toBeVisible();
    await expect(page.getByLabel(t.name, { exact: true })).toHaveValue("Sara Hassan");

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: t.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("stem-academy-my-data.json");
    const text = readFileSync((await download.path())!, "utf8");
    const data = JSON.parse(text) as { profile: { username: string; email: string }; demoBookings: { childName: string }[] };
    expect(data.profile).toMatchObject({ username: "Sara Hassan", email });
    expect(data.demoBookings.map((b) => b.childName)).toEqual([child]);
    expect(text).not.toMatch(/password_hash|argon2/);

    const confirm = page.getByLabel(t.confirm);
    await confirm.fill("someone-else@example.com");
    await page.getByRole("button", { name: t.delete }).click();
    await expect(page.getByText(t.mismatch).first()).toBeVisible();
    await confirm.fill(email);
    await page.getByRole("button", { name: t.delete }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix === "" ? "/" : "/ar"}\\?notice=account-deleted`));
    await expect(page.getByRole("status").filter({ hasText: t.deleted })).toBeVisible();
    expect((await page.request.get("/api/getUser")).status()).toBe(401);
    expect((await page.request.post("/login", { data: { email, password: PASSWORD } })).status()).toBe(401);
  });
}

test("the account page fits a phone and a desktop in both languages (screenshots with SHOTS_DIR)", async ({ page }) => {
  const email = await register(page.request, "Layla Hassan");
  expect((await page.request.post("/login", { data: { email, password: PASSWORD } })).status()).toBe(200);
  await bookWhileSignedIn(page.request, email, "Yusuf Hassan");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const lang of ["en", "ar"] as const) {
      await page.goto(`${texts[lang].prefix}/account`);
      await expect(page.getByRole("heading", { level: 1, name: texts[lang].heading })).toBeVisible();
      // Nothing sticks out sideways (a long e-mail or a wide list would make the page scroll).
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${lang} at ${width}px`).toBeLessThanOrEqual(0);
      await shot(page, `account-${lang}-${width}`, { fullPage: true });
    }
  }
});
