import { expect, scriptWalkLangs, test, type Page, shot } from "./fixtures";
import { provenParent, signInAsAdmin } from "./accounts";

/**
 * Check-in with class passes (issue 45 item 4, decision 141), in both languages at 390 px: a parent
 * opens the children's passes from /account; staff (who teach every group) open the pass's link,
 * as a phone's camera would, mark the child present, and the roster shows it. The group, with one
 * class late today and one seat, is made through the API and cancelled at the end, so no other
 * walk picks it.
 */
const TZ = "Asia/Kolkata";
const academyDate = (days = 0) => new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date(Date.now() + days * 86_400_000));
const academyWeekday = () =>
  ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(new Intl.DateTimeFormat("en-US", { timeZone: TZ, weekday: "short" }).format(new Date()));

const T = {
  en: {
    prefix: "",
    passes: "Class passes (QR)",
    title: "Class passes",
    mark: (c: string) => `Mark ${c} present`,
    done: (c: string) => `${c} is marked present.`,
    roster: "Open the class's roster",
    hand: (c: string) => `Hand ${c} over to`,
    collected: (n: string) => `Collected by ${n}`,
  },
  ar: {
    prefix: "/ar",
    passes: "بطاقات الحضور (رمز QR)",
    title: "بطاقات الحضور",
    mark: (c: string) => `رصد حضور ${c}`,
    done: (c: string) => `رُصد حضور ${c}.`,
    roster: "افتح قائمة أطفال الحصة",
    hand: (c: string) => `تسليم ${c} إلى`,
    collected: (n: string) => `تمّ التسليم إلى ${n}`,
  },
} as const;

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

