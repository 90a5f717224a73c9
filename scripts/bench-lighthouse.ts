import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { findChromium } from "./find-chromium";
import { startBenchServer } from "~server/test/server-process";
import { signInVisitors, type SignedIn } from "./bench-accounts";

/**
 * npm run bench:lighthouse — Lighthouse (mobile settings, Debian's Chromium) on the main pages in
 * both languages against the production server (each page LIGHTHOUSE_RUNS times, default 3, keeping the
 * median); then the gzip bytes of JS and CSS the home page loads. LIGHTHOUSE_PATHS=/,/blog limits the pages.
 * Also the pages signed-in people use every day on a phone (issue 40): a parent's `/account` and
 * `/account/invoices`, an instructor's class roster, the staff `/admin` and `/admin/billing`, on the
 * server's fresh database with a parent, an instructor and a staff member signed in there
 * (scripts/bench-accounts.ts; Lighthouse sends their session cookie). Every row is printed against
 * its goal. `--short` (CI): the home page once per language and the staff dashboard in English;
 * fails when Lighthouse could not measure one. BENCH_PORT moves the server off 3462 (a shared machine).
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
type Kind = "content" | "booking" | "signed-in";
interface Page {
  path: string;
  kind: Kind;
  who?: "parent" | "staff" | "instructor";
}
interface Row {
  page: string;
  perf: number;
  a11y: number;
  "best pr.": number;
  seo: number;
  "LCP ms": number;
  CLS: string;
  "TBT ms": number;
  /** Lighthouse's transfer size of every script (brotli as sent, with headers), in KB. */
  "JS KB": number;
  kind: Kind;
  goals: string;
}
/** Issue 27 (content pages), issue 40 (the booking page; the pages signed-in people use every day). */
const GOALS: Record<Kind, { name: string; perf: number; tbtMs: number; jsKB: number }> = {
  content: { name: "content pages", perf: 98, tbtMs: 100, jsKB: 40 },
  booking: { name: "booking page", perf: 98, tbtMs: 150, jsKB: 90 },
  "signed-in": { name: "signed-in pages", perf: 95, tbtMs: 200, jsKB: 120 },
};
const chromePath = findChromium();
const dataDir = mkdtempSync(path.join(tmpdir(), "stem-lighthouse-"));
// A fresh SQLite database of its own (the signed-in visitors are made in it: scripts/bench-accounts.ts).
const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3462), { DATABASE_URL: `sqlite:${path.join(dataDir, "app.db")}` }, { dataDir });
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

