import { sitemapPages } from "~/features/seo/sitemap.server";
import { expect, type Page } from "./fixtures";
import { axeOn, axeWordingOn } from "./axe";
import { codeSnifferErrors, htmlValidateErrors, serverHtmlErrors } from "./markup-checkers";

/**
 * The accessibility walk's audit (decisions 056, 133, 151), shared by its two spec files:
 * a11y.spec.ts (public pages, interactive states, account forms, keyboard, languages, form errors)
 * and a11y-admin.spec.ts (the staff's, instructors' and families' signed-in screens). Two files so
 * the two browser lanes can each take one.
 */

export interface Finding {
  url: string;
  lines: string[];
}

/**
 * Colour contrast (axe's color-contrast rule, about two thirds of an audit's time) belongs to the
 * stylesheet and the component, which are the same in both languages: it is checked on every
 * English audit and on every Arabic page of the sitemap walk (decision 133). Those audits run every
 * rule. Other Arabic audits are twins of English ones (the same screens and states): they run the
 * rules whose outcome the words can change (names, labels, languages; `axeWordingOn`) and
 * html-validate on the server's Arabic HTML; the rules that read markup and roles, and
 * HTML_CodeSniffer, ran on the English twin (decision 151).
 */
export interface AuditOptions {
  contrast?: boolean;
}
const isArabic = (url: string) => /^\/ar(?:\/|$)/.test(new URL(url).pathname);

/**
 * Runs the three checkers on the page as it is now (decision 056): axe and HTML_CodeSniffer
 * (WCAG2AA, errors) on the live page, html-validate on the HTML the server sent for its last full
 * load (once per load). Returns one readable line per failing element.
 */
export async function audit(page: Page, { contrast = !isArabic(page.url()) }: AuditOptions = {}): Promise<Finding> {
  // html-validate parses in this process while axe runs in the browser.
  const serverHtml = serverHtmlErrors(page);
  serverHtml.catch(() => {}); // awaited below; not an unhandled rejection meanwhile
  const twin = isArabic(page.url()) && !contrast;
  const result = await (twin ? axeWordingOn(page) : axeOn(page, { contrast }));
  const lines = result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `  axe ${violation.id} [${violation.impact ?? "?"}] ${node.target.join(" ")} — ${violation.help}`),
  );
  if (!twin) lines.push(...(await codeSnifferErrors(page)));
  lines.push(...(await serverHtml));
  return { url: page.url(), lines };
}

/** Opens each URL, waits for the page to settle and audits it; fails once, listing every violation. */
export async function auditAll(page: Page, urls: string[], options: AuditOptions = {}) {
  const findings: Finding[] = [];
  for (const url of urls) {
    const response = await page.goto(url, { waitUntil: "load" });
    // An error page would be audited instead of the real one.
    expect(response?.status(), url).toBeLessThan(500);
    // ...or a sign-in page the request was sent to.
    expect(new URL(page.url()).pathname, url).toBe(new URL(url, page.url()).pathname);
    findings.push(await audit(page, options));
  }
  expectClean(findings);
}

export function expectClean(findings: Finding[]) {
  const failing = findings.filter((finding) => finding.lines.length > 0);
  const report = failing.map((finding) => `${finding.url}\n${finding.lines.join("\n")}`).join("\n");
  expect(failing.length, `errors (checker rule target — message):\n${report}`).toBe(0);
}

/** Waits until a toast has finished appearing: axe would measure its colours mid-fade. */
export async function toastShown(page: Page) {
  const toast = page.locator(".Toastify__toast, [data-toast]").first();
  await expect(toast).toBeVisible();
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

/** Public page paths from the running server's sitemap (absolute URLs turned into paths). */
export async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  expect(paths.length).toBeGreaterThan(20);
  return paths;
}

export const accountPages = [
  "/login",
  "/signup",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/ar/reset-password?token=not-a-real-token&purpose=set",
  "/admin/login",
  "/admin/setup?token=not-a-real-token",
];

/**
 * The sitemap's pages of one language, split in two: what the browser audits (every page of
 * `sitemapPages`, and the first course and the first post: each course and post is the same page
 * with other words) and the rest (the other courses and posts), whose server HTML html-validate
 * still reads. Auditing 13 courses and 4 posts twice each in the browser cost minutes of the suite
 * and found nothing a first course does not.
 */
export async function sitemapOf(page: Page, lang: "en" | "ar"): Promise<{ audited: string[]; validated: string[] }> {
  const all = (await sitemapPaths(page)).filter((path) => (lang === "ar" ? path === "/ar" || path.startsWith("/ar/") : !path.startsWith("/ar")));
  const plain = (path: string) => (lang === "ar" ? path.slice(3) || "/" : path);
  const audited: string[] = [];
  const validated: string[] = [];
  const seenKinds = new Set<string>();
  for (const path of all) {
    const own = plain(path);
    const kind = (sitemapPages as readonly string[]).includes(own) ? own : `${own.slice(0, own.lastIndexOf("/"))}/*`;
    if (seenKinds.has(kind)) validated.push(path);
    else {
      seenKinds.add(kind);
      audited.push(path);
    }
  }
  // A course and a post are in the walk (their kinds exist in the seed).
  expect(audited.map(plain).filter((path) => /^\/(courses|blog)\/[^/]+$/.test(path) && !(sitemapPages as readonly string[]).includes(path))).toHaveLength(2);
  return { audited, validated };
}

/** html-validate on the HTML the server sends for each path (no browser): pages of a kind already audited. */
export async function validateServerHtml(page: Page, paths: string[]) {
  const findings: Finding[] = [];
  for (const path of paths) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    findings.push({ url: path, lines: await htmlValidateErrors(await response.text()) });
  }
  expectClean(findings);
}
