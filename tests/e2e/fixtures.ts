import { test as base, type Page } from "@playwright/test";

export * from "@playwright/test";

/**
 * Playwright's test, whose `page.goto` also waits until React has taken the page over (the root
 * layout sets `data-hydrated` on <html>). Before that a click on a script-driven control does
 * nothing and a typed value is reset, which made tests flaky on a busy machine.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      if (response?.headers()["content-type"]?.startsWith("text/html")) {
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      }
      return response;
    };
    await provide(page);
  },
});
