import axe, { type AxeResults, type RunOptions } from "axe-core";
import { expect, type Page } from "./fixtures";

/** The WCAG levels every axe audit checks (issue 8), with axe's best practices. */
const tags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Runs axe-core (`axe.run`) in the page itself, on the page as it is now, and returns its results.
 * Its source (about 560 KB) is evaluated once per document: @axe-core/playwright, used before,
 * sent and evaluated it twice on every audit (decision 151). In the page, not per frame and then
 * combined on a blank page, which cost 1-3 s of every audit (decision 137); the site's pages have
 * no frames.
 */
async function runAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate((options) => (window as unknown as { axe: typeof axe }).axe.run(document, options), options);
}

/**
 * axe as every audit runs it: the tags above, the experimental label-in-name rule on
 * (WCAG 2.5.3), colour contrast unless told otherwise (decision 133), and full details for
 * violations only (axe's documented speed-up; the rules run are the same).
 */
export function axeOn(page: Page, { contrast = true }: { contrast?: boolean } = {}): Promise<AxeResults> {
  return runAxe(page, {
    runOnly: { type: "tag", values: tags },
    rules: { "label-content-name-mismatch": { enabled: true }, "color-contrast": { enabled: contrast } },
    resultTypes: ["violations"],
  });
}

/**
 * The rules whose outcome can change with the words on the page: accessible names and labels (a
 * missing or empty translation), names matching visible labels, headings and titles with text, and
 * the language attributes. The other rules read the markup and the roles, which the components
 * render the same in both languages (decision 151).
 */
const wordingRules = [
  "area-alt",
  "aria-command-name",
  "aria-dialog-name",
  "aria-input-field-name",
  "aria-meter-name",
  "aria-progressbar-name",
  "aria-toggle-field-name",
  "aria-tooltip-name",
  "aria-treeitem-name",
  "button-name",
  "document-title",
  "empty-heading",
  "empty-table-header",
  "frame-title",
  "html-has-lang",
  "html-lang-valid",
  "html-xml-lang-mismatch",
  "image-alt",
  "image-redundant-alt",
  "input-button-name",
  "input-image-alt",
  "label",
  "label-content-name-mismatch",
  "label-title-only",
  "landmark-unique",
  "link-name",
  "object-alt",
  "role-img-alt",
  "select-name",
  "summary-name",
  "svg-img-alt",
  "table-duplicate-name",
  "valid-lang",
];

/** axe with the wording rules only: a screen in the other language whose English twin ran every rule. */
export function axeWordingOn(page: Page): Promise<AxeResults> {
  return runAxe(page, {
    runOnly: { type: "rule", values: wordingRules },
    rules: { "label-content-name-mismatch": { enabled: true } },
    resultTypes: ["violations"],
  });
}

/**
 * axe on the page as it is now, failing with one line per element. A toast still fading in has
 * colours between its own and the page's, so its entrance is let finish first.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  for (const toast of await page.locator(".Toastify__toast, [data-toast]").all()) {
    await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished))).catch(() => {});
  }
  const result = await axeOn(page);
  const lines = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(" ")} — ${v.help}`));
  expect(lines, page.url()).toEqual([]);
}
