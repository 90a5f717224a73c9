import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";

/** Saved children without JavaScript (decision 033): the forms post to /account; the booking page fills a child in by its link. */

test("saved children without JavaScript: add (a refusal first), rename, fill in the booking form, remove", async ({ page }) => {
  const email = `nojs-children-${randomBytes(5).toString("hex")}@example.com`;
  expect(
    (await page.request.post("/register", { data: { username: "Sara Ali", email, password: "Parent-Passw0rd", contactNumber: "9876543210" } })).status(),
  ).toBe(201);
  expect((await page.request.post("/login", { data: { email, password: "Parent-Passw0rd" } })).status()).toBe(200);

  await page.goto("/ar/account");
  const add = page.locator("#account-child-add-form");
  await add.getByLabel("اسم الطفل").fill("ليلى");
  await add.getByLabel("العمر").fill("3");
  await add.getByRole("button", { name: "إضافة الطفل" }).click();
  // Refused: back beside the field, with what was typed.
  await expect(page.locator("#account-child-add-form").getByText("يرجى إدخال عمر من 4 إلى 18 سنة.")).toBeVisible();
  await expect(page.locator("#account-child-add-form").getByLabel("اسم الطفل")).toHaveValue("ليلى");
  await page.locator("#account-child-add-form").getByLabel("العمر").fill("6");
  await page.locator("#account-child-add-form").getByRole("button", { name: "إضافة الطفل" }).click();
  await expect(page).toHaveURL(/\/ar\/account\?notice=child-added/);
  await expect(page.getByRole("status").filter({ hasText: "تمت إضافة بيانات الطفل." })).toBeVisible();

  const layla = page.getByRole("form", { name: "ليلى" });
  await layla.getByLabel("اسم الطفل").fill("ليلى علي");
  await layla.getByRole("button", { name: /^حفظ/ }).click();
  await expect(page).toHaveURL(/\/ar\/account\?notice=child-saved/);
  await expect(page.getByRole("form", { name: "ليلى علي" }).getByLabel("العمر")).toHaveValue("6");

  // The booking page: the child's link reloads it with ?child= and the server fills the fields in.
  await page.goto("/courses/robotics-fundamentals/bookdemoclass");
  await page.getByRole("link", { name: /^ليلى علي/ }).click();
  await expect(page).toHaveURL(/\?child=\d+#step-details$/);
  await expect(page.getByLabel("Child's full name")).toHaveValue("ليلى علي");
  await expect(page.getByLabel("Child's age")).toHaveValue("6");
  await expect(page.getByLabel("Parent's name")).toHaveValue("Sara Ali");

  // Another account's child id in the link fills nothing in.
  await page.goto("/courses/robotics-fundamentals/bookdemoclass?child=999999");
  await expect(page.getByLabel("Child's full name")).toHaveValue("");

  await page.goto("/account");
  await page.getByRole("button", { name: /^Remove/ }).click();
  await expect(page).toHaveURL(/\/account\?notice=child-removed/);
  await expect(page.getByText("No child is enrolled or saved yet.")).toBeVisible();
});
