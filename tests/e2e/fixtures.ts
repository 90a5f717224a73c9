import { mkdirSync } from "node:fs";
import path from "node:path";
import { test as base, type Page, type Response } from "@playwright/test";

export * from "@playwright/test";

/**
 * Waits until the page's script has taken it over: React on a page that hydrates (the root layout
 * sets `data-hydrated` on <html>), the enhancement script on a page without React (`data-enhanced`,
 * decision 055). Before that a click on a script-driven control does nothing and a typed value is
 * reset. Call it after a full page load the fixture cannot see, such as a redirect back from Google.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated], html[data-enhanced]").waitFor({ state: "attached" });
}

async function hydratedWhenHtml(page: Page, response: Response | null): Promise<Response | null> {
  if (response?.headers()["content-type"]?.startsWith("text/html")) await waitForHydration(page);
  return response;
}

/**
 * Playwright's test, whose page.goto, reload, goBack and goForward also wait for hydration, unless
 * `waitForHydrationOnLoad` is false: form tests type and send right after loading (forms work
 * before hydration), and the no-JavaScript project never hydrates.
 */
export const test = base.extend<{ waitForHydrationOnLoad: boolean }, { movedClock: boolean }>({
  // Under `CLOCK_E2E=1 npm run test:clock` the runner and the server read a moved clock
  // (libfaketime); Chromium under that library runs some 60 times slower, so it keeps the real
  // clock and every page of every context gets the runner's time from Playwright's clock instead
  // (decision 155). Time then runs on in the page as it does in the runner and the server.
  movedClock: [
    async ({ browser }, provide) => {
      const moved = Boolean(process.env.FAKETIME);
      if (moved) {
        const newContext = browser.newContext.bind(browser);
        browser.newContext = async (...args: Parameters<typeof newContext>) => {
          const context = await newContext(...args);
          await context.clock.install({ time: Date.now() });
          return context;
        };
      }
      await provide(moved);
    },
    { scope: "worker", auto: true },
  ],
  context: async ({ context, movedClock }, provide) => {
    if (movedClock) await context.clock.install({ time: Date.now() });
    await provide(context);
  },
  waitForHydrationOnLoad: [true, { option: true }],
  page: async ({ page, waitForHydrationOnLoad }, provide) => {
    if (!waitForHydrationOnLoad) {
      await provide(page);
      return;
    }
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    const goBack = page.goBack.bind(page);
    const goForward = page.goForward.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => hydratedWhenHtml(page, await goto(...args));
    page.reload = async (...args: Parameters<Page["reload"]>) => hydratedWhenHtml(page, await reload(...args));
    page.goBack = async (...args: Parameters<Page["goBack"]>) => hydratedWhenHtml(page, await goBack(...args));
    page.goForward = async (...args: Parameters<Page["goForward"]>) => hydratedWhenHtml(page, await goForward(...args));
    await provide(page);
  },
});

/**
 * One browser walk per user flow and language (issue 40, decision 133): a flow walked both with the
 * page's script and without it is walked with script in Arabic (right to left, hydrated) and
 * without script in English, so each language and each mode is walked once. The rules themselves
 * are proven by the API tests, on both databases.
 */
export const scriptWalkLangs: readonly ("en" | "ar")[] = ["ar"];
export const noScriptWalkLangs: readonly ("en" | "ar")[] = ["en"];

/**
 * A screenshot to look at a screen (house rule: each changed screen at 390 px and desktop, in both
 * languages), saved as SHOTS_DIR/<name>.png only when SHOTS_DIR is set: encoding full-page PNGs
 * costs the suite CPU, and no check depends on the picture (decision 133).
 */
export async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), ...options });
}
