import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import autocannon from "autocannon";
import { startBenchServer } from "./bench/server-process";

/**
 * npm run bench:http — requests per second and p99 latency of the main routes of the production
 * server (SQLite, seeded), each compared with a minimal Node HTTP server answering the same bytes.
 * Loopback only; each measurement is bounded (DURATION seconds, 10 connections).
 */
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

interface Target {
  name: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
}

async function measure(url: string, target: Target) {
  const result = await autocannon({
    url: url + target.path,
    method: target.method ?? "GET",
    connections: CONNECTIONS,
    duration: DURATION,
    headers: target.body ? { "content-type": "application/json", "accept-encoding": "gzip" } : { "accept-encoding": "gzip" },
    body: target.body,
  });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const server = await startBenchServer(3461);
try {
  const blogs = (await (await fetch(`${server.url}/api/blogs`)).json().catch(() => [])) as { slug?: string }[];
  const postSlug = Array.isArray(blogs) ? blogs[0]?.slug : undefined;
  const targets: Target[] = [
    { name: "home page", path: "/" },
    { name: "/courses", path: "/courses" },
    ...(postSlug ? [{ name: "blog post page", path: `/blog/${postSlug}` }] : []),
    { name: "GET all-courses", path: "/admin/course-dashboard/all-courses" },
    { name: "GET /api/blogs", path: "/api/blogs" },
    { name: "POST /contact-us/form", path: "/contact-us/form", method: "POST", body: JSON.stringify({ email: "bench@example.com", description: "Benchmark message" }) },
  ];

  // The baseline: the same status and bytes, from memory, with no framework at all.
  const canned = new Map<string, { status: number; type: string; body: Buffer }>();
  for (const target of targets) {
    const response = await fetch(server.url + target.path, { method: target.method ?? "GET", body: target.body, headers: target.body ? { "content-type": "application/json" } : {} });
    canned.set(`${target.method ?? "GET"} ${target.path}`, { status: response.status, type: response.headers.get("content-type") ?? "text/plain", body: Buffer.from(await response.arrayBuffer()) });
  }
  const baseline = createServer((req, res) => {
    const hit = canned.get(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(hit?.status ?? 404, { "content-type": hit?.type ?? "text/plain" });
    res.end(hit?.body ?? "");
  });
  await new Promise<void>((resolve) => baseline.listen(0, "127.0.0.1", resolve));
  const baselineUrl = `http://127.0.0.1:${(baseline.address() as AddressInfo).port}`;

  const rows = [];
  for (const target of targets) {
    const app = await measure(server.url, target);
    const raw = await measure(baselineUrl, target);
    rows.push({
      route: target.name,
      "req/s": Math.round(app.rps),
      "p99 ms": app.p99,
      "non-2xx/errors": app.errors,
      "baseline req/s": Math.round(raw.rps),
      "baseline p99 ms": raw.p99,
      "ratio to baseline": (app.rps / raw.rps).toFixed(2),
    });
  }
  baseline.close();
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per measurement, production build on SQLite\n`);
  console.table(rows);
  console.log(`Peak server memory (RSS): ${server.peakRssMiB().toFixed(0)} MiB`);
} finally {
  await server.stop();
}
