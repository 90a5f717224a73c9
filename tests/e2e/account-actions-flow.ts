import { randomBytes } from "node:crypto";
import { signInAsAdmin } from "./accounts";
import { expect, type Page, shot } from "./fixtures";

/**
 * Parents act from /account (issue 42 step 8): a signed-in parent's enrolment card has "Change
 * group" and "Withdraw"; each opens the enrolment's own page at its part, which states what it does
 * to the money before the parent confirms. The parent changes group and sees the new group's
 * classes on the card; the withdraw part states what is cancelled. Screenshots of /account, the
 * enrolment's page and the make-ups page at 390 and 1280 px go to /tmp/shots-acct. The same walk
 * runs without JavaScript: links are links and every form posts.
 */

const COURSE = "robotics-fundamentals";

const T = {
  en: {
    change: /^Change group/,
    withdraw: /^Withdraw/,
    moveSubmit: "Move to this group",
    moved: "The child has moved to the new group.",
    owed: "What is still owed on the invoice",
    back: "Back to my account",
    children: "Your children",
    enrolledIn: "Enrolled in:",
  },
  ar: {
    change: /^تغيير المجموعة/,
    withdraw: /^إلغاء التسجيل/,
    moveSubmit: "النقل إلى هذه المجموعة",
    moved: "انتقل الطفل إلى المجموعة الجديدة.",
    owed: "سيُلغى المبلغ المتبقي المستحق على الفاتورة",
    back: "العودة إلى حسابي",
    children: "أطفالك",
    enrolledIn: "التسجيل الحالي:",
  },
} as const;

let day = 40;

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `${name}-${width}`, { fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

export async function accountActionsWalk(page: Page, lang: "en" | "ar", variant: "js" | "no-js" = "js") {
  const t = T[lang];
  const prefix = lang === "ar" ? "/ar" : "";
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(page);
  const course = (await (await page.request.get(`/api/courses/${COURSE}/sections`)).json()) as { course: { id: number }; sections: { minAge: number }[] };
  day += 5;
  const firstDate = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
  const group = async (startTime: string) => {
    const res = await page.request.post("/api/admin/sections", {
      data: {
        courseId: course.course.id,
        weekdays: [0, 6],
        startTime,
        durationMinutes: 60,
        firstDate,
        meetings: 6,
        capacity: 4,
      },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const from = await group("08:15");
  const to = await group("13:45");

  // A parent signs up and in (the session replaces staff's), then enrols a child while signed in.
  const email = `acct-${randomBytes(5).toString("hex")}@example.com`;
  expect(
    (
      await page.request.post("/register", {
        data: {
          username: "Sara Ahmed",
          email,
          password: "Parent-Passw0rd",
          contactNumber: "9876543210",
        },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await page.request.post("/login", {
        data: { email, password: "Parent-Passw0rd" },
      })
    ).status(),
  ).toBe(200);
  const enrolled = await page.request.post(`/api/sections/${from}/enrolments`, {
    data: {
      childName: "Omar Ahmed",
      childAge: course.sections[0]!.minAge,
      parentName: "Sara Ahmed",
      email,
      phone: "9876543210",
    },
    headers: { "accept-language": lang },
  });
  expect(enrolled.status()).toBe(201);
  const { code } = (await enrolled.json()) as { code: string };

  // /account: the card has both actions; the children's list names the child with the course.
  await page.goto(`${prefix}/account`);
  const card = page.locator(`[data-enrolment="${code}"]`);
  await expect(card).toContainText("08:15");
  await expect(card.getByRole("link", { name: t.change })).toBeVisible();
  await expect(page.locator(`section[aria-labelledby="children-heading"]`)).toContainText(t.enrolledIn);
  await expect(page.locator(`section[aria-labelledby="children-heading"]`)).toContainText("Omar Ahmed");
  if (variant === "js") await shots(page, `account-${lang}`);

  // Change group: the enrolment's page at its move part, the money stated, then the move.
  await card.getByRole("link", { name: t.change }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/enrolments/manage\\?token=[\\w-]+#move$`));
  await expect(page.locator('[data-money="move"]')).toBeVisible();
  await page.locator(`#move-${to}`).check();
  await page.getByRole("button", { name: t.moveSubmit, exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: t.moved })).toBeVisible();
  await page.getByRole("link", { name: t.back }).click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/account#timetable-heading$`));
  await expect(page.locator(`[data-enrolment="${code}"]`)).toContainText("13:45");
  await expect(page.locator(`[data-enrolment="${code}"]`)).not.toContainText("08:15");

  // Withdraw: the drop part states what is cancelled (the whole invoice: nothing was paid) before the button.
  await page.locator(`[data-enrolment="${code}"]`).getByRole("link", { name: t.withdraw }).click();
  await expect(page).toHaveURL(/#drop$/);
  const money = page.locator('[data-money="drop"]');
  await expect(money).toContainText(t.owed);
  await expect(money).toContainText(/\d/);
  if (variant === "js") await shots(page, `enrolment-manage-${lang}`);

  // The make-ups page opens short: the credits, then the next four classes and a link for the rest.
  await page.goto(`${prefix}/account/makeups`);
  await expect(page.locator("form").filter({ has: page.locator('input[name="meetingId"]') })).toHaveCount(4);
  await page.locator(`a[href*="all=1"]`).first().click();
  await expect(page.locator("form").filter({ has: page.locator('input[name="meetingId"]') })).toHaveCount(6);
  await page.goto(`${prefix}/account/makeups`);
  if (variant === "js") await shots(page, `makeups-${lang}`);
}
