import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./fixtures";

/**
 * axe on the page as it is now (the tags of tests/e2e/a11y.spec.ts, with the experimental
 * label-in-name rule on), failing with one line per element. A toast still fading in has colours
 * between its own and the page's, so its entrance is let finish first.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const toast of await page.locator(".Toastify__toast, [data-toast]").all()) {
    await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished))).catch(() => {});
  }
  const result = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const lines = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")} — ${v.help}`));
  expect(lines, page.url()).toEqual([]);
}