for (const lang of scriptWalkLangs) {
  test(`a parent shows a class pass and the instructor checks the child in at 390 px (${lang})`, async ({ page, browser }) => {
    test.setTimeout(90_000);
    const t = T[lang];
    const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const staff = await staffContext.newPage();
    await signInAsAdmin(staff);
    const listed = (await (await staff.request.get("/api/admin/sections")).json()) as { sections: { courseId: number; minAge: number }[] };
    const created = await staff.request.post("/api/admin/sections", {
      data: {
        courseId: listed.sections[0]!.courseId,
        weekdays: [academyWeekday()],
        startTime: lang === "en" ? "23:40" : "23:45",
        durationMinutes: 30,
        firstDate: academyDate(),
        meetings: 1,
        capacity: 1,
        // Open until tomorrow, so a run late in the evening can still enrol.
        registrationClosesAt: `${academyDate(2)}T12:00`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      const email = await provenParent(page.request, `check-in-${lang}`);
      const child = `Noor ${lang} ${Date.now() % 10_000}`;
      const enrolled = await page.request.post(`/api/sections/${id}/enrolments`, {
        data: { childName: child, childAge: listed.sections[0]!.minAge, parentName: "Mona Wait", email, phone: "+91 98765 43210" },
      });
      expect(enrolled.status(), await enrolled.text()).toBe(201);

      // The parent finds the pass from /account.
      await page.goto(`${t.prefix}/account`);
      await page.getByRole("link", { name: t.passes }).click();
      await expect(page.getByRole("heading", { level: 1, name: t.title })).toBeVisible();
      const pass = page.locator("li[data-pass]").filter({ hasText: child });
      await expect(pass.getByRole("img")).toBeVisible();
      await shots(page, `class-passes-${lang}`);

      // The QR code holds the check-in page's URL, in the family's language; a phone's camera opens it.
      const { passes } = (await (await page.request.get(`/api/account/class-passes?lang=${lang}`)).json()) as { passes: { childName: string; url: string }[] };
      const url = new URL(passes.find((p) => p.childName === child)!.url);
      await staff.goto(url.pathname + url.search);
      await staff.getByRole("button", { name: t.mark(child) }).click();
      await expect(staff.getByRole("status").filter({ hasText: t.done(child) })).toBeVisible();
      await shots(staff, `check-in-done-${lang}`);
      await staff.getByRole("link", { name: t.roster }).click();
      await expect(staff.locator(`input[type=radio][value=present]:checked`)).toHaveCount(1);
    } finally {
      expect((await staff.request.post(`/api/admin/sections/${id}/cancel`, { data: { confirm: true } })).status()).toBe(200);
      await staffContext.close();
    }
  });
}

/**
 * Pickup at the end of a class (decision 142) at 390 px. Arabic with script: the parent opens their
 * pickup pass on /ar/account/pickup; staff open the pass's link, see the collector's name and hand the
 * child over; the roster says who collected. English without script (plain forms): staff choose the
 * person of the child's pickup list and enter their PIN. The group and the optional pickup form made
 * here are cancelled and withdrawn at the end.
 */
for (const lang of ["ar", "en"] as const) {
  test(`a collector is checked at pickup and the child handed over at 390 px (${lang}, ${lang === "ar" ? "with" : "without"} script)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const t = T[lang];
    const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: lang === "ar" });
    const staff = await staffContext.newPage();
    await signInAsAdmin(staff);
    const listed = (await (await staff.request.get("/api/admin/sections")).json()) as { sections: { courseId: number; minAge: number }[] };
    const created = await staff.request.post("/api/admin/sections", {
      data: {
        courseId: listed.sections[0]!.courseId,
        weekdays: [academyWeekday()],
        startTime: lang === "en" ? "23:20" : "23:25",
        durationMinutes: 30,
        firstDate: academyDate(),
        meetings: 1,
        capacity: 1,
        registrationClosesAt: `${academyDate(2)}T12:00`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // The PIN walk needs a pickup list: an optional pickup form, withdrawn at the end.
    const form = { required: false, titleEn: `Pickup ${id}`, titleAr: `الاستلام ${id}`, bodyEn: "Who collects", bodyAr: "من يستلم" };
    const formId =
      lang === "en"
        ? ((await (await staff.request.post("/api/admin/consent-forms", { data: { kind: "pickup", ...form } })).json()) as { id: number }).id
        : null;
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      const email = await provenParent(page.request, `pickup-${lang}`);
      const child = `Sami ${lang} ${Date.now() % 10_000}`;
      let consent = {};
      if (formId !== null) {
        const { forms } = (await (await page.request.get("/api/consent/forms")).json()) as { forms: { formId: number; versionId: number }[] };
        const v = forms.find((f) => f.formId === formId)!.versionId;
        consent = { [`consent_${v}`]: "yes", [`consent_${v}_name1`]: "Omar Driver", [`consent_${v}_phone1`]: "+91 98765 43211", [`consent_${v}_pin1`]: "4321" };
      }
      const enrolled = await page.request.post(`/api/sections/${id}/enrolments`, {
        data: { childName: child, childAge: listed.sections[0]!.minAge, parentName: "Mona Wait", email, phone: "+91 98765 43210", ...consent },
      });
      expect(enrolled.status(), await enrolled.text()).toBe(201);

      // The parent's own pickup pass, valid today.
      await page.goto(`${t.prefix}/account/pickup`);
      await expect(page.locator("[data-pickup-pass] img")).toBeVisible();
      await shots(page, `account-pickup-${lang}`);
      const { pass } = (await (await page.request.get(`/api/account/pickup-pass?lang=${lang}`)).json()) as { pass: { name: string; url: string } };

      // Staff open the pass's link (a phone's camera would): the collector's name and the child's button.
      const url = new URL(pass.url);
      await staff.goto(url.pathname + url.search);
      await expect(staff.locator("[data-collector]")).toHaveText(pass.name);
      const hand = staff.getByRole("button", { name: t.hand(child) });
      await expect(hand).toBeVisible();
      await shots(staff, `pickup-pass-${lang}`);
      let collector = pass.name;
      if (lang === "ar") await hand.click();
      else {
        // Without script: the child's screen, the person of the pickup list and their PIN.
        const { today } = (await (await staff.request.get("/api/teaching/meetings")).json()) as { today: { id: number; sectionId: number }[] };
        const meetingId = today.find((m) => m.sectionId === id)!.id;
        const { enrolmentId } = (await enrolled.json()) as { enrolmentId?: number };
        const roster = (await (await staff.request.get(`/api/teaching/meetings/${meetingId}`)).json()) as { children: { enrolmentId: number }[] };
        await staff.goto(`/teaching/pickup?meeting=${meetingId}&enrolment=${enrolmentId ?? roster.children[0]!.enrolmentId}`);
        await staff.getByRole("radio", { name: "Omar Driver" }).check();
        await staff.getByLabel("PIN", { exact: true }).fill("4321");
        await staff.getByRole("button", { name: "Check the PIN and hand over" }).click();
        collector = "Omar Driver";
      }
      await expect(staff.getByRole("status").filter({ hasText: t.collected(collector) })).toBeVisible();
      await shots(staff, `pickup-done-${lang}`);
      await staff.getByRole("link", { name: t.roster }).click();
      await expect(staff.getByText(t.collected(collector), { exact: true })).toBeVisible();
    } finally {
      expect((await staff.request.post(`/api/admin/sections/${id}/cancel`, { data: { confirm: true } })).status()).toBe(200);
      if (formId !== null) expect((await staff.request.put(`/api/admin/consent-forms/${formId}`, { data: { ...form, active: false } })).status()).toBe(200);
      await staffContext.close();
    }
  });
}
