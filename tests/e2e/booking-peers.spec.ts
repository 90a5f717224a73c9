import { expect, scriptWalkLangs, test } from "./fixtures";
import { signInAsAdmin } from "./accounts";

/**
 * What the booking peers (Cal.com, Calendly, Outschool) offer, walked on a phone and a desktop:
 * times on the visitor's own clock, online classes with their link and calendar buttons, the short
 * booking code, and the catalogue for a child's age. Walked in the languages of scriptWalkLangs.
 */
const text = {
  en: {
    prefix: "",
    day: /, times available$/,
    time: /seats? left/,
    yourZone: /^Your own time \((Greenwich Mean Time|British Summer Time) \(Europe\/London\)\) is shown under each time\.$/,
    yourTime: "Your time: ",
    codeHint: "Quote this code when you call us.",
    where: "Where: Online",
    join: "Join the class online",
    google: "Add to Google Calendar",
    childAgeLabel: "Your child's age in years",
    show: "Show courses",
    childAgeSummary: "Courses for a child of 8.",
  },
  ar: {
    prefix: "/ar",
    day: /، توجد أوقات متاحة$/,
    time: /مقعد|مقاعد|مقعدان/,
    yourZone: /^يظهر وقتك المحلي \(.+\) تحت كل موعد\.$/,
    yourTime: "بتوقيتك: ",
    codeHint: "اذكر هذا الرمز عند الاتصال بنا.",
    where: "المكان: عبر الإنترنت",
    join: "انضم إلى الحصة عبر الإنترنت",
    google: "أضف إلى تقويم Google",
    childAgeLabel: "عمر طفلك بالسنوات",
    show: "اعرض الدورات",
    childAgeSummary: "الدورات المناسبة لطفل في عمر 8.",
  },
} as const;

let slotDay = 40;

// One walk with script in Arabic (decision 133), on a phone and then on a desktop: the three peers'
// offers are separate screens of one visitor's visit, so one browser context walks them all.
for (const lang of scriptWalkLangs) {
  test.describe(`booking peers, ${lang}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, timezoneId: "Europe/London" });
    const t = text[lang];

    test("own clock under each time, the catalogue for a child of 8, and an online class's confirmation, at 390 px and desktop", async ({ page }) => {
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 1280, height: 900 },
      ]) {
        await page.setViewportSize(viewport);
        // Each time also shows the visitor's own clock.
        await page.goto(`${t.prefix}/courses/robotics-fundamentals/bookdemoclass`);
        await expect(page.getByText(t.yourZone)).toBeVisible();
        await page.getByRole("button", { name: t.day }).first().click();
        await expect(page.getByRole("button", { name: t.time }).first()).toContainText(t.yourTime);

        // The catalogue lists every course that fits a child of 8.
        await page.goto(`${t.prefix}/courses`);
        await page.getByLabel(t.childAgeLabel).fill("8");
        await page.getByRole("button", { name: t.show }).click();
        await expect(page).toHaveURL(new RegExp(`${t.prefix}/courses\\?childAge=8$`));
        await expect(page.getByText(t.childAgeSummary)).toBeVisible();
        const fitting = (
          (await (await page.request.get(`/admin/course-dashboard/all-courses?childAge=8&lang=${lang}`)).json()) as { courses: { courseName: string }[] }
        ).courses;
        expect(fitting.length).toBeGreaterThan(0);
        for (const course of fitting) await expect(page.getByRole("heading", { name: course.courseName, exact: true })).toBeVisible();
      }

      // An online class: the confirmation has the short code, the meeting link and calendar buttons.
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAsAdmin(page);
      slotDay += 1;
      const date = new Date(Date.now() + slotDay * 86_400_000).toISOString().slice(0, 10);
      const created = await page.request.post("/api/admin/slots", {
        data: { date, time: "19:30", durationMinutes: 60, capacity: 3, mode: "online", meetingUrl: "https://meet.example.com/peers" },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const booked = await page.request.post("/api/courses/digital-literacy/demo-bookings", {
        headers: { "accept-language": lang },
        data: {
          slotId: id,
          childName: "Noor Peer",
          childAge: 10,
          parentName: "Huda Peer",
          email: `peer-${lang}-${Date.now()}@example.com`,
          phone: "+971 50 123 4567",
        },
      });
      expect(booked.status()).toBe(201);
      const { code, confirmationUrl } = (await booked.json()) as { code: string; confirmationUrl: string };
      expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}$/);
      await page.goto(confirmationUrl);
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(page.getByText(code, { exact: true })).toBeVisible();
      await expect(page.getByText(t.codeHint)).toBeVisible();
      await expect(page.getByText(t.where)).toBeVisible();
      await expect(page.getByRole("link", { name: t.join })).toHaveAttribute("href", "https://meet.example.com/peers");
      await expect(page.getByRole("link", { name: t.google })).toHaveAttribute("href", /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE/);
      await expect(page.getByRole("link", { name: "Outlook" })).toHaveAttribute("href", /^https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?/);
      // Nothing runs off a phone's screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 900 });
      await expect(page.getByRole("link", { name: t.join })).toBeVisible();
    });
  });
}
