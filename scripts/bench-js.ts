import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
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
 * JS_CHUNKS=1 lists each page's chunks. `--short` (CI): the home page in both languages; fails
 * when a page does not load.
 */
const SHORT = process.argv.includes("--short");
const buildDir = process.env.BUILD_DIR ?? "build";
const server = await startBenchServer(3463);
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
  const allPaths = ["/", "/courses", `/courses/${courses.courses[0]!.slug}`, "/summer-camp", "/enroll", "/blog", ...(blogs[0]?.slug ? [`/blog/${blogs[0].slug}`] : [])];
  const paths = SHORT ? ["/"] : (process.env.JS_PATHS?.split(",") ?? allPaths);
  const rows: { page: string; scripts: number; "JS KiB gzip": string; "JS KiB br": string; "HTML KiB gzip": string }[] = [];
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
      rows.push({
        page: url.slice(server.url.length),
        scripts: sizes.length,
        "JS KiB gzip": (sizes.reduce((sum, [, size]) => sum + size, 0) / 1024).toFixed(1),
        "JS KiB br": ([...scripts].reduce((sum, asset) => sum + brotliOf(asset), 0) / 1024).toFixed(1),
        "HTML KiB gzip": (html / 1024).toFixed(1),
      });
      if (process.env.JS_CHUNKS) console.log(`${url.slice(server.url.length)}: ${sizes.map(([asset, size]) => `${asset.replace(/^\/assets\//, "")} ${(size / 1024).toFixed(1)}`).join(", ")}`);
    }
  }
  console.table(rows);
  const largest = Math.max(...rows.map((row) => Number(row["JS KiB gzip"])));
  console.log(`Largest: ${largest.toFixed(1)} KiB (issue 15 goal: <= 120 KB) – ${largest <= 120 ? "met" : "NOT MET"}`);
} finally {
  await browser.close();
  await server.stop();
}
