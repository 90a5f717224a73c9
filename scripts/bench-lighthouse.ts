import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "./find-chromium";
import { startBenchServer } from "~server/test/server-process";

/**
 * npm run bench:lighthouse — Lighthouse (mobile settings, Debian's Chromium) on the main pages in
 * both languages against the production server (each page LIGHTHOUSE_RUNS times, default 3, keeping the
 * median); then the gzip bytes of JS and CSS the home page loads. LIGHTHOUSE_PATHS=/,/blog limits the pages.
 * `--short` (CI): the home page once per language; fails when Lighthouse could not measure it.
 *
 * How it waits (issue 27): scripts start after the first paint (decision 038), so with Lighthouse's
 * default quiet windows (1 s network, 1 s CPU) hydration sometimes fell after the trace ended and a run
 * scored high without it. Every run here waits for 5 s of network quiet and 5 s without a long task,
 * and at least 5 s after the load event, so hydration (or the enhancement script) is always inside the
 * trace and counted in total blocking time.
 */
const SHORT = process.argv.includes("--short");
const runCount = SHORT ? 1 : Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const waitForQuiet = { pauseAfterLoadMs: 5000, networkQuietThresholdMs: 5000, cpuQuietThresholdMs: 5000, maxWaitForLoad: 60_000 };
const chromePath = findChromium();
const server = await startBenchServer(3462);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

try {
  const courses = (await (await fetch(`${server.url}/admin/course-dashboard/all-courses`)).json()) as { courses: { slug: string }[] };
  const blogs = (await (await fetch(`${server.url}/api/blogs`)).json().catch(() => [])) as { slug?: string }[];
  const only = SHORT ? ["/"] : process.env.LIGHTHOUSE_PATHS?.split(",");
  // Content pages (issue 27's budget: TBT <= 100 ms) and the booking page (<= 300 ms).
  const bookingPath = `/courses/${courses.courses[0]!.slug}/bookdemoclass`;
  const allPaths = ["/", "/courses", `/courses/${courses.courses[0]!.slug}`, "/blog", ...(blogs[0]?.slug ? [`/blog/${blogs[0].slug}`] : []), "/summer-camp", "/enroll", bookingPath];
  const paths = only ?? allPaths;
  const misses: string[] = [];
  const rows: { page: string; perf: number; a11y: number; "best pr.": number; seo: number; "LCP ms": number; CLS: string; "TBT ms": number; "JS KiB": string }[] = [];
  for (const lang of ["en", "ar"] as const) {
    for (const path of paths) {
      const url = server.url + (lang === "ar" ? (path === "/" ? "/ar" : `/ar${path}`) : path);
      // Lighthouse's figures vary from run to run: keep the run with the median performance score.
      const runs = [];
      for (let run = 0; run < runCount; run++) runs.push((await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", ...waitForQuiet }))!.lhr);
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? 0;
      const jsBytes = ((lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number }[] })?.items ?? [])
        .filter((item) => item.resourceType === "Script")
        .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const lcpElement = JSON.stringify(lhr.audits["largest-contentful-paint-element"]?.details ?? {}).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1];
      if (score("performance") < 98 && lcpElement) misses.push(`${url}: performance – LCP element ${lcpElement.slice(0, 160)}`);
      if (lhr.runtimeError) {
        misses.push(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        process.exitCode = 1;
      }
      // Name what keeps a category below 100, so the table says what to fix.
      for (const id of ["accessibility", "best-practices", "seo"]) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) misses.push(`${url}: ${id} – ${ref.id}: ${audit.title}`);
        }
      }
      rows.push({
        page: lang === "ar" ? `/ar${path === "/" ? "" : path}` : path,
        perf: score("performance"),
        a11y: score("accessibility"),
        "best pr.": score("best-practices"),
        seo: score("seo"),
        "LCP ms": Math.round(audit("largest-contentful-paint")),
        CLS: audit("cumulative-layout-shift").toFixed(3),
        "TBT ms": Math.round(audit("total-blocking-time")),
        "JS KiB": (jsBytes / 1024).toFixed(1),
      });
    }
  }
  console.table(rows);
  for (const miss of misses) console.log(miss);

  // Issue 27's table: the range over the pages against each goal.
  const isBooking = (row: (typeof rows)[number]) => row.page.endsWith("/bookdemoclass");
  const content = rows.filter((row) => !isBooking(row));
  const booking = rows.filter(isBooking);
  const range = (values: number[], digits = 0) => (values.length ? `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}` : "not measured");
  const below98 = rows.filter((row) => row.perf < 98).map((row) => `${row.page} ${row.perf}`);
  const met = (ok: boolean) => (ok ? "met" : "NOT MET");
  console.log(`\nIssue 27, measured here (median of ${runCount} runs per page, ${rows.length} pages; 5 s network and CPU quiet after load):`);
  console.table([
    { what: "Lighthouse performance, mobile", measured: `${range(rows.map((r) => r.perf))}${below98.length ? ` (below 98: ${below98.join(", ")})` : ""}`, goal: ">= 98 on every page", "": met(below98.length === 0) },
    { what: "total blocking time, content pages", measured: `${range(content.map((r) => r["TBT ms"]))} ms`, goal: "<= 100 ms", "": met(content.every((r) => r["TBT ms"] <= 100)) },
    { what: "total blocking time, booking page", measured: `${range(booking.map((r) => r["TBT ms"]))} ms`, goal: "<= 300 ms", "": met(booking.every((r) => r["TBT ms"] <= 300)) },
    { what: "JavaScript transferred, content pages", measured: `${range(content.map((r) => Number(r["JS KiB"])), 1)} KiB`, goal: "<= 40 KB", "": met(content.every((r) => Number(r["JS KiB"]) * 1.024 <= 40)) },
    { what: "accessibility, best practices, SEO (lowest)", measured: `${Math.min(...rows.map((r) => r.a11y))}, ${Math.min(...rows.map((r) => r["best pr."]))}, ${Math.min(...rows.map((r) => r.seo))}`, goal: "100", "": met(rows.every((r) => r.a11y === 100 && r["best pr."] === 100 && r.seo === 100)) },
  ]);

  // What the home page makes a browser download: every script and stylesheet its HTML names (the
  // scripts in its module script, started after the first paint: decision 038), gzipped.
  const html = await (await fetch(server.url + "/")).text();
  const assets = [...new Set([...html.matchAll(/"(\/assets\/[^"#]+\.(js|css))(?:#[^"]*)?"/g)].map((m) => m[1]!))];
  const sizes = { js: 0, css: 0 };
  for (const asset of assets) {
    const bytes = Buffer.from(await (await fetch(server.url + asset)).arrayBuffer());
    sizes[asset.endsWith(".css") ? "css" : "js"] += gzipSync(bytes).length;
  }
  console.log(
    `Home page, named in its HTML: ${(sizes.js / 1024).toFixed(1)} KiB JavaScript and ${(sizes.css / 1024).toFixed(1)} KiB CSS (gzip), ${assets.length} files. ` +
      "The table's JS column counts every script a page loaded, also those fetched after hydration.",
  );
} finally {
  await chrome.kill();
  await server.stop();
}
