import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";
import { createAdminAccount } from "./accounts";

/** Restoring a revision is a form post: it works without JavaScript (issue 16). */
test("a course revision is compared and restored without JavaScript", async ({ page }) => {
  const account = await createAdminAccount(`staff-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Test Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\?notice=login-ok/);
  const key = `nojs_${randomBytes(3).toString("hex")}`;
  const course = {
    key,
    slug: key.replace("_", "-"),
    nameEn: "Rovers",
    descriptionEn: "Build rovers.",
    sessions: 10,
    minAge: 6,
    maxAge: 12,
    price: 100,
    instructor: "Sara",
    imageUrl: "/uploads/abc-640.webp",
  };
  const created = await page.request.post("/api/admin/courses", { data: course });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await page.request.put(`/api/admin/courses/${id}`, { data: { ...course, price: 250 } })).status()).toBe(200);

  await page.goto(`/admin/courses/edit/${id}/revisions`);
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(3);
  await rows.nth(2).getByRole("link", { name: "Compare with current" }).click();
  await expect(page.locator("#comparison").getByText("Price (in its currency, with its decimals)", { exact: true })).toBeVisible();
  await rows.nth(2).getByRole("button", { name: "Restore this revision" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/courses/edit/${id}/revisions\\?notice=revision-restored`));
  await expect(page.getByRole("status").filter({ hasText: "Revision restored." })).toBeVisible();
  await expect(rows).toHaveCount(4);
  const now = (await (await page.request.get(`/api/admin/courses/${id}`)).json()) as { course: { price: number } };
  expect(now.course.price).toBe(100);
  expect((await page.request.delete(`/api/admin/courses/${id}`)).status()).toBe(200);
});

/** Page sections and testimonials (decision 063): saved, compared and restored without JavaScript. */
test("a home page section and a testimonial are saved, and a section revision restored, without JavaScript", async ({ page }) => {
  const account = await createAdminAccount(`staff-${randomBytes(5).toString("hex")}@example.com`, "Staff-Passw0rd", "Test Staff");
  await page.goto("/admin/login");
  await page.getByLabel("E-mail", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/admin\?notice=login-ok/);
  const home = (await (await page.request.get("/api/admin/pages/home")).json()) as { sections: { key: string; values: Record<string, string> }[] };
  const hero = home.sections.find((s) => s.key === "hero")!.values;
  expect((await page.request.put("/api/admin/pages/home/hero", { data: hero })).status()).toBe(200);
  const testimonials = (await (await page.request.get("/api/admin/testimonials?kind=child")).json()) as { rows: { id: number }[] };
  const id = testimonials.rows[0]!.id;
  const testimonial = ((await (await page.request.get(`/api/admin/testimonials/${id}`)).json()) as { testimonial: Record<string, unknown> }).testimonial;
  try {
    await page.goto("/admin/pages/home");
    const banner = page.getByRole("region", { name: "Top banner" });
    // The section's texts are in the HTML: only the typed field changes.
    await expect(banner.getByLabel("Title (Arabic)")).toHaveValue(hero.titleAr!);
    await banner.getByLabel("Title (English)").fill("Robots without script");
    await banner.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/admin\/pages\/home#section-home-hero$/);
    const saved = (await (await page.request.get("/api/admin/pages/home")).json()) as typeof home;
    expect(saved.sections.find((s) => s.key === "hero")!.values).toEqual({ ...hero, titleEn: "Robots without script" });

    await page.getByRole("link", { name: "Revisions: Top banner" }).click();
    const rows = page.getByRole("row");
    await rows.nth(2).getByRole("link", { name: "Compare with current" }).click();
    await expect(page.locator("#comparison").getByText("Title (English)", { exact: true })).toBeVisible();
    await rows.nth(2).getByRole("button", { name: "Restore this revision" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Revision restored." })).toBeVisible();
    const restored = (await (await page.request.get("/api/admin/pages/home")).json()) as typeof home;
    expect(restored.sections.find((s) => s.key === "hero")!.values.titleEn).toBe(hero.titleEn);

    await page.goto(`/admin/testimonials/edit/${id}`);
    await expect(page.getByLabel("Who is speaking")).toHaveValue(String(testimonial.kind));
    await page.getByLabel("Review (English)").fill("Saved without script.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/testimonials/edit/${id}$`));
    const now = ((await (await page.request.get(`/api/admin/testimonials/${id}`)).json()) as { testimonial: Record<string, unknown> }).testimonial;
    expect(now).toEqual({ ...testimonial, reviewEn: "Saved without script." });
  } finally {
    await page.request.put("/api/admin/pages/home/hero", { data: hero });
    await page.request.put(`/api/admin/testimonials/${id}`, { data: testimonial });
  }
});
