import { expect, test, type Page } from "./fixtures";

/**
 * The catalogue, the course filter, the blog list and the camp page ship without React to visitors who are not
 * signed in (decision 055): one enhancement script, no hydration, no CSP complaint; their filters
 * and page links work with the script (in place) and without it (GET form, plain links).
 */
// The list's name is on its section (issue 28: screen readers often skip a list's name).
const cards = (page: Page) => page.getByRole("region", { name: /^(Courses|الدورات)$/ }).getByRole("listitem");

async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  return problems;
}

test.describe("content pages without React", () => {
  // Since decision 070 also the camp enrollment form.
  const paths = [
    "/courses",
    "/ar/courses",
    "/courses/course-filter",
    "/ar/courses/course-filter",
    "/blog",
    "/ar/blog",
    "/summer-camp",
    "/ar/summer-camp",
    "/enroll",
    "/ar/enroll?camp=junior",
  ];
  // One walk through the ten pages (issue 40): a browser context per page cost more than the page.
  test("each page loads only the enhancement script and breaks no CSP rule", async ({ page }) => {
    const problems = await watchProblems(page);
    let scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    for (const path of paths) {
      scripts = [];
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");
      // Rendered now (a nonce) or from the page cache (hashes, if any): never 'unsafe-inline'.
      expect(response!.headers()["content-security-policy"]).toMatch(/script-src 'self'( 'nonce-[\w+/=]+'| 'sha256-[\w+/]+=*')*;/);
      const html = await response!.text();
      // Its one script is a file: no inline script at all.
      expect(html.match(/<script\b[^>]*>/g)?.filter((tag) => !/\ssrc=/.test(tag)) ?? []).toEqual([]);
      expect(html).not.toContain("window.__reactRouterContext");
      expect(html).not.toContain('rel="modulepreload"');
      expect(scripts).toHaveLength(1);
      expect(scripts[0], path).toMatch(/^\/assets\/enhance-[\w-]+\.js$/);
    }
    expect(problems).toEqual([]);
  });

  test("the age preset swaps the courses in place, keeps the URL, and back goes back", async ({ page }) => {
    const problems = await watchProblems(page);
    await page.goto("/ar/courses/course-filter");
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true));
    await page.getByRole("combobox").selectOption("12-24");
    await expect(page).toHaveURL(/\/ar\/courses\/course-filter\?age=12-24$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).first()).toContainText("بايثون للمبتدئين");
    // No page load happened: the window's own state is still there.
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/ar\/courses\/course-filter$/);
    await expect(cards(page)).toHaveCount(13);
    await expect(page.getByRole("combobox")).toHaveValue("all");
    // A child's age, then a preset: the preset replaces the age and its sentence.
    await page.goto("/courses?childAge=8");
    await expect(page.getByText("Courses for a child of 8.")).toBeVisible();
    await page.getByLabel("Age group").selectOption("16-24");
    await expect(page).toHaveURL(/\/courses\?age=16-24$/);
    await expect(page.getByText("Courses for a child of 8.")).toHaveCount(0);
    await expect(page.getByLabel("Your child's age in years")).toHaveValue("");
    // With JavaScript there is no Apply button: a choice applies at once.
    await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("without JavaScript the age preset is a form with its own button, in both languages", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/courses");
    await page.getByLabel("Age group").selectOption("6-12");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/courses\?age=6-12$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByLabel("Age group")).toHaveValue("6-12");
    await page.goto("/ar/courses/course-filter");
    await page.getByRole("combobox").selectOption("12-24");
    await page.getByRole("button", { name: "تطبيق" }).click();
    await expect(page).toHaveURL(/\/ar\/courses\/course-filter\?age=12-24$/);
    await expect(cards(page)).toHaveCount(1);
    // "All" is the whole catalogue again.
    await page.getByRole("combobox").selectOption("all");
    await page.getByRole("button", { name: "تطبيق" }).click();
    await expect(cards(page)).toHaveCount(13);
    await context.close();
  });
});
