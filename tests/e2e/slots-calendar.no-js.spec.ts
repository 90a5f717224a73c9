import { expect, test } from "./fixtures";
import { randomBytes } from "node:crypto";
import { createAdminAccount } from "./accounts";

// The staff slots calendar without JavaScript (issue 16): links move the calendar, an empty hour
// opens the create form filled in, the form posts to the page, and the bulk form closes and (after
// its question) deletes the ticked slots.

const academyDate = (daysAhead: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date(Date.now() + daysAhead * 86_400_000));

test("without JavaScript: a click on an empty hour, the filled-in form, then bulk close and delete", async ({ page }) => {
  const staff = createAdminAccount(`calendar-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Calendar Staff");
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
  const slot = page.locator("td").filter({ hasText: "Advanced Python" }).filter({ hasText: "0/5 seats" });
  await expect(slot).toHaveCount(1);

  await slot.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Close chosen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 slot(s) closed." })).toBeVisible();
  await expect(page.locator("td").filter({ hasText: "Advanced Python" })).toContainText("Closed");

  await page.locator("td").filter({ hasText: "Advanced Python" }).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Delete chosen" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("Delete 1 slot(s)?");
  await page.getByRole("button", { name: "Yes, delete them" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 slot(s) deleted." })).toBeVisible();
  await expect(page.locator("td").filter({ hasText: "Advanced Python" })).toHaveCount(0);
});
