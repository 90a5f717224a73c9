import { expect, test, type Page, shot } from "./fixtures";
import { signInAsAdmin } from "./accounts";

// Staff side of course groups (issue 29): create a group with a closed date, edit it, see its
// roster (and CSV), cancel one class, and find its classes on the slots calendar, in both languages.
// Dates are picked far beyond the seeded groups and the other specs' slots.

const TZ = "Asia/Kolkata";
const academyDate = (daysAhead: number) => new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date(Date.now() + daysAhead * 86_400_000));
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The first Monday on or after a date. */
const mondayFrom = (date: string) => plusDays(date, (8 - new Date(`${date}T00:00:00Z`).getUTCDay()) % 7);

const texts = {
  en: {
    prefix: "",
    heading: "Course groups",
    newGroup: "New group",
    created: "Group created.",
    cancelGroup: "Cancel group",
    cancelGroupConfirm: "Yes, cancel the group and e-mail every family",
    statusSaved: "The group's status was changed.",
    create: "Create group",
    edit: "Edit group",
    roster: "Roster",
    capacity: "Seats",
    save: "Save group",
    saved: "Group saved.",
    change: "Move or cancel this class",
    confirm: "Yes, cancel this class and e-mail every family",
    cancel: "Cancel class",
    changed: "Class changed. Every enrolled family was e-mailed.",
    cancelled: "Cancelled",
    csv: "Download the roster (CSV)",
    groupClass: "Group class",
    parentColumn: "Parent",
    manage: "Move or drop",
  },
  ar: {
    prefix: "/ar",
    heading: "مجموعات الدورات",
    newGroup: "مجموعة جديدة",
    created: "أُنشئت المجموعة.",
    cancelGroup: "إلغاء المجموعة",
    cancelGroupConfirm: "نعم، ألغِ المجموعة وراسل كل العائلات",
    statusSaved: "تغيّرت حالة المجموعة.",
    create: "إنشاء المجموعة",
    edit: "تعديل المجموعة",
    roster: "قائمة الأطفال",
    capacity: "المقاعد",
    save: "حفظ المجموعة",
    saved: "حُفظت المجموعة.",
    change: "نقل هذه الحصة أو إلغاؤها",
    confirm: "نعم، ألغِ هذه الحصة وراسل كل العائلات",
    cancel: "إلغاء الحصة",
    changed: "تغيّرت الحصة. أُرسل بريد إلكتروني إلى كل عائلة مسجَّلة.",
    cancelled: "ملغاة",
    csv: "تنزيل القائمة (CSV)",
    groupClass: "حصة مجموعة",
    parentColumn: "وليّ الأمر",
    manage: "نقل أو إلغاء التسجيل",
  },
} as const;

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await shot(page, `${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const lang of ["en", "ar"] as const) {
  const l = texts[lang];

  test(`staff create a group with a closed date, edit it, see the roster and cancel one class (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signInAsAdmin(page);
    const first = mondayFrom(academyDate(lang === "en" ? 150 : 165));
    const closed = plusDays(first, 7);
    const startTime = lang === "en" ? "16:20" : "16:40";

    // The list is a table with a "New group" link; a new group is made on its own page (issue 42 step 9).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${l.prefix}/admin/sections`);
    await expect(page.getByRole("heading", { level: 1, name: l.heading })).toBeVisible();
    await expect(page.getByRole("button", { name: l.cancelGroup })).toHaveCount(0);
    await page.getByRole("link", { name: l.newGroup }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/admin/sections/new$`));
    await expect(page.getByRole("heading", { level: 1, name: l.newGroup })).toBeVisible();
    const form = page.locator("main form[method=post]");
    await form.locator('select[name="courseId"]').selectOption({ index: 0 });
    await form.locator('input[name="wd1"]').check();
    await form.locator('input[name="startTime"]').fill(startTime);
    await form.locator('input[name="firstDate"]').fill(first);
    await form.locator('input[name="meetings"]').fill("4");
    await form.locator('textarea[name="closures"]').fill(closed);
    await form.locator('input[name="capacity"]').fill("5");
    await shoot(page, `section-new-${lang}`);
    await form.getByRole("button", { name: l.create }).click();
    // Saved, the browser lands on the new group's own page, which says so.
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/admin/sections/\\d+\\?saved=created$`));
    await expect(page.getByRole("status").filter({ hasText: l.created })).toBeVisible();

    // The group's classes: four Mondays, the closed one skipped.
    const listed = await (await page.request.get("/api/admin/sections")).json();
    const group = listed.sections.find((s: { firstDate: string; startTime: string }) => s.firstDate === first && s.startTime === startTime);
    expect(group, "the new group").toBeTruthy();
    expect(page.url()).toContain(`/admin/sections/${group.id}?`);
    const dates = group.meetings.map((m: { startsAt: string }) => new Intl.DateTimeFormat("en-CA", { timeZone: TZ }).format(new Date(m.startsAt)));
    expect(dates).toEqual([first, plusDays(first, 14), plusDays(first, 21), plusDays(first, 28)]);
    await shoot(page, `section-created-${lang}`);

    // The list filtered by the group's course (a GET form) shows it as a row.
    await page.goto(`${l.prefix}/admin/sections?course=${group.courseId}&status=open`);
    await expect(page.getByRole("row").filter({ has: page.locator(`a[href$="/admin/sections/${group.id}"]`) })).toHaveCount(1);
    await shoot(page, `sections-list-${lang}`);

    // A family enrols (as the course page would post it).
    const child = lang === "en" ? "Maya Roster" : "ليان القائمة";
    const parentEmail = `roster-${lang}-${Date.now()}@example.com`;
    const enrolled = await page.request.post(`/api/sections/${group.id}/enrolments`, {
      data: {
        childName: child,
        childAge: group.minAge,
        parentName: lang === "en" ? "Nadia Roster" : "سارة القائمة",
        email: parentEmail,
        phone: "+91 98765 43210",
      },
      headers: { "accept-language": lang },
    });
    expect(enrolled.status()).toBe(201);

    // Edit: every field is in the form, filled in; one change saved.
    await page.goto(`${l.prefix}/admin/sections/${group.id}`);
    const edit = page.locator("#edit form");
    await expect(edit.locator('input[name="firstDate"]')).toHaveValue(first);
    await expect(edit.locator('input[name="startTime"]')).toHaveValue(startTime);
    await expect(edit.locator('textarea[name="closures"]')).toHaveValue(closed);
    await expect(edit.locator('input[name="wd1"]')).toBeChecked();
    await edit.getByLabel(l.capacity, { exact: true }).fill("6");
    await edit.getByRole("button", { name: l.save }).click();
    await expect(page.getByRole("status").filter({ hasText: l.saved })).toBeVisible();
    await expect(edit.getByLabel(l.capacity, { exact: true })).toHaveValue("6");
    await shoot(page, `section-edit-${lang}`);

    // The roster: the child, the parent's contacts, and the CSV link.
    await page.getByRole("link", { name: l.roster, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/sections/${group.id}/roster$`));
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader", { name: l.parentColumn })).toBeVisible();
    await expect(table.getByRole("rowheader", { name: child })).toBeVisible();
    await expect(table.getByRole("link", { name: parentEmail })).toBeVisible();
    await expect(page.getByRole("link", { name: l.csv })).toHaveAttribute("href", `/api/admin/sections/${group.id}/roster.csv`);
    const csv = await page.request.get(`/api/admin/sections/${group.id}/roster.csv`);
    expect(await csv.text()).toContain(parentEmail);
    await shoot(page, `section-roster-${lang}`);
    // Each child links to the staff enrolment page (move or drop, decision 067).
    const manage = table.getByRole("link", { name: `${l.manage}: ${child}` });
    await expect(manage).toHaveAttribute("href", new RegExp(`^${l.prefix}/admin/enrolments/[\\w-]+$`));
    await manage.click();
    await expect(page).toHaveURL(new RegExp(`/admin/enrolments/[\\w-]+$`));
    await expect(page.getByText(child).first()).toBeVisible();

    // Cancel the second class: it shows as cancelled.
    await page.goto(`${l.prefix}/admin/sections/${group.id}`);
    const second = page.locator("#meetings li").nth(1);
    await second.getByText(l.change).click();
    await second.getByLabel(l.confirm).check();
    await second.getByRole("button", { name: l.cancel }).click();
    await expect(page.locator("#meetings li").nth(1).getByText(l.changed)).toBeVisible();
    await expect(page.locator("#meetings li").nth(1).getByText(l.cancelled, { exact: true })).toBeVisible();
    await expect(page.locator("#meetings li").nth(1).locator("s")).toHaveCount(1);
    await shoot(page, `section-meetings-${lang}`);

    // The slots calendar shows the group's classes beside the demo slots, linking to the group.
    await page.goto(`${l.prefix}/admin/slots?view=week&date=${first}`);
    // Other groups (the seeded terms) may have classes that week too: this group's cards are found by their link.
    const ours = page.locator(`[data-group-class]:has(a[href*="/admin/sections/${group.id}#"])`);
    await expect(ours.filter({ hasText: l.groupClass })).toHaveCount(1);
    await page.goto(`${l.prefix}/admin/slots?view=week&date=${plusDays(first, 14)}`);
    await expect(ours.filter({ hasText: l.cancelled })).toHaveCount(1);
    await expect(ours.locator("s")).toHaveCount(1);
    await shoot(page, `slots-calendar-groups-${lang}`);
    await ours.locator("a").first().click();
    await expect(page).toHaveURL(new RegExp(`/admin/sections/${group.id}#meeting-\\d+$`));

    // Cancelling the whole group happens on its own page, behind a confirmation box.
    await page.goto(`${l.prefix}/admin/sections/${group.id}`);
    const status = page.locator("#status");
    await status.getByLabel(l.cancelGroupConfirm).check();
    await status.getByRole("button", { name: l.cancelGroup }).click();
    await expect(status.getByRole("status").filter({ hasText: l.statusSaved })).toBeVisible();
    await expect(status.getByRole("button", { name: l.cancelGroup })).toHaveCount(0);
  });
}
