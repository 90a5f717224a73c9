import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./accounts";

/**
 * Issue 16, defect 8: the audit log says what changed. Each row names the record (a link while it
 * exists), gives readable action and record-type labels, and lists each changed field before →
 * after; staff filter it by person and action on the screen, in English and Arabic.
 */

const course = (key: string, price: number) => ({
  key,
  slug: key.replace(/_/g, "-"),
  nameEn: `Audit Robotics ${key.slice(-6)}`,
  nameAr: "روبوتات التدقيق",
  descriptionEn: "Build robots.",
  descriptionAr: "ابنِ روبوتات.",
  sessions: 24,
  minAge: 6,
  maxAge: 12,
  price,
  discounted: false,
  originalPrice: null,
  instructor: "Sahil Jaiswal",
  rating: null,
  imageUrl: "/images/courses/advance-python.svg",
  contentEn: [{ type: "paragraph", value: "Fun." }],
  contentAr: [{ type: "paragraph", value: "ممتع." }],
  faqs: [],
  metaTitle: "",
  metaDescription: "",
  metaKeywords: "",
});

test("the audit log names the record, links to it and shows each change before → after, filterable by person and action, in both languages", async ({
  page,
}) => {
  const staff = await signInAsAdmin(page);
  const key = `audit_${randomBytes(3).toString("hex")}`;
  const created = await page.request.post("/api/admin/courses", { data: course(key, 3999) });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.put(`/api/admin/courses/${id}`, { data: course(key, 4100) })).status()).toBe(200);
  const name = course(key, 0).nameEn;

  for (const t of [
    { prefix: "", type: "Course", edited: "Edited", price: "Price:", person: "Person", action: "Action", apply: "Apply", deleted: "Deleted" },
    { prefix: "/ar", type: "دورة", edited: "عُدِّل", price: "السعر:", person: "الشخص", action: "الإجراء", apply: "تطبيق", deleted: "حُذف" },
  ]) {
    await page.goto(`${t.prefix}/admin/audit`);
    // Filter on the screen: this staff member's edits.
    await page.getByLabel(t.person, { exact: true }).selectOption(staff.email);
    await page.getByLabel(t.action, { exact: true }).selectOption("update");
    await page.getByRole("button", { name: t.apply }).click();
    await expect(page).toHaveURL(/action=update/);
    const rows = page.getByRole("row").filter({ hasText: name });
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText(t.type);
    await expect(row).toContainText(t.edited);
    await expect(row.getByRole("link", { name })).toHaveAttribute("href", `${t.prefix}/admin/courses/edit/${id}`);
    await expect(row.getByRole("listitem").filter({ hasText: t.price })).toContainText(/3999\s*→.*4100/);
  }

  // A deleted record keeps its name in the log but no longer links to a page that would 404.
  expect((await page.request.delete(`/api/admin/courses/${id}?confirm=1`)).status()).toBe(200);
  await page.goto(`/admin/audit?entity=course&action=delete&user=${encodeURIComponent(staff.email)}`);
  const deleted = page.getByRole("row").filter({ hasText: name });
  await expect(deleted).toContainText("Deleted");
  await expect(deleted.getByRole("link")).toHaveCount(0);
});