try {
  const courses = (await (await fetch(`${server.url}/admin/course-dashboard/all-courses`)).json()) as { courses: { slug: string }[] };
  const blogs = (await (await fetch(`${server.url}/api/blogs`)).json().catch(() => [])) as { slug?: string }[];
  const only = process.env.LIGHTHOUSE_PATHS?.split(",");
  // Content pages (issue 27: TBT <= 100 ms, <= 40 KB of script), the booking page (issue 40: TBT
  // <= 150 ms, <= 90 KB) and the signed-in pages (issue 40: performance >= 95, TBT <= 200 ms, <= 120 KB).
  const bookingPath = `/courses/${courses.courses[0]!.slug}/bookdemoclass`;
  const signedIn: SignedIn = await signInVisitors(server.url, dataDir);
  const allPages: Page[] = [
    ...["/", "/courses", `/courses/${courses.courses[0]!.slug}`, "/blog", ...(blogs[0]?.slug ? [`/blog/${blogs[0].slug}`] : []), "/summer-camp", "/enroll"].map(
      (p) => ({ path: p, kind: "content" as const }),
    ),
    { path: bookingPath, kind: "booking" },
    { path: "/account", kind: "signed-in", who: "parent" },
    { path: "/account/invoices", kind: "signed-in", who: "parent" },
    { path: signedIn.rosterPath, kind: "signed-in", who: "instructor" },
    { path: "/admin", kind: "signed-in", who: "staff" },
    { path: "/admin/billing", kind: "signed-in", who: "staff" },
  ];
  const pages: (Page & { lang: "en" | "ar" })[] = SHORT
    ? [
        { path: "/", kind: "content", lang: "en" },
        { path: "/", kind: "content", lang: "ar" },
        { path: "/admin", kind: "signed-in", who: "staff", lang: "en" },
      ]
    : (["en", "ar"] as const).flatMap((lang) => allPages.filter((page) => !only || only.includes(page.path)).map((page) => ({ ...page, lang })));
  const misses: string[] = [];
  const rows: Row[] = [];
  for (const { path: pagePath, kind, who, lang } of pages) {
    const url = server.url + (lang === "ar" ? (pagePath === "/" ? "/ar" : `/ar${pagePath}`) : pagePath);
    // A signed-in page: Lighthouse sends the visitor's session cookie with every request.
    const extraHeaders = who ? { Cookie: signedIn[who] } : undefined;
    // Lighthouse's figures vary from run to run: keep the run with the median performance score.
    const runs = [];
    for (let run = 0; run < runCount; run++) {
      // Lighthouse now and then fails to record a page's trace (NO_NAVSTART: "Please run Lighthouse
      // again", seen once in CI on /admin): such a run measured nothing, so it is run once more.
      for (let attempt = 1; attempt <= 2; attempt++) {
        const { lhr } = (await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          ...waitForQuiet,
          ...(extraHeaders ? { extraHeaders } : {}),
        }))!;
        if (!lhr.runtimeError || attempt === 2) {
          runs.push(lhr);
          break;
        }
      }
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)]!;
    if (who && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      misses.push(`${url}: the ${who} was sent to ${lhr.finalDisplayedUrl} (not signed in?)`);
      process.exitCode = 1;
    }
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
    const row = {
      page: (lang === "ar" ? `/ar${pagePath === "/" ? "" : pagePath}` : pagePath) + (who ? ` (${who})` : ""),
      perf: score("performance"),
      a11y: score("accessibility"),
      "best pr.": score("best-practices"),
      seo: score("seo"),
      "LCP ms": Math.round(audit("largest-contentful-paint")),
      CLS: audit("cumulative-layout-shift").toFixed(3),
      "TBT ms": Math.round(audit("total-blocking-time")),
      "JS KB": Number((jsBytes / 1000).toFixed(1)),
      kind,
      goals: "",
    };
    // Each figure against its page's goal.
    const goal = GOALS[kind];
    const missed = [
      row.perf < goal.perf ? `perf ${row.perf} < ${goal.perf}` : "",
      row["TBT ms"] > goal.tbtMs ? `TBT ${row["TBT ms"]} > ${goal.tbtMs} ms` : "",
      row["JS KB"] > goal.jsKB ? `JS ${row["JS KB"]} > ${goal.jsKB} KB` : "",
    ].filter(Boolean);
    row.goals = missed.length ? `NOT MET: ${missed.join(", ")}` : "met";
    rows.push(row);
  }
  console.table(rows);
  for (const miss of misses) console.log(miss);

  // Issues 27 and 40: the range over each kind of page against its goals.
  const range = (values: number[], digits = 0) =>
    values.length ? `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}` : "not measured";
  const met = (ok: boolean) => (ok ? "met" : "NOT MET");
  console.log(`\nIssues 27 and 40, measured here (median of ${runCount} runs per page, ${rows.length} pages; 5 s network and CPU quiet after load):`);
  const publicRows = rows.filter((row) => row.kind !== "signed-in");
  const summary = (Object.keys(GOALS) as Kind[]).flatMap((kind) => {
    const of = rows.filter((row) => row.kind === kind);
    if (of.length === 0) return [];
    const goal = GOALS[kind];
    return [
      { what: `performance, ${goal.name}`, measured: range(of.map((r) => r.perf)), goal: `>= ${goal.perf}`, "": met(of.every((r) => r.perf >= goal.perf)) },
      {
        what: `total blocking time, ${goal.name}`,
        measured: `${range(of.map((r) => r["TBT ms"]))} ms`,
        goal: `<= ${goal.tbtMs} ms`,
        "": met(of.every((r) => r["TBT ms"] <= goal.tbtMs)),
      },
      {
        what: `script (brotli as sent), ${goal.name}`,
        measured: `${range(
          of.map((r) => r["JS KB"]),
          1,
        )} KB`,
        goal: `<= ${goal.jsKB} KB`,
        "": met(of.every((r) => r["JS KB"] <= goal.jsKB)),
      },
    ];
  });
  console.table([
    ...summary,
    // Signed-in pages say noindex on purpose (Lighthouse's SEO "is-crawlable"): their SEO score is not a goal.
    {
      what: "accessibility, best practices, SEO of public pages (lowest)",
      measured: `${Math.min(...rows.map((r) => r.a11y))}, ${Math.min(...rows.map((r) => r["best pr."]))}, ${Math.min(...publicRows.map((r) => r.seo))}`,
      goal: "100",
      "": met(rows.every((r) => r.a11y === 100 && r["best pr."] === 100) && publicRows.every((r) => r.seo === 100)),
    },
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
  rmSync(dataDir, { recursive: true, force: true });
}
