import { expect, test } from "./fixtures";

/**
 * The phone menu without JavaScript: a tap on its toggle opens it (focus inside shows it) and
 * its links are plain links, so every page stays reachable on a phone before or without script.
 */
for (const t of [
  { prefix: "", open: "Open menu", nav: "Main", blog: "Blog", dir: "ltr" },
  { prefix: "/ar", open: "فتح القائمة", nav: "الرئيسية", blog: "المدونة", dir: "rtl" },
]) {
  test(`phone menu opens and navigates without JavaScript (${t.dir})`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${t.prefix}/courses`);
    const nav = page.getByRole("navigation", { name: t.nav, exact: true });
    const blog = nav.getByRole("link", { name: t.blog, exact: true });
    await expect(blog).toBeHidden();
    await nav.getByRole("button", { name: t.open }).click();
    await expect(blog).toBeVisible();
    await blog.click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/blog$`));
    await expect(page.locator("html")).toHaveAttribute("dir", t.dir);
  });
}
