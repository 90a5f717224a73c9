import { expect, test } from "./fixtures";
import { randomBytes } from "node:crypto";
import { createAdminAccount } from "./accounts";

// The staff slots calendar without JavaScript (issue 16): links move the calendar, an empty hour
// opens the create form filled in, the form posts to the page, and the bulk form closes and (after
// its question) deletes the ticked slots.

const academyDate = (daysAhead: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date(Date.now() + daysAhead * 86_400_000));

test("without JavaScript: a click on an empty hour, the filled-in form, then bulk close and delete", async ({ page }) => {
  const staff = await createAdminAccount(`calendar-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Calendar Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\?notice=login-ok/);
  const date = academyDate(112);
  await page.goto(`/admin/slots?view=day&date=${date}`);
  await page.locator(`a[href*="create=${date}T11:00"]`).click();
  const create = page.getByRole("region", { name: "Add one slot" });
  await expect(create.getByLabel("Date")).toHaveValue(date);
  await expect(create.getByLabel("Start time")).toHaveValue("11:00");
  await create.getByLabel("Course").selectOption({ label: "Advanced Python" });
  await create.getByRole("button", { name: "Add slot" }).click();
  // Back on the week of the new slot, which holds it.
  await expect(page).toHaveURL(new RegExp(`view=week&date=${date}#slots-list$`));
  // Demo slots only: the week may also hold a course group's class of the same course (issue 29).
  const demoSlots = page.locator("td li:not([data-group-class])");
  const slot = demoSlots.filter({ hasText: "Advanced Python" }).filter({ hasText: "0/5 seats" });
  await expect(slot).toHaveCount(1);

  await slot.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Close chosen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 slot(s) closed." })).toBeVisible();
  await expect(demoSlots.filter({ hasText: "Advanced Python" })).toContainText("Closed");

  await demoSlots.filter({ hasText: "Advanced Python" }).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Delete chosen" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Delete 1 slot(s)?");
  await page.getByRole("button", { name: "Yes, delete them" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 slot(s) deleted." })).toBeVisible();
  await expect(demoSlots.filter({ hasText: "Advanced Python" })).toHaveCount(0);
});

test("without JavaScript: closing a time people wait for asks first, naming how many will be e-mailed", async ({ page }) => {
  const staff = await createAdminAccount(`close-wait-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Close Staff");
  await page.goto("/ar/admin/login");
  await page.getByLabel("البريد الإلكتروني", { exact: true }).fill(staff.email);
  await page.getByLabel("كلمة المرور", { exact: true }).fill(staff.password);
  await page.locator("main").getByRole("button", { name: "دخول", exact: true }).click();
  await expect(page).toHaveURL(/\/ar\/admin\?notice=login-ok/);
  // A one-seat time, taken, with two parents waiting (through the public API).
  const date = academyDate(113);
  const created = await page.request.post("/api/admin/slots", {
    data: { date, time: "12:30", durationMinutes: 60, capacity: 1 },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const person = (n: number) => ({
    slotId: id,
    childName: "Wait Child",
    childAge: 9,
    parentName: "Wait Parent",
    email: `close-wait-${n}-${randomBytes(3).toString("hex")}@example.com`,
    phone: "9876543210",
  });
  expect((await page.request.post("/api/courses/digital-literacy/demo-bookings", { data: person(0) })).status()).toBe(201);
  for (const n of [1, 2]) expect((await page.request.post("/api/courses/digital-literacy/demo-waitlist", { data: person(n) })).status()).toBe(201);

  await page.goto(`/ar/admin/slots?view=day&date=${date}`);
  const slot = page.locator("td").filter({ hasText: "1/1" });
  await slot.getByRole("checkbox").check();
  await page.getByRole("button", { name: "أغلق المختارة" }).click();
  const question = page.getByRole("alertdialog");
  await expect(question).toContainText("إغلاق 1 من المواعيد؟");
  await expect(question).toContainText("سيخرج 2 من أولياء الأمور المنتظرين لمقعد من قائمة الانتظار");
  // Nothing closed yet: the time still takes people in line.
  const before = (await (await page.request.get(`/api/admin/slots?from=${date}&to=${date}`)).json()) as {
    slots: { id: number; status: string; waitlist: unknown[] }[];
  };
  expect(before.slots.find((s) => s.id === id)).toMatchObject({ status: "open" });
  expect(before.slots.find((s) => s.id === id)?.waitlist).toHaveLength(2);
  await question.getByRole("button", { name: "نعم، أغلقها" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1" })).toBeVisible();
  const after = (await (await page.request.get(`/api/admin/slots?from=${date}&to=${date}`)).json()) as {
    slots: { id: number; status: string; waitlist: unknown[] }[];
  };
  expect(after.slots.find((s) => s.id === id)).toMatchObject({ status: "closed" });
  expect(after.slots.find((s) => s.id === id)?.waitlist).toHaveLength(0);
});
