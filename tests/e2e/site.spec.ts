import { expect, test, waitForHydration } from "./fixtures";

test.describe("shared layout in both languages", () => {
  // One walk (issue 40): both home pages, the 404 page, reduced motion, then the language switch (it sets a cookie).
  test("the home page in English left to right and in Arabic right to left, the 404 page, no smooth scrolling for reduced motion, and the language switch", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const programs = page.getByRole("navigation", { name: "Our Programs" });
    await expect(programs.getByRole("link", { name: "Internet of Things" })).toHaveAttribute("href", "/courses/internet-of-things");
    await expect(programs.getByRole("link")).toHaveCount(13);
    await expect(page.getByRole("link", { name: "Chat with us on WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+\?text=/);

    // The Arabic home page renders right to left in Arabic.
    await page.goto("/ar");
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("navigation", { name: "برامجنا" })).toBeVisible();
    await expect(page.getByRole("link", { name: "تسجيل الدخول" })).toHaveAttribute("href", "/ar/login");

    // An unknown path shows the 404 page with status 404, in both languages.
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Uh oh. That page doesn't exist." })).toBeVisible();
    await page.getByRole("link", { name: "Go to the homepage" }).click();
    await expect(page).toHaveURL(/\/$/);

    const arabic = await page.goto("/ar/no-such-page");
    expect(arabic?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { name: "عذرًا، هذه الصفحة غير موجودة." })).toBeVisible();

    // Smooth scrolling is off for visitors who prefer reduced motion.
    await page.goto("/");
    await page.mouse.wheel(0, 400);
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expect(page.locator("html")).not.toHaveClass(/lenis/);

    // The language switch moves between twins of the page and is remembered for /.
    await page.getByRole("link", { name: "العربية" }).click();
    await expect(page).toHaveURL(/\/ar$/);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    // Back on "/", the remembered choice brings the Arabic home page.
    await page.goto("/");
    await expect(page).toHaveURL(/\/ar$/);
    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

test.describe("footer contact form", () => {
  // Forms work before hydration: type and send right after loading (issue 14).
  test.use({ waitForHydrationOnLoad: false });
  // One walk (issue 40): refused while invalid, sent when valid, then the Arabic form.
  test("shows validation messages tied to the fields and sends nothing; sends a valid message and clears the form; Arabic messages in Arabic", async ({
    page,
  }) => {
    await page.goto("/");
    const form = page.locator("form", { has: page.getByRole("heading", { name: "Send us a message" }) });
    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByLabel("Your e-mail")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("This field is required.")).toHaveCount(2);
    await form.getByLabel("Your e-mail").fill("not-an-email");
    await form.getByRole("button", { name: "Send" }).click();
    await expect(form.getByText("Please enter a valid e-mail address.")).toBeVisible();

    // A valid message: the server's message, the form cleared (on a fresh home page: a refusal
    // sent before the script ran came back on the page it posts to).
    await page.goto("/");
    await form.getByLabel("Your e-mail").fill("parent@example.com");
    await form.getByLabel("How can we help?").fill("Which course suits a 9 year old?");
    // The toast and the cleared form are the enhanced outcome (public-forms.no-js.spec.ts covers the other).
    await waitForHydration(page);
    await form.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your message has been received" })).toBeVisible();
    await expect(form.getByLabel("Your e-mail")).toHaveValue("");

    // In Arabic, messages are Arabic.
    await page.goto("/ar");
    const arForm = page.locator("form", { has: page.getByRole("heading", { name: "أرسل لنا رسالة" }) });
    await arForm.getByRole("button", { name: "إرسال" }).click();
    await expect(arForm.getByText("هذا الحقل مطلوب.")).toHaveCount(2);
    await arForm.getByLabel("بريدك الإلكتروني").fill("parent@example.com");
    await arForm.getByLabel("كيف يمكننا مساعدتك؟").fill("ما الدورة المناسبة لطفل عمره تسع سنوات؟");
    await waitForHydration(page);
    await arForm.getByRole("button", { name: "إرسال" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "تم استلام رسالتك" })).toBeVisible();
  });
});

test.describe("footer contact form's code (issue 15)", () => {
  // On a page that hydrates (the school enquiry page does; the home page, the catalogue and the enrolment form ship no React, decisions 055 and 070).
  // One walk (issue 40): the home page (no React) first, then a page that hydrates.
  test("on a page without React the enhancement script sends it as JSON (decision 055); on a page with React its code loads on the first focus, and what was typed before it arrived is sent", async ({
    page,
  }) => {
    const form = page.locator("form", { has: page.getByRole("heading", { name: "Send us a message" }) });
    // The home page: a toast, the form cleared, no page post.
    const paths: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") paths.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(paths).toEqual([expect.stringMatching(/^\/assets\/enhance-[\w-]+\.js$/)]);
    await form.getByLabel("Your e-mail").fill("static@example.com");
    await form.getByLabel("How can we help?").fill("Sent from a page without React");
    const sent = page.waitForRequest((request) => request.url().endsWith("/contact-us/form") && request.method() === "POST");
    await form.getByRole("button", { name: "Send" }).click();
    expect((await sent).postDataJSON()).toEqual({ email: "static@example.com", description: "Sent from a page without React", website: "" });
    await expect(page.getByRole("alert").filter({ hasText: "Your message has been received" })).toBeVisible();
    await expect(form.getByLabel("How can we help?")).toHaveValue("");
    expect(page.url()).toMatch(/\/$/);

    // A page that hydrates: the form's code loads on the first focus, not with the page.
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto("/contact-us-school");
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((url) => /api-form-engine|react-hook-form|contact\.schema|zod/.test(url))).toEqual([]);
    // Typed at once: the keys land while the form's code is still on its way.
    await form.getByLabel("Your e-mail").pressSequentially("early@example.com");
    await form.getByLabel("How can we help?").fill("Typed while the form's code loaded");
    await expect.poll(() => scripts.some((url) => url.includes("api-form-engine"))).toBe(true);
    await form.getByRole("button", { name: "Send" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Your message has been received" })).toBeVisible();
    await expect(form.getByLabel("Your e-mail")).toHaveValue("");
    expect(page.url()).toMatch(/\/contact-us-school$/);
  });

  test("a send before the code has arrived is held and sent by it (no page post)", async ({ page }) => {
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/api-form-engine/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto("/contact-us-school");
    const form = page.locator("form", { has: page.getByRole("heading", { name: "Send us a message" }) });
    await form.getByLabel("Your e-mail").fill("held@example.com");
    await form.getByLabel("How can we help?").fill("Sent while the form's code was held back");
    await form.getByRole("button", { name: "Send" }).click();
    release();
    await expect(page.getByRole("alert").filter({ hasText: "Your message has been received" })).toBeVisible();
    expect(page.url()).toMatch(/\/contact-us-school$/);
  });
});

test.describe("server rendering", () => {
  test("concurrent visitors each get their own language", async ({ request }) => {
    const paths = Array.from({ length: 20 }, (_, i) => (i % 2 ? "/ar" : "/"));
    const pages = await Promise.all(paths.map((path) => request.get(path).then((r) => r.text())));
    pages.forEach((html, i) => {
      expect(html).toContain(i % 2 ? '<html lang="ar" dir="rtl"' : '<html lang="en" dir="ltr"');
      expect(html).toContain(i % 2 ? "برامجنا" : "Our Programs");
    });
  });

  test("hashed assets are served with long-lived immutable caching", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const asset = /\/assets\/[\w.-]+\.(?:js|css)/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("immutable");
    // Not a document: only the headers that apply to a script or a stylesheet (decision 028).
    expect(response.headers()["x-content-type-options"]).toBe("nosniff");
    expect(response.headers()["cross-origin-resource-policy"]).toBe("same-origin");
    expect(response.headers()["content-security-policy"]).toBeUndefined();
  });
});

test.describe("translations out of the HTML (decision 070)", () => {
  test("a hydrating page names its translation files instead of carrying the texts; they are cached for good", async ({ request }) => {
    const html = await (await request.get("/ar/contact-us-school")).text();
    expect(html).toContain("window.__reactRouterContext");
    // The loader data carries URLs; a long text of the footer's namespace is in the page once (rendered), not twice.
    expect(html).not.toContain('"resources"');
    const files = [...html.matchAll(/<link rel="preload" as="fetch" href="(\/assets\/[\w.-]+\.json)"/g)].map((match) => match[1]!);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const response = await request.get(file);
      expect(response.status()).toBe(200);
      expect(response.headers()["cache-control"]).toContain("immutable");
      expect(typeof (await response.json())).toBe("object");
    }
  });

  test("a client-side move to a page with other namespaces loads them before it renders: no keys on screen", async ({ page }) => {
    await page.goto("/ar/contact-us-school");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("navigation", { name: "برامجنا" }).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/ar\/courses\/[\w-]+$/);
    // The course page's groups (namespace "sections") came with the move, in Arabic.
    await expect(page.getByRole("heading", { level: 2, name: "التسجيل في فصل دراسي كامل" })).toBeVisible();
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    expect(await page.locator("main").innerText()).not.toMatch(/\b(?:sections|common|courses)\.[a-z]+/);
  });
});

test.describe("smooth scrolling", () => {
  // Off for visitors who prefer reduced motion: walked in the shared layout test above.
  test.describe("for everyone else", () => {
    test.use({ reducedMotion: "no-preference" });
    test("starts with the first scroll", async ({ page }) => {
      await page.goto("/");
      await expect(page.locator("html")).not.toHaveClass(/lenis/);
      await page.mouse.wheel(0, 400);
      await expect(page.locator("html")).toHaveClass(/lenis/);
    });
  });
});

test.describe("scrolling", () => {
  test.use({ waitForHydrationOnLoad: false });
  test("a page scrolled before hydration stays where it is; moving to another page starts at its top", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await waitForHydration(page);
    // Hydration used to jump to the top, moving the footer form out from under a click.
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("navigation", { name: "Our Programs" }).getByRole("link", { name: "Internet of Things" }).click();
    await expect(page).toHaveURL(/\/courses\/internet-of-things$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
