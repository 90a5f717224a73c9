import path from "node:path";
import Database from "better-sqlite3";
import { expect, noScriptWalkLangs, test } from "./fixtures";
import { randomBytes } from "node:crypto";
import { createAdminAccount } from "./accounts";

// Bulk actions on a submission list without JavaScript (issue 16): the ticks belong to a plain
// form, "Select all on this page" is a link, "Change status" posts to the page.

const dbFile = path.join(process.env.E2E_DATA_DIR ?? "data-e2e", "app.db");

function insertMessages(tag: string, count: number): number[] {
  const db = new Database(dbFile);
  db.pragma("busy_timeout = 5000");
  const now = new Date().toISOString();
  const insert = db.prepare("insert into contact_messages (email, description, status, notes, created_at, updated_at) values (?, ?, 'new', '', ?, ?)");
  const ids = Array.from({ length: count }, (_, i) => Number(insert.run(`${tag}-${i}@example.com`, `Bulk ${tag} ${i}`, now, now).lastInsertRowid));
  db.close();
  return ids;
}

// Walked without script in English only (issue 40, decision 133): Arabic with script is
// submissions-bulk.spec.ts; Arabic's counted messages are in submissions-bulk.api.test.ts.
for (const lang of noScriptWalkLangs) {
  test(`without JavaScript (${lang}): tick rows, change their status; select all on the page`, async ({ page }) => {
    const tag = `nojs${lang}${Date.now()}`;
    const [first, second, third] = insertMessages(tag, 3) as [number, number, number];
    const staff = await createAdminAccount(`bulk-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Bulk Staff");
    await page.goto("/admin/login");
    await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
    await page.getByLabel("Password", { exact: true }).fill(staff.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/admin\?notice=login-ok/);
    const prefix = lang === "ar" ? "/ar" : "";
    await page.goto(`${prefix}/admin/submissions/contact?q=${tag}`);
    const label = lang === "ar" ? "اختيار الصف" : "Choose row";
    await page.getByRole("checkbox", { name: `${label} ${first}`, exact: true }).check();
    await page.getByRole("checkbox", { name: `${label} ${third}`, exact: true }).check();
    await page.getByLabel(lang === "ar" ? "تغيير الحالة إلى" : "Change status to").selectOption("closed");
    await page.getByRole("button", { name: lang === "ar" ? "تغيير الحالة" : "Change status", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: lang === "ar" ? "تغيرت حالة صفين." : "Status changed on 2 rows." })).toBeVisible();
    await expect(page.locator("tr").filter({ hasText: `${tag}-0@` })).toContainText(lang === "ar" ? "مغلق" : "Closed");
    await expect(page.locator("tr").filter({ hasText: `${tag}-1@` })).not.toContainText(lang === "ar" ? "مغلق" : "Closed");

    // Nothing ticked: the page says so and changes nothing.
    await page.goto(`${prefix}/admin/submissions/contact?q=${tag}`);
    await page.getByRole("button", { name: lang === "ar" ? "تغيير الحالة" : "Change status", exact: true }).click();
    await expect(page.getByRole("alert")).toHaveText(lang === "ar" ? "حدّد صفًا واحدًا على الأقل أولًا." : "Tick at least one row first.");

    await page.getByRole("link", { name: lang === "ar" ? "تحديد كل صفوف هذه الصفحة" : "Select all on this page" }).click();
    await expect(page).toHaveURL(/select=all/);
    for (const id of [first, second, third]) await expect(page.getByRole("checkbox", { name: `${label} ${id}`, exact: true })).toBeChecked();
    await page.getByLabel(lang === "ar" ? "تغيير الحالة إلى" : "Change status to").selectOption("contacted");
    await page.getByRole("button", { name: lang === "ar" ? "تغيير الحالة" : "Change status", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: lang === "ar" ? "تغيرت حالة 3 صفوف." : "Status changed on 3 rows." })).toBeVisible();

    // "Export chosen rows" downloads the CSV of the ticked rows only.
    await page.getByRole("checkbox", { name: `${label} ${second}`, exact: true }).check();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: lang === "ar" ? "تصدير الصفوف المحددة" : "Export chosen rows" }).click();
    const file = await (await download).path();
    const { readFileSync } = await import("node:fs");
    const lines = readFileSync(file, "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${second},${tag}-1@example.com,`));
  });
}

test("without JavaScript: tick demo bookings in the slots list, mark them attended, cancel one after the page asks", async ({ page }) => {
  const staff = await createAdminAccount(`bookings-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Bookings Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\?notice=login-ok/);
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date(Date.now() + 130 * 86_400_000));
  const course = "python-for-beginners";
  const db = new Database(dbFile);
  const { id: courseId } = db.prepare("select id from courses where slug = ?").get(course) as { id: number };
  db.close();
  const created = await page.request.post("/api/admin/slots", { data: { date, time: "15:00", durationMinutes: 60, capacity: 5, courseId } });
  expect(created.status()).toBe(201);
  const slotId = ((await created.json()) as { id: number }).id;
  for (const child of ["Aya", "Badr"]) {
    const booked = await page.request.post(`/api/courses/${course}/demo-bookings`, {
      data: {
        slotId,
        childName: child,
        childAge: 13,
        parentName: "Huda",
        email: `${child.toLowerCase()}.${randomBytes(3).toString("hex")}@example.com`,
        phone: "9876543210",
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
  }
  await page.goto(`/ar/admin/slots?view=list&from=${date}&to=${date}`);
  await page.getByRole("checkbox", { name: /^اختيار حجز Aya/ }).check();
  await page.getByRole("checkbox", { name: /^اختيار حجز Badr/ }).check();
  const form = page.getByRole("form", { name: "الحجوزات المحددة" });
  await form.getByLabel("تغيير الحالة إلى").selectOption("attended");
  await form.getByRole("button", { name: "تغيير الحالة", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "تغيرت حالة صفين." })).toBeVisible();
  await expect(page.locator("tr").filter({ hasText: "Aya" })).toContainText("تمّ الحضور");

  await page.getByRole("checkbox", { name: /^اختيار حجز Badr/ }).check();
  await form.getByLabel("تغيير الحالة إلى").selectOption("cancelled");
  await form.getByRole("button", { name: "تغيير الحالة", exact: true }).click();
  await expect(page.getByRole("alertdialog")).toContainText("إلغاء حجز واحد؟");
  await page.getByRole("button", { name: "نعم، ألغِها" }).click();
  await expect(page.getByRole("status").filter({ hasText: "تغيرت حالة صف واحد." })).toBeVisible();
  await expect(page.locator("tr").filter({ hasText: "Badr" })).toContainText("ملغى");
  await expect(page.locator("tr").filter({ hasText: "Aya" })).toContainText("تمّ الحضور");
});
