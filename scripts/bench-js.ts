import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import http from "node:http";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { findChromium } from "./find-chromium";
import { startBenchServer } from "~server/test/server-process";

/**
 * npm run bench:js — the JavaScript each public page makes a browser load (issue 15's budget), as
 * deterministic bytes rather than Lighthouse's noisy scores: every script requested from the HTML
 * until the page is hydrated (or enhanced, decision 055) and the network has been quiet for a second, counted as gzip -9 of
 * the built file (the issue's measure), and the build's brotli copies (what the server sends a
 * browser, so what Lighthouse's transfer sizes show). JS_PATHS=/,/blog limits the pages;
 * JS_CHUNKS=1 lists each page's chunks. BENCH_PORT moves the server off 3463 (a shared machine). `--short` (CI): the home page in both languages; fails
 * when a page does not load.
 */
const SHORT = process.argv.includes("--short");
const buildDir = process.env.BUILD_DIR ?? "build";
const server = await startBenchServer(Number(process.env.BENCH_PORT ?? 3463));
const browser = await chromium.launch({ executablePath: findChromium() });

const gzipBytes = new Map<string, number>();
function gzipOf(asset: string): number {
  let size = gzipBytes.get(asset);
  if (size === undefined) {
    const file = path.join(buildDir, "client", asset);
    size = existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
    gzipBytes.set(asset, size);
  }
  return size;
}

function brotliOf(asset: string): number {
  const file = path.join(buildDir, "client", `${asset}.br`);
  return existsSync(file) ? statSync(file).size : gzipOf(asset);
}

try {
  const courses = (await (await fetch(`${server.url}/admin/course-dashboard/all-courses`)).json()) as { courses: { slug: string }[] };
  const blogs = (await (await fetch(`${server.url}/api/blogs`)).json().catch(() => [])) as { slug?: string }[];
  // Content pages (issue 27: <= 40 KB of JavaScript, <= 15 KB of HTML, brotli as sent), then the
  // booking and sign-in pages (<= 150 KB).
  const allPaths = [
    "/",
    "/courses",
    `/courses/${courses.courses[0]!.slug}`,
    "/summer-camp",
    "/enroll",
    "/blog",
    ...(blogs[0]?.slug ? [`/blog/${blogs[0].slug}`] : []),
    `/courses/${courses.courses[0]!.slug}/bookdemoclass`,
    "/login",
  ];
  const paths = SHORT ? ["/"] : (process.env.JS_PATHS?.split(",") ?? allPaths);
  const rows: { page: string; scripts: number; "JS KiB gzip": string; "JS KiB br": string; "HTML KiB gzip": string; "HTML KiB br": string }[] = [];
  for (const lang of ["en", "ar"] as const) {
    for (const pagePath of paths) {
      const url = server.url + (lang === "ar" ? (pagePath === "/" ? "/ar" : `/ar${pagePath}`) : pagePath);
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
      });
      const response = await page.goto(url, { waitUntil: "networkidle" });
      if (response?.status() !== 200) {
        console.log(`FAILED: ${url} answered ${response?.status()}`);
        process.exitCode = 1;
      }
      // A page without React (decision 055) marks its enhancement script instead.
      await page.waitForSelector("html[data-hydrated], html[data-enhanced]", { state: "attached" });
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(1000);
      await context.close();
      const sizes = [...scripts].map((asset) => [asset, gzipOf(asset)] as const);
      const html = gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
      // fetch() would decode: ask for brotli and count the bytes as they arrive.
      await fetch(url); // the first answer fills the page cache; the second is what visitors get
      const htmlBr = await brotliBytesAsSent(url);
      rows.push({
        page: url.slice(server.url.length),
        scripts: sizes.length,
        "JS KiB gzip": (sizes.reduce((sum, [, size]) => sum + size, 0) / 1024).toFixed(1),
        "JS KiB br": ([...scripts].reduce((sum, asset) => sum + brotliOf(asset), 0) / 1024).toFixed(1),
        "HTML KiB gzip": (html / 1024).toFixed(1),
        "HTML KiB br": (htmlBr / 1024).toFixed(1),
      });
      if (process.env.JS_CHUNKS)
        console.log(
          `${url.slice(server.url.length)}: ${sizes.map(([asset, size]) => `${asset.replace(/^\/assets\//, "")} ${(size / 1024).toFixed(1)}`).join(", ")}`,
        );
    }
  }
  console.table(rows);
  const isApp = (row: (typeof rows)[number]) => row.page.endsWith("/bookdemoclass") || row.page.endsWith("/login");
  const content = rows.filter((row) => !isApp(row));
  const app = rows.filter(isApp);
  const kb = (kib: string) => (Number(kib) * 1024) / 1000; // the issue's goals are in KB
  const range = (values: number[]) => (values.length ? `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)} KB` : "not measured");
  const met = (ok: boolean) => (ok ? "met" : "NOT MET");
  console.log("\nIssue 27 (brotli as sent):");
  console.table([
    {
      what: "JavaScript a content page loads",
      measured: range(content.map((r) => kb(r["JS KiB br"]))),
      goal: "<= 40 KB",
      "": met(content.every((r) => kb(r["JS KiB br"]) <= 40)),
    },
    {
      what: "JavaScript on booking and sign-in pages",
      measured: range(app.map((r) => kb(r["JS KiB br"]))),
      goal: "<= 150 KB",
      "": met(app.every((r) => kb(r["JS KiB br"]) <= 150)),
    },
    {
      what: "HTML of a content page",
      measured: range(content.map((r) => kb(r["HTML KiB br"]))),
      goal: "<= 15 KB",
      "": met(content.every((r) => kb(r["HTML KiB br"]) <= 15)),
    },
  ]);
} finally {
  await browser.close();
  await server.stop();
}

/** The page's HTML as the server sends it to a browser asking for brotli: the compressed byte count. */
function brotliBytesAsSent(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () => resolve(response.headers["content-encoding"] === "br" ? bytes : Number.NaN));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}
