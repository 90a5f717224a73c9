import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { createAdminAccount } from "./accounts";

// A course group's edit page without JavaScript (issue 29): the form posts to the page, a refused
// field comes back with its message and the values as typed; one class moved, a past time refused.

const academyDate = (daysAhead: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date(Date.now() + daysAhead * 86_400_000));

test("without JavaScript: edit a group (a refused field, then saved) and move one class (a past time refused)", async ({ page }) => {
  const staff = await createAdminAccount(`sections-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Sections Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\?notice=login-ok/);
  const listed = await (await page.request.get("/api/admin/sections")).json();
  const courseId = listed.sections[0].course.id;
  const created = await page.request.post("/api/admin/sections", {
    data: { courseId, weekdays: [2], startTime: "15:10", durationMinutes: 45, firstDate: academyDate(180), meetings: 3, capacity: 4 },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  await page.goto(`/ar/admin/sections/${id}`);
  const edit = page.locator("#edit form");
  await edit.locator('input[name="durationMinutes"]').fill("5");
  await edit.locator('input[name="startTime"]').fill("15:30");
  await edit.getByRole("button", { name: "حفظ المجموعة" }).click();
  // Refused: the field's message in Arabic, the values as typed.
  await expect(edit.locator('input[name="durationMinutes"]')).toHaveAttribute("aria-invalid", "true");
  await expect(edit.locator('input[name="startTime"]')).toHaveValue("15:30");
  await edit.locator('input[name="durationMinutes"]').fill("50");
  await edit.getByRole("button", { name: "حفظ المجموعة" }).click();
  await expect(page.getByRole("status").filter({ hasText: "حُفظت المجموعة." })).toBeVisible();
  await expect(edit.locator('input[name="startTime"]')).toHaveValue("15:30");
  await expect(edit.locator('input[name="durationMinutes"]')).toHaveValue("50");

  await page.goto(`/admin/sections/${id}`);
  const first = page.locator("#meetings li").first();
  await first.locator("summary").click();
  await first.locator('input[name="date"]').fill(academyDate(-2));
  await first.getByRole("button", { name: "Move class" }).click();
  await expect(page.locator("#meetings li").first().getByRole("alert")).toHaveText("Choose a date and time still ahead: a class cannot move into the past.");
  const again = page.locator("#meetings li").first();
  await again.locator('input[name="date"]').fill(academyDate(181));
  await again.locator('input[name="time"]').fill("09:40");
  await again.getByRole("button", { name: "Move class" }).click();
  await expect(page.locator("#meetings li").getByText("Class changed. Every enrolled family was e-mailed.")).toBeVisible();
  await expect(page.locator("#meetings")).toContainText("09:40");
});

// The settings pages without JavaScript (issue 42 step 9, decision 116): the index is links, a page
// posts only its own fields to its action (PUT /api/admin/settings in process), a refused field
// comes back with its message and every value as typed, and a save comes back with a notice.
test("without JavaScript: a settings page refuses a tax rate, keeps what was typed, then saves only its own settings", async ({ page }) => {
  const staff = await createAdminAccount(`settings-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Settings Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(staff.email);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\?notice=login-ok/);
  const before = (await (await page.request.get("/api/admin/settings")).json()).settings;
  try {
    await page.goto("/admin/settings");
    await page.getByRole("link", { name: /^Tax, invoices and payment/ }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/money$/);
    const percent = page.getByLabel("Tax rate (%)", { exact: true });
    await page.getByLabel("Tax name", { exact: true }).fill("VAT");
    await percent.fill("5.125");
    await page.getByLabel("Cheque").uncheck();
    await page.getByLabel("Bank details (English)").fill("Academy Bank\nIBAN AE07 0331 2345 6789 0123 456");
    await page.getByRole("button", { name: "Save" }).click();
    // Refused: the field's message, every value as typed, nothing saved.
    await expect(percent).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("This value is not valid.")).toBeVisible();
    await expect(page.getByLabel("Tax name", { exact: true })).toHaveValue("VAT");
    await expect(page.getByLabel("Cheque")).not.toBeChecked();
    await expect(page.getByLabel("Cash")).toBeChecked();
    await expect(page.getByLabel("Bank details (English)")).toHaveValue("Academy Bank\nIBAN AE07 0331 2345 6789 0123 456");
    expect((await (await page.request.get("/api/admin/settings")).json()).settings).toEqual(before);

    await percent.fill("5.5");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\/settings\/money\?notice=settings-saved/);
    await expect(page.getByRole("status").filter({ hasText: "Settings saved." })).toBeVisible();
    await expect(percent).toHaveValue("5.5");
    await expect(page.getByLabel("Cheque")).not.toBeChecked();
    const after = (await (await page.request.get("/api/admin/settings")).json()).settings;
    expect(after).toMatchObject({
      taxName: "VAT",
      taxRateBp: 550,
      payMethods: ["cash", "bank_transfer"],
      bankDetails: { en: "Academy Bank\nIBAN AE07 0331 2345 6789 0123 456", ar: before.bankDetails.ar },
    });
    // Only this page's settings were sent: the other pages' are as they were.
    expect({ ...after, taxName: before.taxName, taxRateBp: before.taxRateBp, payMethods: before.payMethods, bankDetails: before.bankDetails }).toEqual(before);
  } finally {
    const { taxName, taxRateBp, payMethods, bankDetails } = before;
    expect((await page.request.put("/api/admin/settings", { data: { taxName, taxRateBp, payMethods, bankDetails } })).status()).toBe(200);
  }
});
