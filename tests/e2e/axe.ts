import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./fixtures";

/** The WCAG levels every axe audit checks (issue 8), with axe's best practices. */
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * axe as every audit runs it: the tags above, the experimental label-in-name rule on
 * (WCAG 2.5.3), colour contrast unless told otherwise (decision 133), and full details for
 * violations only (axe's documented speed-up; the rules run are the same). Legacy mode runs
 * `axe.run` in the page itself: the default mode runs a part per frame and then opens a blank page
 * to combine them, which cost 1-3 s of every audit here, and the site's pages have no frames (in
 * legacy mode axe still reaches frames through its own messaging; decision 137).
 */
export function axeOn(page: Page, { contrast = true }: { contrast?: boolean } = {}): AxeBuilder {
  return new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ rules: { "label-content-name-mismatch": { enabled: true }, "color-contrast": { enabled: contrast } }, resultTypes: ["violations"] })
    .withTags(tags);
}

/**
 * axe on the page as it is now, failing with one line per element. A toast still fading in has
 * colours between its own and the page's, so its entrance is let finish first.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const toast of await page.locator(".Toastify__toast, [data-toast]").all()) {
    await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished))).catch(() => {});
  }
  const result = await axeOn(page).analyze();
  const lines = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")} — ${v.help}`));
  expect(lines, page.url()).toEqual([]);
}
